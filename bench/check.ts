// `pnpm bench:check [lines] [runs]`: generates a project of about 50,000 lines (by default) in a
// temporary folder — types with constraints, records, enums, failures, prompts, functions,
// actions with `fails`/`attempt`/outcome matches, and tests with scripted answers — runs the built
// `jadpo check` on it 9 times after one unmeasured run, and prints the median wall time and MB/s end to end.
// Build first: `node packages/cli/build/build-cli.mjs`. `tsx bench/check.ts --generate <dir> [lines]` only writes it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { writeCheckProject } from "./scenarios/check-project.ts";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const jadpo = join(repo, "packages/cli/bin/jadpo.mjs");
const generateOnly = process.argv[2] === "--generate" ? process.argv[3] : null;
const args = generateOnly === null ? process.argv.slice(2) : process.argv.slice(4);
const targetLines = Number(args[0] ?? 50_000);
// Nine runs: this machine's neighbours move single runs by a tenth or more.
const runs = Number(args[1] ?? 9);

// Reports the child's own CPU time (user + system) on stderr when it exits, so a busy machine's
// wall time can be told apart from the work `jadpo check` does.
const CPU_PROBE = `data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu-us "+(u.user+u.system)+"\\n")})`;

function run(root: string): { seconds: number; cpu: number; stdout: string } {
  const started = process.hrtime.bigint();
  // Cold each time: without the cache of checked projects (pnpm bench measures it warm too).
  const env = { ...process.env, JADPO_CACHE: "off" };
  const result = spawnSync(process.execPath, ["--import", CPU_PROBE, jadpo, "check", root], { encoding: "utf8", env, maxBuffer: 64 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`jadpo check exited ${result.status}:\n${(result.stdout + result.stderr).slice(0, 4000)}`);
  const cpu = Number(/cpu-us (\d+)/.exec(result.stderr)?.[1] ?? NaN) / 1e6;
  return { seconds, cpu, stdout: result.stdout.trim() };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (generateOnly !== null) {
  const size = writeCheckProject(generateOnly, targetLines);
  console.log(`${size.files} files, ${size.lines} lines, ${(size.bytes / 1e6).toFixed(2)} MB`);
  process.exit(0);
}

const root = mkdtempSync(join(tmpdir(), "jadpo-bench-check-"));
try {
  const size = writeCheckProject(root, targetLines);
  const first = run(root);
  const results = Array.from({ length: runs }, () => run(root));
  const m = median(results.map((r) => r.seconds));
  const cpu = median(results.map((r) => r.cpu));
  const mb = size.bytes / 1e6;
  console.log(`jadpo check: ${size.files} files, ${size.lines} lines, ${mb.toFixed(2)} MB, ${availableParallelism()} cores, load ${loadavg()[0].toFixed(1)}`);
  console.log(`  output        ${first.stdout.split("\n").at(-1)}`);
  console.log(`  median        ${m.toFixed(3)} s   ${(mb / m).toFixed(2)} MB/s end to end (target ≥ 1.5 MB/s)`);
  const fastest = Math.min(...results.map((r) => r.seconds));
  console.log(`  fastest       ${fastest.toFixed(3)} s   ${(mb / fastest).toFixed(2)} MB/s`);
  console.log(`  median CPU    ${cpu.toFixed(3)} s   ${(mb / cpu).toFixed(2)} MB/s of the process's own CPU time (user + system)`);
  console.log(`  runs          ${results.map((r) => `${r.seconds.toFixed(3)}s/${r.cpu.toFixed(3)}cpu`).join(" ")}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
