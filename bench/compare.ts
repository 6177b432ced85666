// `pnpm bench [runs]`: the side-by-side comparison. Generates the same 2,000 AI-call scenarios
// three ways (Jadpo; vitest + the AI SDK's mock model + zod; `node --test` with a hand-written
// fake), the 50,000-line `jadpo check` project, a 10-test project and 10,000 tests, runs every
// variant once per round, round after round (interleaved, so the machine's drift hits each alike),
// and prints one table of medians and ratios. Build first (`pnpm build`, also run at install).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { interleavedRounds, jadpoBin, median, repo, timeNode, type Timed } from "./scenarios/common.ts";
import { exampleTestCount, writeJadpoProject } from "./scenarios/jadpo.ts";
import { writeToolProject, type ToolScenario } from "./scenarios/tools.ts";
import { writeNodeTestProject, writeVitestProject } from "./scenarios/vitest.ts";
import { writeCheckProject } from "./scenarios/check-project.ts";
import { printTable, type Variant } from "./scenarios/table.ts";

const runs = Number(process.argv[2] ?? 5);
const vitestBin = join(repo, "node_modules/vitest/vitest.mjs");
const top = mkdtempSync(join(tmpdir(), "jadpo-bench-"));
const dir = (name: string) => join(top, name);

const tsx = join(repo, "node_modules/tsx/dist/cli.mjs");
/** bench/rerun.ts's median, in seconds: from an edit to one file until a watch's tests could start. */
function rerunMs(root: string): Timed {
  const run = timeNode([tsx, join(repo, "bench/rerun.ts"), root, "5"], repo);
  const cpu = Number(/cpu median ([\d.]+)/.exec(run.stdout)?.[1]) / 1000;
  return { seconds: Number(/^median ([\d.]+)/m.exec(run.stdout)?.[1]) / 1000, rssMb: NaN, cpu, stdout: run.stdout };
}

/** bench/tool-steps.ts: a scenario's 2,000 tests run in process, as `jadpo test` runs each (seconds); its stdout keeps the steps alone. */
function stepsRun(scenario: "single" | ToolScenario): Timed {
  const run = timeNode([tsx, join(repo, "bench/tool-steps.ts"), scenario, "2000", "5"], repo);
  const [, wall, cpu] = /^run ([\d.]+) cpu ([\d.]+)/m.exec(run.stdout) ?? [];
  return { seconds: Number(wall) / 1000, rssMb: NaN, cpu: Number(cpu) / 1000, stdout: run.stdout };
}

const noCache = (root: string) => rmSync(join(root, ".jadpo"), { recursive: true, force: true });
// The test projects' own tests and recordings count too (the example's beside the 2,000).
const tests2000 = 2000 + exampleTestCount();

