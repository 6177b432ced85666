// `pnpm bench:large [MB] [what]`: the memory of `jadpo check` and `jadpo test` on a large
// project. It copies the support example into a temporary folder and adds MB files of about 1 MB
// each of small functions (`function fN(x: Int) -> Int { var y = x * 2 + k  return y - k }`, k from
// a seeded generator, so the same MB gives the same bytes), plus a test file of asserts on some of
// them; then runs the built CLI under `/usr/bin/time -v` with `JADPO_CACHE=off` and prints wall
// time, CPU time, peak RSS and the exit code of each command. `what` is `check`, `test` or `both` (default).
// `tsx bench/large-project.ts --generate <dir> [MB]` only writes the project.
// Build first: `pnpm build`.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const jadpo = join(repo, "packages/cli/bin/jadpo.mjs");
const FILE_BYTES = 1_000_000;
const SEED = 20261201;

/** A small seeded generator (mulberry32): the project's bytes depend only on its size. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LargeProject {
  files: number;
  functions: number;
  bytes: number;
}

/** Writes the example plus `megabytes` files of functions and one test file into `root`. */
export function writeLargeProject(root: string, megabytes: number): LargeProject {
  cpSync(join(repo, "examples/support"), root, { recursive: true });
  const folder = join(root, "domains/bulk/functions");
  mkdirSync(folder, { recursive: true });
  const next = random(SEED);
  const constants: number[] = [];
  let bytes = 0;
  let n = 0;
  for (let file = 0; file < megabytes; file += 1) {
    const parts: string[] = [];
    let size = 0;
    while (size < FILE_BYTES) {
      const k = Math.floor(next() * 1000);
      constants.push(k);
      const text = `function f${n}(x: Int) -> Int {\n    var y = x * 2 + ${k}\n    return y - ${k}\n}\n\n`;
      parts.push(text);
      size += text.length;
      n += 1;
    }
    writeFileSync(join(folder, `bulk_${file}.jadpo`), parts.join(""));
    bytes += size;
  }
  // One assert per 1,000 functions, spread over the project: each is `2x`.
  const tests: string[] = [];
  for (let i = 0; i < n; i += 1000) {
    const x = Math.floor(next() * 100);
    tests.push(`test "f${i} doubles ${x}" {\n    assert f${i}(${x}) == ${2 * x}\n}\n`);
  }
  const testText = tests.join("\n");
  writeFileSync(join(folder, "bulk.test.jadpo"), testText);
  return { files: megabytes + 1, functions: n, bytes: bytes + testText.length };
}

interface Measured {
  seconds: number;
  /** User + system CPU time: steadier than wall time on a shared machine. */
  cpu: number;
  peakMb: number;
  status: number | null;
  tail: string;
}

function measure(command: "check" | "test", root: string): Measured {
  const env = { ...process.env, JADPO_CACHE: "off" };
  const result = spawnSync("/usr/bin/time", ["-v", process.execPath, jadpo, command, root], { encoding: "utf8", env, maxBuffer: 256 * 1024 * 1024 });
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(result.stderr);
  const seconds = wall === null ? NaN : Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]);
  const cpu = ["User", "System"].reduce((sum, what) => sum + Number(new RegExp(`${what} time \\(seconds\\): ([\\d.]+)`).exec(result.stderr)?.[1] ?? NaN), 0);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr);
  const output = (result.stdout + result.stderr.split("\tCommand being timed")[0]).trim().split("\n");
  return { seconds, cpu, peakMb: rss === null ? NaN : Number(rss[1]) / 1024, status: result.status, tail: output.slice(-3).join("\n    ") };
}

const generateOnly = process.argv[2] === "--generate" ? process.argv[3] : null;
if (generateOnly !== null) {
  const size = writeLargeProject(generateOnly, Number(process.argv[4] ?? 10));
  console.log(`${size.files} files, ${size.functions} functions, ${(size.bytes / 1e6).toFixed(1)} MB`);
  process.exit(0);
}

const megabytes = Number(process.argv[2] ?? 10);
const what = process.argv[3] ?? "both";
const root = mkdtempSync(join(tmpdir(), "jadpo-bench-large-"));
try {
  const size = writeLargeProject(root, megabytes);
  console.log(`large project: ${size.files} files, ${size.functions} functions, ${(size.bytes / 1e6).toFixed(1)} MB, load ${loadavg()[0].toFixed(1)}`);
  for (const command of ["check", "test"] as const) {
    if (what !== "both" && what !== command) continue;
    const m = measure(command, root);
    console.log(`  jadpo ${command}  ${m.seconds.toFixed(2)} s (CPU ${m.cpu.toFixed(2)} s)  peak RSS ${m.peakMb.toFixed(0)} MB  exit ${m.status}\n    ${m.tail}`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
