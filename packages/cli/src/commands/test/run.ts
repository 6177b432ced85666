// What `jadpo test` does: find the project, compile it, plan, select and shard, run (with worker
// threads when the tests left outweigh their start-up), feeding the reporter's hooks as tests
// finish and at the end, and set the exit code.
import { existsSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { diagnostic, noPaint, sourceLookup, type Diagnostic } from "@jadpo/compiler";
import {
  applyShard, coverageTotals, forbidNetwork, MAX_SEEDS, parseSeedRange, parseShard, runSelected, selectTests, startPool,
  type CoverageSite, type Helpers, type PlannedTest, type Pool, type RunExtras, type Selector, type Shard, type WorkerInit,
} from "@jadpo/runtime";
import type { CliContext } from "../../context.ts";
import { terminalFor, type ColorMode } from "../../terminal.ts";
import { OptionValueError, reportUsage } from "../../usage.ts";
import {
  makeReporter, reporterEvents, reportPassed, runEndText, type ReportContext, type Reporter, type ReporterName, type TestReport,
} from "../../reporters/index.ts";
import { findProject } from "../../project.ts";
import { durationMs } from "../../options.ts";
import { nodeHost } from "../../node-host.ts";
import { processParses } from "../../cache/process-parses.ts";
import { loadTestProject, type LoadedProject, type TestLoad } from "./project.ts";
import { argumentPath, resolveSelectors } from "./selectors.ts";
import { watchAndRun } from "./watch.ts";

export interface TestOptions {
  seed: number;
  reporter?: ReporterName;
  output?: string;
  shard?: string;
  workers?: number;
  watch?: boolean;
  /** `10s` (validated by the flag's parser). */
  testTimeout: string;
  /** Alerts fail the run (exit 1): CI that wants fresh recordings. */
  failOnAlert?: boolean;
  /** `--seeds A..B`, checked by `prepare`. */
  seeds?: string;
  coverage?: boolean;
  coverageMin?: number;
  color: ColorMode;
}

/** Fewer selected tests than this never start worker threads. */
const POOL_MIN_TESTS = 64;

/**
 * The bundled worker beside the running bundle (this module may be a lazily loaded chunk in
 * `dist/chunks/`, one folder below it); null when running unbundled (tests under vitest).
 */
function workerEntry(): URL | null {
  for (const relative of ["./worker.mjs", "../worker.mjs"]) {
    const url = new URL(relative, import.meta.url);
    if (url.protocol === "file:" && existsSync(fileURLToPath(url))) return url;
  }
  return null;
}

/**
 * Worker threads for a run, started by the runner only once the tests left would take longer
 * than a worker's start-up, estimated as this process's own: its start until now (loading the
 * bundle) plus compiling the project.
 */
class LazyPool {
  private pool: Pool | null = null;

  constructor(private readonly load: TestLoad, private readonly workers: number, private readonly seed: number, private readonly extras: RunExtras) {}

  helpers(count: number, startupMs: number): Helpers | undefined {
    const entry = workerEntry();
    if (this.workers <= 1 || count < POOL_MIN_TESTS || !entry) return undefined;
    const init: WorkerInit = { runSeed: this.seed, load: this.load, extras: this.extras };
    return { start: () => (this.pool = startPool(entry, this.workers - 1, init)), startupMs };
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}

function write(context: CliContext, options: TestOptions, text: string): boolean {
  if (options.output === undefined) {
    context.stdout.write(text);
    return true;
  }
  try {
    writeFileSync(isAbsolute(options.output) ? options.output : resolve(context.cwd, options.output), text);
    return true;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    reportUsage(context, diagnostic("cli.output_unwritable", null, { path: options.output, why }));
    return false;
  }
}

/** Everything a run needs, read from the command line once (a watch reruns it). */
export interface PreparedRun {
  load: TestLoad;
  displayPath: (file: string) => string;
  selectors: Selector[];
  shard: Shard | null;
  seed: number;
  /** `--seeds` and `--coverage`. */
  extras: RunExtras;
  /** `--coverage-min`, a percentage. */
  coverageMin: number | null;
  workers: number;
  paths: string[];
  reporter: Reporter;
  options: TestOptions;
  /** How long this process took to start and load before the command ran. */
  loadMs: number;
}

/** Reads the command line; null when it was a usage error or no project (already reported). */
function prepare(paths: string[], options: TestOptions, context: CliContext, loadMs: number): PreparedRun | null {
  let shard: Shard | null = null;
  if (options.shard !== undefined) {
    shard = parseShard(options.shard);
    if (!shard) {
      reportUsage(context, new OptionValueError("--shard", options.shard, "i/n with 1 ≤ i ≤ n", "1/3").diagnostic);
      return null;
    }
  }
  const extras: RunExtras = { coverage: options.coverage === true || options.coverageMin !== undefined };
  if (options.seeds !== undefined) {
    extras.seeds = parseSeedRange(options.seeds);
    if (!extras.seeds) {
      const takes = `A..B, whole numbers with A ≤ B, at most ${MAX_SEEDS.toLocaleString("en-US")} seeds`;
      reportUsage(context, new OptionValueError("--seeds", options.seeds, takes, "1..100").diagnostic);
      return null;
    }
  }
  // A report written to a file is never coloured or wrapped.
  const terminal = options.output === undefined ? terminalFor(context.stdout, context.env, options.color) : null;
  const reporterName: ReporterName = options.reporter ?? (terminal?.isTTY ? "pretty" : "plain");
  const reporter = makeReporter(reporterName, { paint: terminal?.paint ?? noPaint, width: terminal?.width ?? null });
  const seed = options.seed;

  const lookup = findProject(context.cwd, paths.length > 0 ? argumentPath(paths[0], context.cwd) : undefined);
  if (!lookup.ok) {
    if (lookup.exitCode === 2) {
      reportUsage(context, lookup.diagnostic);
    } else {
      const report: TestReport = { outcome: "stopped", seed, diagnostic: lookup.diagnostic };
      if (write(context, options, runEndText(reporter, report, { displayPath: (file) => file }))) context.exitCode = 1;
    }
    return null;
  }
  const { root, displayPath } = lookup.project;
  const selectors = resolveSelectors(paths, context.cwd, root);
  if (!selectors.ok) {
    reportUsage(context, selectors.diagnostic);
    return null;
  }
  const workers = options.workers ?? availableParallelism();
  const timeout = { ms: durationMs(options.testTimeout) ?? 10_000, text: options.testTimeout };
  return {
    load: { root, cwd: context.cwd, timeout }, displayPath, selectors: selectors.selectors, shard, seed, extras, coverageMin: options.coverageMin ?? null,
    workers, paths, reporter, options, loadMs,
  };
}

/**
 * One run: compile, run, report; sets the exit code. Every run runs its tests: a report is never
 * replayed from an earlier run (a time limit or a changed machine can change what a run reports).
 * Inside one process (watch), only the files whose bytes changed are parsed again.
 */
export async function runOnce(prepared: PreparedRun, context: CliContext): Promise<void> {
  const { load, seed } = prepared;
  const compileStarted = performance.now();
  const pool = new LazyPool(load, prepared.workers, seed, prepared.extras);
  try {
    const project = loadTestProject(load, nodeHost, processParses(context.env));
    // A worker's start-up, estimated as ours: loading the bundle, and compiling the project.
    const startupMs = prepared.loadMs + (performance.now() - compileStarted);
    const reportContext: ReportContext = { displayPath: prepared.displayPath, source: sourceLookup(project.compiled.graph) };
    const report = await run(project, prepared, (count) => pool.helpers(count, startupMs));
    if (!write(context, prepared.options, runEndText(prepared.reporter, report, reportContext))) return;
    context.exitCode = reportPassed(report) ? 0 : 1;
  } finally {
    await pool.close();
  }
}

export async function runTestCommand(paths: string[], options: TestOptions, context: CliContext): Promise<void> {
  forbidNetwork();
  const prepared = prepare(paths, options, context, performance.now());
  if (!prepared) return;
  if (!options.watch) return runOnce(prepared, context);
  const { root, cwd } = prepared.load;
  await watchAndRun({ root, cwd, output: options.output }, context, () => runOnce(prepared, context));
}

async function run(project: LoadedProject, prepared: PreparedRun, helpers: (count: number) => Helpers | undefined): Promise<TestReport> {
  const { seed, paths } = prepared;
  if (!project.tests) return { outcome: "compile_errors", seed, diagnostics: project.errors };
  const tests = project.tests;
  const selected = selectTests(tests.plan, prepared.selectors);
  if (selected.length === 0) {
    const where = paths.length === 0 ? "" : ` in ${paths.map((path) => `\`${path}\``).join(", ")}`;
    return { outcome: "stopped", seed, diagnostic: diagnostic("test.no_tests", null, { where }) };
  }
  const entries: PlannedTest[] = applyShard(selected, prepared.shard);
  const onEvent = reporterEvents(prepared.reporter);
  const summary = await runSelected(tests, entries, { runSeed: seed, extras: prepared.extras, pool: null, helpers: helpers(entries.length), onEvent });
  const report: TestReport = { outcome: "ran", seed, results: summary.results, alerts: summary.alerts, failOnAlert: prepared.options.failOnAlert === true };
  if (summary.seeds) report.seeds = summary.seeds;
  if (summary.coverage) {
    report.coverage = summary.coverage;
    const below = coverageBelow(summary.coverage, prepared.coverageMin);
    if (below) report.coverageBelow = below;
  }
  return report;
}

/** `test.coverage_below` when the outcomes reached are fewer than `--coverage-min` asks (none of none is 100%). */
function coverageBelow(sites: CoverageSite[], min: number | null): Diagnostic | null {
  if (min === null) return null;
  const { reached, total } = coverageTotals(sites);
  if (reached * 100 >= min * total) return null;
  const percent = Math.floor((reached * 1000) / total) / 10;
  return diagnostic("test.coverage_below", null, { reached, total, percent, min });
}
