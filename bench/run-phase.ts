// The part of a `jadpo test` after the compiler: loading the tests, running them on this thread,
// and rendering the json and plain reports, timed in a fresh process each round, with the garbage
// collector's time in that part and the CPU time of it all (every thread). This file is bundled with esbuild as the CLI is (tsx's loader
// makes the runtime several times slower) and run by node with the CLI's V8 flags. For comparing
// changes to the runtime's closures, the fake and the reporters; the built CLI is what
// `bench/test.ts` and `pnpm bench` time.
//
//   npx tsx bench/run-phase.ts [project dir] [rounds] [--seeds A..B] [--coverage] [--split]
//
// `--split` times compiling every test apart from running them (no reports). `project` is the
// compiler's time before all that (wall).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};
const positional = args.filter((a, i) => !a.startsWith("--") && !(i > 0 && args[i - 1] === "--seeds"));

async function once(dir: string): Promise<void> {
  // jadpo's V8 flags, set as the built CLI sets them (the import is for that effect).
  await import("../packages/cli/build/v8-tuning.ts");
  const { compileProject, noPaint } = await import("../packages/compiler/src/index.ts");
  const { compileProgram, loadTests, runSelected, runTest } = await import("../packages/runtime/src/index.ts");
  const { parseSeedRange } = await import("../packages/cli/src/run-flags.ts");
  const { nodeHost } = await import("../packages/cli/src/node-host.ts");
  const { reporters } = await import("../packages/cli/src/reporters/index.ts");
  const k0 = performance.now();
  const compiled = compileProject(nodeHost, dir);
  const project = performance.now() - k0;
  if (!compiled.program) throw new Error("compile errors");
  let gcMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  });
  const extras: { coverage: boolean; seeds?: ReturnType<typeof parseSeedRange> } = { coverage: args.includes("--coverage") };
  const seeds = flag("--seeds");
  if (seeds) extras.seeds = parseSeedRange(seeds);
  // Let the compiler's collections finish before timing.
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.observe({ entryTypes: ["gc"] });
  if (args.includes("--split")) {
    // Compiling every test, then running each once from its compiled form.
    const c0 = process.cpuUsage();
    const s0 = performance.now();
    const program = compileProgram(compiled.program, { eagerTests: true });
    const s1 = performance.now();
    const readFile = (path: string) => nodeHost.readFile(`${dir}/${path}`);
    for (const test of compiled.program.tests) await runTest(program, test, { runSeed: 1, readFile });
    const s2 = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    observer.disconnect();
    const cpu = process.cpuUsage(c0);
    process.stdout.write(`${JSON.stringify({ compile: s1 - s0, run: s2 - s1, gc: gcMs, cpu: (cpu.user + cpu.system) / 1000 })}\n`);
    return;
  }
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const tests = loadTests(compiled.program, { readFile: (path) => nodeHost.readFile(`${dir}/${path}`) });
  const t1 = performance.now();
  const summary = await runSelected(tests, tests.plan, { runSeed: 1, extras, pool: null });
  const t2 = performance.now();
  const report = { outcome: "ran" as const, seed: 1, results: summary.results, alerts: summary.alerts, coverage: summary.coverage, seeds: summary.seeds };
  const context = { displayPath: (f: string) => f };
  const json = reporters.json().onRunEnd!(report, context);
  const plain = reporters.plain({ paint: noPaint, width: null }).onRunEnd!(report, context);
  const t3 = performance.now();
  const cpu = process.cpuUsage(c0);
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  process.stdout.write(`${JSON.stringify({ project, load: t1 - t0, run: t2 - t1, report: t3 - t2, gc: gcMs, cpu: (cpu.user + cpu.system) / 1000, bytes: json.length + plain.length })}\n`);
}

if (process.env.RUN_PHASE_CHILD) {
  await once(positional[0]);
} else {
  const { build } = await import("esbuild");
  const dir = positional[0] ?? "/tmp/rs-2k";
  const rounds = Number(positional[1] ?? 9);
  const out = mkdtempSync(join(tmpdir(), "run-phase-"));
  const bundle = join(out, "run-phase.mjs");
  await build({
    entryPoints: [fileURLToPath(import.meta.url)], outfile: bundle, bundle: true, platform: "node", format: "esm", target: "node20",
    external: ["esbuild"], logLevel: "warning",
    banner: { js: "import { createRequire as __phaseRequire } from 'node:module'; const require = __phaseRequire(import.meta.url);" },
  });
  const rows: Record<string, number>[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const r = spawnSync(process.execPath, [bundle, ...args], { env: { ...process.env, RUN_PHASE_CHILD: "1" }, encoding: "utf8" });
      if (r.status !== 0) throw new Error(r.stderr);
      rows.push(JSON.parse(r.stdout.trim().split("\n").pop()!));
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  const median = (k: string): number => rows.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
  const keys = args.includes("--split") ? ["compile", "run", "gc", "cpu"] : ["project", "load", "run", "report", "gc", "cpu"];
  console.log(keys.map((k) => `${k} ${median(k).toFixed(1)} ms`).join("  "), ` (median of ${rounds}, ${dir} ${args.slice(1).join(" ")})`);
}