try {
  writeJadpoProject(dir("jadpo"), 2000);
  writeVitestProject(dir("vitest"), 2000);
  const nodeFiles = writeNodeTestProject(dir("node"), 2000);
  writeJadpoProject(dir("ten"), 1);
  const check = writeCheckProject(dir("check"));
  writeJadpoProject(dir("big"), 10_000);
  writeToolProject(dir("tools"), "tool-loop", 2000);
  writeCheckProject(dir("rerun"));
  // `jadpo fmt --check` reads and formats every file of a formatted copy (exit 0: nothing to
  // change); `jadpo fmt` rewrites every file of a fresh, unformatted one.
  writeCheckProject(dir("fmt-check"));
  timeNode([jadpoBin, "fmt"], dir("fmt-check"));
  const hasSeeds = spawnSync(process.execPath, [jadpoBin, "test", "--help"], { encoding: "utf8" }).stdout.includes("--seeds");

  const jadpoTest = (root: string, extra: string[] = []) => timeNode([jadpoBin, "test", ...extra], root, { rss: true });
  const variants: Variant[] = [
    { group: "2,000 AI-call tests", name: "jadpo test, cold (no .jadpo/)", tests: tests2000, before: () => noCache(dir("jadpo")), run: () => jadpoTest(dir("jadpo")) },
    { group: "2,000 AI-call tests", name: "jadpo test, second run (.jadpo/ kept)", tests: tests2000, run: () => jadpoTest(dir("jadpo")) },
    { group: "2,000 AI-call tests", name: "vitest --no-isolate", tests: 2000, run: () => timeNode([vitestBin, "run", "--no-isolate"], dir("vitest")) },
    { group: "2,000 AI-call tests", name: "vitest (default)", tests: 2000, run: () => timeNode([vitestBin, "run"], dir("vitest")) },
    { group: "2,000 AI-call tests", name: "node --test, hand-written fake", tests: 2000, run: () => timeNode(["--test", ...nodeFiles], dir("node")) },
    { group: "start-up", name: "node -e 0", run: () => timeNode(["-e", "0"], dir("ten")) },
    { group: "start-up", name: "jadpo test, 10 tests, cold", tests: 10, before: () => noCache(dir("ten")), run: () => timeNode([jadpoBin, "test"], dir("ten")) },
    { group: "check", name: "jadpo check 50,000 lines, cold", bytes: check.bytes, before: () => noCache(dir("check")), run: () => timeNode([jadpoBin, "check"], dir("check"), { rss: true }) },
    { group: "check", name: "jadpo check 50,000 lines, warm", bytes: check.bytes, run: () => timeNode([jadpoBin, "check"], dir("check"), { rss: true }) },
    { group: "watch", name: "watch rerun start, 1 edit, 50,000 lines", run: () => rerunMs(dir("rerun")) },
    { group: "fmt", name: "jadpo fmt --check, 50,000 lines", bytes: check.bytes, run: () => timeNode([jadpoBin, "fmt", "--check"], dir("fmt-check")) },
    { group: "fmt", name: "jadpo fmt, 50,000 lines rewritten", bytes: check.bytes, before: () => writeCheckProject(dir("fmt-write")), run: () => timeNode([jadpoBin, "fmt"], dir("fmt-write")) },
    { group: "memory", name: "jadpo test, 10,000 tests, cold", tests: 10_000 + exampleTestCount(), before: () => noCache(dir("big")), run: () => jadpoTest(dir("big")) },
    // A model that calls a tool 3 times, one call a step, then answers: 4 steps a test.
    { group: "tool loops", name: "jadpo test, 2,000 tool-loop tests, cold", tests: tests2000, before: () => noCache(dir("tools")), run: () => jadpoTest(dir("tools")) },
    { group: "tool loops", name: "run of 2,000 AI-call tests, in process", tests: 2000, run: () => stepsRun("single") },
    { group: "tool loops", name: "run of 2,000 one-step tests, in process", tests: 2000, run: () => stepsRun("one-step") },
    { group: "tool loops", name: "run of 2,000 tool-loop tests, in process", tests: 2000, run: () => stepsRun("tool-loop") },
  ];
  if (hasSeeds) {
    variants.push({
      group: "seeds", name: "jadpo test --seeds 1..100 (2,000), cold", tests: tests2000 * 100,
      before: () => noCache(dir("jadpo")), run: () => jadpoTest(dir("jadpo"), ["--seeds", "1..100"]),
    });
  }
  const { results, loads } = interleavedRounds(variants, runs);
  console.log(`jadpo bench: ${runs} interleaved rounds after one unmeasured, ${availableParallelism()} cores, load average ${loads.map((l) => l.toFixed(2)).join(" → ")}`);
  console.log(`check project: ${check.files} files, ${check.lines} lines, ${(check.bytes / 1e6).toFixed(2)} MB\n`);
  printTable(variants, results, median);
  if (!hasSeeds) console.log("\n--seeds 1..100: not measured (this jadpo has no --seeds flag)");
} finally {
  rmSync(top, { recursive: true, force: true });
}
