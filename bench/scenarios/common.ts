// What the bench's scripts share: the repository, how many tests go in a file, and timing a child.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const repo = join(dirname(fileURLToPath(import.meta.url)), "../..");
export const jadpoBin = join(repo, "packages/cli/bin/jadpo.mjs");
export const PER_FILE = 100;

// Reports the child's peak RSS (all its threads) and CPU time on stderr when it exits.
const PROBE = `data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write("\\nbench-probe "+u.maxRSS+" "+(u.userCPUTime+u.systemCPUTime)+"\\n")})`;

export interface Timed {
  seconds: number;
  /** Peak resident set in MB, when the child is node and took the probe. */
  rssMb: number;
  cpu: number;
  stdout: string;
}

/** Runs `node [args]` in `cwd` with the probe; throws when it exits other than `expectCode`. */
export function timeNode(args: string[], cwd: string, expectCode = 0, env: NodeJS.ProcessEnv = process.env): Timed {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ["--import", PROBE, ...args], { cwd, encoding: "utf8", env, maxBuffer: 256 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== expectCode) {
    throw new Error(`node ${args.join(" ")} exited ${run.status}:\n${(run.stdout + run.stderr).slice(-4000)}`);
  }
  const probe = /bench-probe (\d+) (\d+)/.exec(run.stderr);
  return { seconds, rssMb: probe ? Number(probe[1]) / 1024 : NaN, cpu: probe ? Number(probe[2]) / 1e6 : NaN, stdout: run.stdout };
}

/** Times a child without the probe (the probe's own import would be measured). */
export function timePlain(command: string, args: string[], cwd: string): number {
  const started = process.hrtime.bigint();
  const run = spawnSync(command, args, { cwd, encoding: "utf8" });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${run.status}:\n${run.stdout}${run.stderr}`);
  return seconds;
}

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
