// What `jadpo test` does: find the project, compile it, plan, select and shard, run (with worker
// threads when the tests left outweigh their start-up), feeding the reporter's hooks as tests
// finish and at the end, and set the exit code.
import { availableParallelism } from "node:os";
import { diagnostic, sourceLookup, type Diagnostic } from "@jadpo/compiler";
import type { CoverageSite, Helpers, PlannedTest, Pool, RunEvent, RunExtras, Selector, Shard, WorkerInit } from "@jadpo/runtime";
import { listProject, loadRuntime, nowMs, snapshotSources, workerEntry, type Runtime } from "../../toolchain.ts";
import { MAX_SEEDS, parseSeedRange, parseShard } from "../../run-flags.ts";
import type { CliContext } from "../../context.ts";
import type { ColorMode } from "../../terminal.ts";
import { OptionValueError, reportUsage } from "../../usage.ts";
import {
  reporterEvents, reportPassed, runEndText, type RanReport, type ReportContext, type Reporter, type ReporterName, type TestReport,
} from "../../reporters/index.ts";
import { resolveTargets, writeReportFile, type Target } from "./outputs.ts";
import { affectedBy } from "./affected.ts";
import { findProject } from "../../project.ts";
import { timeLimit } from "../../options.ts";
import { nodeHost } from "../../node-host.ts";
import { processParses } from "../../cache/process-parses.ts";
import { loadTestProject, type LoadedProject, type TestLoad } from "./project.ts";
import { argumentPath, resolveSelectors } from "./selectors.ts";
import { watchAndRun, type RunDone } from "./watch.ts";
import { noProgress, progressFor } from "./progress.ts";
import { diskCache } from "../../cache/disk-cache.ts";
import { connectionVariables, keepRun, keptRun, runCache, type RunInputs } from "./replay.ts";

export interface TestOptions {
  seed: number;
  /** `-t`: a text the name contains, or `/regex/flags`. */
  name?: string;
  /** `--bail` alone is true (stop after 1 failure). */
  bail?: number | true;
  reporter?: ReporterName[];
  output?: string[];
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
  /** `--no-cache` makes it false: run the tests even when an identical run passed. */
  cache?: boolean;
  color: ColorMode;
}

/** Fewer selected tests than this never start worker threads. */
const POOL_MIN_TESTS = 64;

/**
 * Worker threads for a run, started by the runner only once the tests left would take longer
 * than a worker's start-up, estimated as this process's own: its start until now (loading the
 * bundle) plus compiling the project.
 */
class LazyPool {
  private pool: Pool | null = null;

  constructor(
    private readonly runtime: Runtime, private readonly load: TestLoad, private readonly workers: number, private readonly seed: number,
    private readonly extras: RunExtras,
  ) {}

