// `tsx bench/test.ts [tests] [runs]`: generates a project of 2,000 AI-call tests (by default),
// runs the built `jadpo test` on it 5 times, and prints the median wall time and tests/second,
// beside the start-up floor (`node -e 0`, `jadpo --version`), then a seed sweep (`--seeds 1..100`:
// every test 100 times) 3 times, its tests/second counting each test under each seed. Build first: `node packages/cli/build/build-cli.mjs`.
// `tsx bench/test.ts --generate <dir> [tests]` only writes the project (for profiling).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { writeJadpoProject } from "./scenarios/jadpo.ts";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const jadpo = join(repo, "packages/cli/bin/jadpo.mjs");
const generateOnly = process.argv[2] === "--generate" ? process.argv[3] : null;
const args = generateOnly === null ? process.argv.slice(2) : process.argv.slice(4);
const testCount = Number(args[0] ?? 2000);
const runs = Number(args[1] ?? 5);
function seconds(command: string, args: string[], cwd: string): number {
  const started = process.hrtime.bigint();
  // Without the cache of checked projects: every run compiles and runs (docs/cli.md, "The cache").
  const run = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, JADPO_CACHE: "off" } });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${run.status}:\n${run.stdout}${run.stderr}`);
  return elapsed;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (generateOnly !== null) {
  writeJadpoProject(generateOnly, testCount);
  process.exit(0);
}

const root = mkdtempSync(join(tmpdir(), "jadpo-bench-test-"));
try {
  writeJadpoProject(root, testCount);
  const last = execFileSync(process.execPath, [jadpo, "test"], { cwd: root, encoding: "utf8" }).trimEnd().split("\n").at(-1);
  const times = Array.from({ length: runs }, () => seconds(process.execPath, [jadpo, "test"], root));
  const one = Array.from({ length: runs }, () => seconds(process.execPath, [jadpo, "test", "--workers", "1"], root));
  const node = median(Array.from({ length: runs }, () => seconds(process.execPath, ["-e", "0"], root)));
  const version = median(Array.from({ length: runs }, () => seconds(process.execPath, [jadpo, "--version"], root)));
  const sweepRuns = Math.min(runs, 3);
  const sweep = Array.from({ length: sweepRuns }, () => seconds(process.execPath, [jadpo, "test", "--seeds", "1..100"], root));
  const total = Number(/(\d+) passed/.exec(last ?? "")?.[1] ?? testCount); // the example's own tests and recordings too
  const m = median(times);
  const m1 = median(one);
  console.log(`jadpo test: ${total} tests (${testCount} generated AI-call tests + the example's), ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)}`);
  console.log(`  last line            ${last}`);
  console.log(`  default workers      median ${m.toFixed(3)} s  (${Math.round(total / m)} tests/s)  runs ${times.map((t) => t.toFixed(3)).join(" ")}`);
  console.log(`  --workers 1          median ${m1.toFixed(3)} s  (${Math.round(total / m1)} tests/s)  runs ${one.map((t) => t.toFixed(3)).join(" ")}`);
  const ms = median(sweep);
  console.log(`  --seeds 1..100       median ${ms.toFixed(3)} s  (${Math.round((total * 100) / ms)} tests/s, each test under each seed)  runs ${sweep.map((t) => t.toFixed(3)).join(" ")}`);
  console.log(`  node -e 0            median ${node.toFixed(3)} s`);
  console.log(`  jadpo --version      median ${version.toFixed(3)} s  (${(version / node).toFixed(2)}× node -e 0)`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
