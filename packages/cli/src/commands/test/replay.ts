// A passed run kept in the project's cache (docs/cli.md, "The cache"): `jadpo test` run again
// with the same files, the same build and the same flags that decide results shows that run's
// report instead of running it again. Tests are deterministic and can't reach anything outside
// the project (no network, a fake clock, every AI call answered by the fake from the project's
// own files), so the same inputs give the same results; only a run that passed is kept, so a
// failure is always seen from a fresh run.
import type { ModuleCache, ProjectSnapshot } from "@jadpo/compiler";
import { isObject, projectKey, readProjectEntry, writeProjectEntry, type ProjectKey } from "@jadpo/compiler/startup";
import type { ResultKind, TestResult } from "@jadpo/runtime";
import type { RanReport } from "../../reporters/index.ts";
import type { SeedRange, Selector } from "@jadpo/runtime/run-options";

/**
 * What is kept of a passed run. Every test passed, so each is its name, kind, file (an index
 * into `files`), line, seed and duration: a third of the size of the results themselves, for a
 * write on every passing run and a read on every rerun.
 */
interface KeptRun {
  files: string[];
  tests: [name: string, kind: string, file: number, line: number, seed: number, durationMs: number][];
  alerts: RanReport["alerts"];
  coverage?: RanReport["coverage"];
}

/**
 * Everything that decides what a run reports, beside the project's files: the seed, the
 * selection, the limits, the extras. Not the reporters, outputs, colour or worker count, which
 * change how a report is shown, not its results.
 */
export interface RunInputs {
  seed: number;
  selectors: Selector[];
  /** `-t`, as written. */
  name: string | null;
  bail: number | null;
  shard: string | null;
  timeoutMs: number | null;
  seeds: SeedRange | null;
  coverage: boolean;
  coverageMin: number | null;
  failOnAlert: boolean;
}

export function runKey(snapshot: ProjectSnapshot, cache: ModuleCache, inputs: RunInputs): ProjectKey {
  return projectKey(snapshot, cache, JSON.stringify(["test run 1", inputs]), Date.now());
}

/**
 * An entry's shape, checked before it is shown (the key names the build that wrote it, so a
 * well-formed entry is that build's; this keeps a damaged one a miss, not a crash).
 */
function isKeptRun(value: unknown): value is KeptRun {
  if (!isObject(value) || !Array.isArray(value.files) || !Array.isArray(value.tests) || !Array.isArray(value.alerts)) return false;
  if (value.coverage !== undefined && !Array.isArray(value.coverage)) return false;
  const files = value.files.length;
  return (
    value.files.every((file) => typeof file === "string") &&
    value.tests.every((t) =>
      Array.isArray(t) && t.length === 6 && typeof t[0] === "string" && typeof t[1] === "string" && Number.isInteger(t[2]) && t[2] >= 0 && t[2] < files &&
      typeof t[3] === "number" && typeof t[4] === "number" && typeof t[5] === "number",
    ) &&
    value.alerts.every((a) => isObject(a) && typeof a.kind === "string" && typeof a.file === "string")
  );
}

/** The kept report of an identical passed run, made from the files as they are, marked `cached`; null when there is none. */
export function keptRun(cache: ModuleCache, key: ProjectKey, inputs: RunInputs): RanReport | null {
  const kept = readProjectEntry(cache, key, isKeptRun);
  if (!kept) return null;
  const results: TestResult[] = kept.tests.map(([name, kind, file, line, seed, durationMs]) => ({
    name, kind: kind as ResultKind, file: kept.files[file], line, status: "passed", seed, duration_ms: durationMs, diagnostics: [],
  }));
  const report: RanReport = { outcome: "ran", seed: inputs.seed, results, alerts: kept.alerts, cached: true };
  // `--fail-on-alert` and `--seeds` are part of the key: the kept run had these same ones.
  if (inputs.failOnAlert) report.failOnAlert = true;
  if (inputs.seeds) report.seeds = inputs.seeds;
  if (kept.coverage) report.coverage = kept.coverage;
  return report;
}

/** Keeps `report` when every test passed (callers check that the run passed); nothing else is ever kept. */
export function keepRun(cache: ModuleCache, key: ProjectKey, report: RanReport): void {
  const files: string[] = [];
  const fileIndex = new Map<string, number>();
  const tests: KeptRun["tests"] = [];
  for (const r of report.results) {
    if (r.status !== "passed" || r.diagnostics.length > 0 || r.runSeed !== undefined) return;
    let file = fileIndex.get(r.file);
    if (file === undefined) fileIndex.set(r.file, (file = files.push(r.file) - 1));
    tests.push([r.name, r.kind, file, r.line, r.seed, r.duration_ms]);
  }
  const kept: KeptRun = { files, tests, alerts: report.alerts };
  if (report.coverage) kept.coverage = report.coverage;
  writeProjectEntry(cache, key, kept);
}