  helpers(count: number, startupMs: number): Helpers | undefined {
    const entry = workerEntry();
    if (this.workers <= 1 || count < POOL_MIN_TESTS || !entry) return undefined;
    const init: WorkerInit = { runSeed: this.seed, load: this.load, extras: this.extras };
    return { start: () => (this.pool = this.runtime.startPool(entry, this.workers - 1, init)), startupMs };
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}

/**
 * Writes each target's text of the report: to its file, or (in order) to standard output. `kept`:
 * what a live reporter gave as the tests finished and was not written yet, written first. False
 * when a file can't be written (reported).
 */
function writeReport(context: CliContext, targets: Target[], render: (reporter: Reporter) => string, kept: string[] = []): boolean {
  for (const [i, target] of targets.entries()) {
    const text = render(target.reporter);
    if (target.file === null) {
      context.stdout.write((kept[i] ?? "") + text);
      continue;
    }
    const problem = writeReportFile(context, target.file, (kept[i] ?? "") + text);
    if (problem) {
      reportUsage(context, problem);
      // A full disk is no mistake in the command line: exit 1, not 2.
      if (problem.rule === "cli.disk_full") context.exitCode = 1;
      return false;
    }
  }
  return true;
}

/** Everything a run needs, read from the command line once (a watch reruns it). */
export interface PreparedRun {
  load: TestLoad;
  displayPath: (file: string) => string;
  selectors: Selector[];
  /** `-t`: whether a test's name is selected. */
  nameFilter: ((name: string) => boolean) | null;
  bail: number | undefined;
  shard: Shard | null;
  seed: number;
  /** `--seeds` and `--coverage`. */
  extras: RunExtras;
  /** `--coverage-min`, a percentage. */
  coverageMin: number | null;
  workers: number;
  paths: string[];
  targets: Target[];
  options: TestOptions;
  /** How long this process took to start and load before the command ran. */
  loadMs: number;
}

/** `-t refus` → names containing `refus`; `-t /^a.*d$/i` → names the regex matches; null when the regex is not one. */
function nameFilter(pattern: string): ((name: string) => boolean) | null {
  const regex = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  if (!regex) return (name) => name.includes(pattern);
  try {
    const re = new RegExp(regex[1], regex[2].replace(/[gy]/g, ""));
    return (name) => re.test(name);
  } catch {
    return null;
  }
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
  let filter: PreparedRun["nameFilter"] = null;
  if (options.name !== undefined) {
    filter = nameFilter(options.name);
    if (!filter) {
      reportUsage(context, new OptionValueError("--name", options.name, "a text, or a regular expression between slashes", "/^a refus/").diagnostic);
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
  const resolved = resolveTargets(options.reporter ?? [], options.output ?? [], context, options.color);
  if (!resolved.ok) {
    reportUsage(context, resolved.diagnostic);
    return null;
  }
  const { targets } = resolved;
  const seed = options.seed;

  const lookup = findProject(context.cwd, paths.length > 0 ? argumentPath(paths[0], context.cwd) : undefined);
  if (!lookup.ok) {
    if (lookup.exitCode === 2) {
      reportUsage(context, lookup.diagnostic);
    } else {
      const report: TestReport = { outcome: "stopped", seed, diagnostic: lookup.diagnostic };
      if (writeReport(context, targets, (reporter) => runEndText(reporter, report, { displayPath: (file) => file }))) context.exitCode = 1;
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
  const timeout = timeLimit(options.testTimeout);
  const bail = options.bail === true ? 1 : options.bail;
  return {
    load: { root, cwd: context.cwd, timeout, env: context.env }, displayPath, selectors: selectors.selectors, nameFilter: filter, bail, shard, seed, extras,
    coverageMin: options.coverageMin ?? null, workers, paths, targets, options, loadMs,
  };
}

/**
 * One run: compile, run, report; sets the exit code. A run identical to one that passed (the same
 * files, build, flags and connection variables: replay.ts) shows that run's report, marked as
 * such, unless `--no-cache` or `JADPO_CACHE=off`; a watch always runs. Inside one process (watch), only the files whose
 * bytes changed are parsed again. `changed` (a watch's rerun) keeps only the tests those files
 * affect; a rerun with none prints nothing.
 */
export async function runOnce(prepared: PreparedRun, context: CliContext, changed: string[] | null = null): Promise<RunDone> {
  const { load, seed } = prepared;
  const started = nowMs();
  let pool: LazyPool | null = null;
  const onStdout = prepared.targets.flatMap((target) => (target.file === null ? [target.name] : []));
  // Live text is written at once only by the first reporter on standard output (so the reports
  // keep their order there); any other's is kept and written first at its turn.
  const first = prepared.targets.findIndex((target) => target.file === null);
  const streams = first >= 0 && prepared.targets[first].reporter.onTestDone !== undefined;
  // Its lines show the progress themselves.
  const progress = streams ? noProgress : progressFor(context.stdout, onStdout, started);
  const keptText = prepared.targets.map(() => "");
  const live = prepared.targets.map((_, i) => (streams && i === first ? (text: string) => void context.stdout.write(text) : (text: string) => void (keptText[i] += text)));
  const hooks = prepared.targets.map((target, i) => reporterEvents(target.reporter, { displayPath: prepared.displayPath }, live[i]));
  try {
    // The project's files listed once: the kept run's key comes from their stamps (or their bytes,
    // read then), and a run compiles from what was read.
    const cache = !prepared.options.watch && prepared.options.cache !== false ? diskCache(load.root, context.env) : null;
    const snapshot = cache ? listProject(nodeHost, load.root) : null;
    const inputs = runInputs(prepared);
    const runs = cache && snapshot ? runCache(snapshot, cache, inputs) : null;
    const kept = runs ? keptRun(runs, inputs, context.env) : null;
    let report: TestReport;
    let source: ReportContext["source"];
    // The variables the connection reads, whose values a kept run is kept with (replay.ts).
    let variables: string[] = [];
    if (kept && snapshot) {
      // Shown as its run showed it: each test through the live reporters, then the reports.
      replay(kept, hooks);
      report = kept;
      source = snapshotSources(snapshot);
    } else {
      const runtime = await loadRuntime();
      if (context.ownsProcess === true) runtime.forbidNetwork();
      const helpers = (pool = new LazyPool(runtime, load, prepared.workers, seed, prepared.extras));
      // Parses are kept for a watch's reruns only: a single run compiles once, and the kept parses
      // hold a copy of every file's bytes.
      const parses = prepared.options.watch ? processParses(context.env) : undefined;
      const project = loadTestProject(runtime, load, snapshot?.host ?? nodeHost, parses);
      if (project.compiled.program) variables = connectionVariables(project.compiled.program);
      // A worker's start-up, estimated as ours: loading the bundle, and compiling the project.
      const startupMs = prepared.loadMs + (nowMs() - started);
      const affected = changed === null ? null : affectedBy(project.compiled, changed);
      const onEvent = (event: RunEvent) => {
        progress.onEvent(event);
        for (const hook of hooks) hook(event);
      };
      const ran = await run(runtime, project, prepared, (count) => helpers.helpers(count, startupMs), affected, onEvent);
      if (ran === null) return { ran: 0 };
      report = ran;
      source = sourceLookup(project.compiled.graph);
    }
    progress.stop();
    const reportContext: ReportContext = { displayPath: prepared.displayPath, source, durationMs: nowMs() - started };
    if (!writeReport(context, prepared.targets, (reporter) => runEndText(reporter, report, reportContext), keptText)) return { ran: null };
    if (reportPassed(report)) {
      context.exitCode = 0;
      // Only a run that passed is kept; one shown from the cache is kept already.
      if (!kept && runs && report.outcome === "ran") keepRun(runs, report, variables, context.env);
    } else {
      context.exitCode = 1;
    }
    return { ran: report.outcome === "ran" ? report.results.filter((result) => result.status !== "skipped").length : null };
  } finally {
    progress.stop();
    await pool?.close();
  }
}

/** What decides a run's results, for its key in the cache. */
function runInputs(prepared: PreparedRun): RunInputs {
  const { options, extras } = prepared;
  return {
    seed: prepared.seed, selectors: prepared.selectors, name: options.name ?? null, bail: prepared.bail ?? null, shard: options.shard ?? null,
    timeoutMs: prepared.load.timeout?.ms ?? null, seeds: extras.seeds ?? null, coverage: extras.coverage === true, coverageMin: prepared.coverageMin,
    failOnAlert: options.failOnAlert === true,
  };
}

/** A kept run's events, as its run gave them to the live reporters. */
function replay(report: RanReport, hooks: ((event: RunEvent) => void)[]): void {
  const events: RunEvent[] = [
    { type: "run-start", seed: report.seed, total: report.results.length },
    ...report.results.map((result, index): RunEvent => ({ type: "test-done", index, result })),
    { type: "run-end", alerts: report.alerts },
  ];
  for (const event of events) for (const hook of hooks) hook(event);
}

export async function runTestCommand(paths: string[], options: TestOptions, context: CliContext): Promise<void> {
  const prepared = prepare(paths, options, context, nowMs());
  if (!prepared) return;
  if (!options.watch) {
    await runOnce(prepared, context);
    return;
  }
  const { root, cwd } = prepared.load;
  const outputs = prepared.targets.flatMap((target) => (target.file === null ? [] : [target.file]));
  await watchAndRun({ root, cwd, outputs, displayPath: prepared.displayPath }, context, (changed) => runOnce(prepared, context, changed));
}

/** The report of a run; null when a watch's rerun found no test the change affects. */
async function run(
  runtime: Runtime, project: LoadedProject, prepared: PreparedRun, helpers: (count: number) => Helpers | undefined,
  affected: ((entry: PlannedTest) => boolean) | null, onEvent: (event: RunEvent) => void,
): Promise<TestReport | null> {
  const { seed, paths } = prepared;
  if (!project.tests) return { outcome: "compile_errors", seed, diagnostics: project.errors, omitted: project.compiled.omitted };
  const tests = project.tests;
  const filter = prepared.nameFilter;
  const bySelectors = runtime.selectTests(tests.plan, prepared.selectors);
  const selected = bySelectors.filter((entry) => filter === null || filter(entry.name));
  if (selected.length === 0) {
    const where = [
      paths.length === 0 ? "" : ` in ${paths.map((path) => `\`${path}\``).join(", ")}`,
      prepared.options.name === undefined ? "" : ` named like \`${prepared.options.name}\``,
    ].join("");
    const suggestion = noTestsStep(tests.plan, bySelectors.length > 0 && filter !== null, prepared.selectors, prepared.displayPath);
    return { outcome: "stopped", seed, diagnostic: diagnostic("test.no_tests", null, { where, suggestion }) };
  }
  let entries: PlannedTest[] = runtime.applyShard(selected, prepared.shard);
  if (affected !== null) {
    entries = entries.filter(affected);
    if (entries.length === 0) return null;
  }
  const summary = await runtime.runSelected(tests, entries, {
    runSeed: seed, extras: prepared.extras, pool: null, helpers: helpers(entries.length), onEvent, bail: prepared.bail,
  });
  const report: TestReport = { outcome: "ran", seed, results: summary.results, alerts: summary.alerts, failOnAlert: prepared.options.failOnAlert === true };
  if (summary.seeds) report.seeds = summary.seeds;
  if (summary.coverage) {
    report.coverage = summary.coverage;
    const below = coverageBelow(runtime, summary.coverage, prepared.coverageMin);
    if (below) report.coverageBelow = below;
  }
  return report;
}

/**
 * What to do about a run with no tests, for what was given: a name filter that matched none of
 * the selected tests, a `file:line` that no test covers, or (by default) where tests go.
 */
function noTestsStep(plan: PlannedTest[], filtered: boolean, selectors: Selector[], displayPath: (file: string) => string): string {
  if (filtered) return "No selected test's name matches: `-t` keeps names containing the text, or matching a `/regex/flags`; `--reporter verbose` lists every name";
  for (const selector of selectors) {
    if (selector.line === null) continue;
    const starts = plan.filter((entry) => entry.file === selector.path && entry.kind === "test").map((entry) => entry.line);
    if (starts.length > 0) return `Line ${selector.line} of \`${displayPath(selector.path)}\` is in no test: its tests start on lines ${starts.join(", ")}`;
  }
  return "Write a `test` in a `*.jadpotest` or `*.test.jadpo` file, or check the path";
}

/** `test.coverage_below` when the outcomes reached are fewer than `--coverage-min` asks (none of none is 100%). */
function coverageBelow(runtime: Runtime, sites: CoverageSite[], min: number | null): Diagnostic | null {
  if (min === null) return null;
  const { reached, total } = runtime.coverageTotals(sites);
  if (reached * 100 >= min * total) return null;
  return diagnostic("test.coverage_below", null, { reached, total, percent: percentBelow(reached, total, min), min });
}

/**
 * `reached/total` as a percentage, rounded down to two decimals or to as many as `min` has
 * (15 of 22 is 68.18): never shown as `min` or more when it is below it.
 */
export function percentBelow(reached: number, total: number, min: number): string {
  const decimals = Math.max(2, (String(min).split(".")[1] ?? "").length);
  const scale = 10 ** decimals;
  // Integer arithmetic first, so 15/22 floors to 6818 exactly rather than through a float.
  const scaled = Math.floor((reached * 100 * scale) / total);
  return String(scaled / scale);
}
