// A passed run kept in the project's cache (docs/cli.md, "The cache"): `jadpo test` run again
// with the same files, the same build, the same flags that decide results and the same values of
// the variables the connection reads shows that run's report instead of running it again. Tests
// are deterministic and can't reach anything outside the project (no network, a fake clock,
// every AI call answered by the fake from the project's own files) but those variables (the
// model named by `env(...)` decides the model-drift alerts), so the same inputs give the same
// results; only a run that passed is kept, so a failure is always seen from a fresh run.
import type { CheckedProgram, ConfigText, ModuleCache, ProjectSnapshot } from "@jadpo/compiler";
import { isObject, projectKey, readProjectEntry, writeProjectEntry, type ProjectKey } from "../../toolchain.ts";
import type { ResultKind, TestResult } from "@jadpo/runtime";
import type { RanReport } from "../../reporters/index.ts";
import type { SeedRange, Selector } from "@jadpo/runtime";

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

/**
 * What is kept under a key (the files and the flags): the variables the connection reads, which
 * the files decide, and the latest passed runs, newest first, each with the digest of those
 * variables' values it ran with (never the values: one may be a key).
 */
interface KeptRuns {
  variables: string[];
  runs: [values: string, run: KeptRun][];
}

/** Runs kept side by side under one key: a CI whose jobs set the model each way replays each. */
const KEEP_VALUES = 4;

/** The cache's entry for this project and these flags, read once (a miss then keeps its run beside the others). */
export interface RunCache {
  cache: ModuleCache;
  key: ProjectKey;
  kept: KeptRuns | null;
}

export function runCache(snapshot: ProjectSnapshot, cache: ModuleCache, inputs: RunInputs): RunCache {
  const key = projectKey(snapshot, cache, JSON.stringify(["test run 2", inputs]), Date.now());
  return { cache, key, kept: readProjectEntry(cache, key, isKeptRuns) };
}

type Env = Readonly<Record<string, string | undefined>>;

/** Every variable the project's connection reads with `env(...)` (its base URL, model, key…), in its order. */
export function connectionVariables(program: CheckedProgram): string[] {
  const isEnv = (value: unknown): value is Extract<ConfigText, { kind: "env" }> => isObject(value) && value.kind === "env" && typeof value.name === "string";
  const names = Object.values(program.connection ?? {}).filter(isEnv).map((text) => text.name);
  return [...new Set(names)];
}

/** The digest of the variables' values now, each set (to what) or not. */
function valuesDigest(cache: ModuleCache, variables: string[], env: Env): string {
  const parts = variables.map((name) => {
    const value = env[name];
    return value === undefined ? `${name}\0unset\0` : `${name}\0set ${value.length}\0${value}\0`;
  });
  return cache.digest(["jadpo run variables 1\n", ...parts]);
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

const isKeptRuns = (value: unknown): value is KeptRuns =>
  isObject(value) && Array.isArray(value.variables) && value.variables.every((name) => typeof name === "string") &&
  Array.isArray(value.runs) && value.runs.every((r) => Array.isArray(r) && r.length === 2 && typeof r[0] === "string" && isKeptRun(r[1]));

/** The kept report of an identical passed run, with the variables' values as they are now, marked `cached`; null when there is none. */
export function keptRun(runs: RunCache, inputs: RunInputs, env: Env): RanReport | null {
  if (!runs.kept) return null;
  const values = valuesDigest(runs.cache, runs.kept.variables, env);
  const kept = runs.kept.runs.find(([ran]) => ran === values)?.[1];
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

/**
 * Keeps `report`, run with `variables` (the connection's) as `env` has them, when every test
 * passed (callers check that the run passed); nothing else is ever kept.
 */
export function keepRun(runs: RunCache, report: RanReport, variables: string[], env: Env): void {
  const files: string[] = [];
  const fileIndex = new Map<string, number>();
  const tests: KeptRun["tests"] = [];
  for (const r of report.results) {
    if (r.status !== "passed" || r.diagnostics.length > 0 || r.runSeed !== undefined) return;
    let file = fileIndex.get(r.file);
    if (file === undefined) fileIndex.set(r.file, (file = files.push(r.file) - 1));
    tests.push([r.name, r.kind, file, r.line, r.seed, r.duration_ms]);
  }
  const run: KeptRun = { files, tests, alerts: report.alerts };
  if (report.coverage) run.coverage = report.coverage;
  const values = valuesDigest(runs.cache, variables, env);
  // The runs kept with other values stay, newest first (the files decide the variables, so they are the same).
  const others = runs.kept?.variables.join("\0") === variables.join("\0") ? runs.kept.runs.filter(([ran]) => ran !== values) : [];
  const kept: KeptRuns["runs"] = [[values, run], ...others];
  writeProjectEntry(runs.cache, runs.key, { variables, runs: kept.slice(0, KEEP_VALUES) } satisfies KeptRuns);
}
