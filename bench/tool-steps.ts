// `tsx bench/tool-steps.ts <single|one-step|tool-loop> [tests] [rounds]`: the run time of a
// scenario's generated tests in one process, with the built compiler and runtime, as `jadpo test`
// runs each test (the project checked once; every test compiled when it runs, then run). `single`
// is the 2,000 AI-call scenario (bench/scenarios/jadpo.ts); `one-step` and `tool-loop` the tool
// prompt's (bench/scenarios/tools.ts). Prints, in ms for all the tests, the medians of wall and
// CPU time (this thread's; CPU is what a shared machine's load disturbs least) of `rounds` rounds
// after two unmeasured ones, each test compiled then run (`run`), and the same with every test
// compiled before the clock starts (`loop`: the steps alone). `pnpm bench` reads both.
import "../packages/cli/dist/v8-tuning.mjs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type * as Compiler from "../packages/compiler/src/index.ts";
import type * as Runtime from "../packages/runtime/src/index.ts";
import { nodeHost } from "../packages/cli/src/node-host.ts";
import { median, repo } from "./scenarios/common.ts";
import { writeJadpoProject } from "./scenarios/jadpo.ts";
import { writeToolProject, type ToolScenario } from "./scenarios/tools.ts";

const c = (await import(join(repo, "packages/cli/dist/compiler.mjs"))) as typeof Compiler;
const r = (await import(join(repo, "packages/cli/dist/runtime.mjs"))) as typeof Runtime;

const scenario = process.argv[2] as "single" | ToolScenario;
const count = Number(process.argv[3] ?? 2000);
const rounds = Number(process.argv[4] ?? 7);
if (!["single", "one-step", "tool-loop"].includes(scenario)) throw new Error(`no scenario ${scenario}`);

const root = mkdtempSync(join(tmpdir(), "jadpo-bench-steps-"));
try {
  if (scenario === "single") writeJadpoProject(root, count);
  else writeToolProject(root, scenario, count);
  const checked = c.compileProject(nodeHost, root, {});
  if (!checked.program || checked.diagnostics.length > 0) throw new Error(`${checked.diagnostics.length} diagnostics`);
  const program = checked.program;
  const tests = program.tests.filter((test) => test.file.path.includes("/bench_"));
  if (tests.length !== count) throw new Error(`${tests.length} generated tests, not ${count}`);

  /** One round: every test compiled (unless ahead) and run; wall and CPU ms. */
  const timeRound = (compiled: Runtime.CompiledProgram): { wall: number; cpu: number } => {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (const test of tests) {
      const result = r.runTest(compiled, test, { runSeed: 1 });
      if (result instanceof Promise || result.status !== "passed") throw new Error(`${test.name} didn't pass`);
    }
    const wall = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    return { wall, cpu: (cpu.user + cpu.system) / 1000 };
  };
  const measure = (eager: boolean): string => {
    const compiled = r.compileProgram(program, { eagerTests: eager });
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let round = 0; round < rounds + 2; round++) {
      const { wall, cpu } = timeRound(compiled);
      if (round < 2) continue;
      walls.push(wall);
      cpus.push(cpu);
    }
    return `${median(walls).toFixed(2)} cpu ${median(cpus).toFixed(2)}`;
  };
  // Lazily compiled, a test is compiled on each of its runs (as `jadpo test` compiles it once).
  console.log(`run ${measure(false)}`);
  console.log(`loop ${measure(true)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
