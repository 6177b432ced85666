// What the bench's scripts share: the repository, how many tests go in a file, and timing a child.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const repo = join(dirname(fileURLToPath(import.meta.url)), "../..");
export const jadpoBin = join(repo, "packages/cli/bin/jadpo.mjs");
export const PER_FILE = 100;

// Reports the child's peak RSS (all its threads) on stderr when it exits. Only where RSS is
// wanted: the probe's own import starts Node's ES module loader, which `node -e 0` never does.
const PROBE = `data:text/javascript,process.on("exit",()=>{process.stderr.write("\\nbench-probe "+process.resourceUsage().maxRSS+"\\n")})`;

/**
 * CPU seconds (user + system) of this process's waited-for children and theirs, from
 * /proc/self/stat (Linux): a spawnSync's delta is all the CPU its command used, in every process
 * and thread it started — vitest's forks included. In ticks of 10 ms.
 */
function childrenCpu(): number {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").replace(/^.*\) /s, "").split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime, cstime (fields 16, 17 of stat)
  } catch {
    return NaN;
  }
}

export interface Timed {
  seconds: number;
  /** Peak resident set in MB, when asked for (the probe); NaN otherwise. */
  rssMb: number;
  /** CPU seconds of the command and everything it started. */
  cpu: number;
  stdout: string;
}

/** Runs `node [args]` in `cwd`; throws when it exits other than 0. `rss` adds the probe. */
export function timeNode(args: string[], cwd: string, options: { rss?: boolean; env?: NodeJS.ProcessEnv } = {}): Timed {
  const cpuBefore = childrenCpu();
  const started = process.hrtime.bigint();
  const argv = options.rss ? ["--import", PROBE, ...args] : args;
  const run = spawnSync(process.execPath, argv, { cwd, encoding: "utf8", env: options.env ?? process.env, maxBuffer: 256 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = childrenCpu() - cpuBefore;
  if (run.status !== 0) {
    throw new Error(`node ${args.join(" ")} exited ${run.status}:\n${(run.stdout + run.stderr).slice(-4000)}`);
  }
  const probe = /bench-probe (\d+)/.exec(run.stderr);
  return { seconds, rssMb: probe ? Number(probe[1]) / 1024 : NaN, cpu, stdout: run.stdout };
}

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A thing a bench times: `before` runs unmeasured ahead of each run (e.g. removing a cache). */
export interface Timeable {
  before?: () => void;
  run: () => Timed;
}

/**
 * One unmeasured round (files into the page cache, caches written), then `runs` rounds, each
 * running every row in turn, so a change in the machine's load falls on all rows alike. Returns
 * each row's timings and the load average before the first round and after each.
 */
export function interleavedRounds<R extends Timeable>(rows: R[], runs: number): { results: Map<R, Timed[]>; loads: number[] } {
  const loads = [loadavg()[0]];
  for (const row of rows) { row.before?.(); row.run(); }
  const results = new Map<R, Timed[]>(rows.map((row) => [row, []]));
  for (let round = 0; round < runs; round++) {
    for (const row of rows) {
      row.before?.();
      results.get(row)!.push(row.run());
    }
    loads.push(loadavg()[0]);
    process.stderr.write(`round ${round + 1}/${runs} done, load ${loadavg()[0].toFixed(2)}\n`);
  }
  return { results, loads };
}
