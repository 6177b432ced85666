// `jadpo test` through the cache of checked projects: a run of an unchanged project (same files,
// same toolchain, same seed, selection, `--seeds` and coverage flags) reports what that run reported, without parsing,
// checking or running anything. Tests are deterministic for a seed and reach nothing outside the
// project's files, so the stored report is the one a new run would make (durations aside: they are the
// run's that made it). A run that met an internal error is never stored.
import { isDiagnostic, readEntry, snapshotKey, writeEntry, type ModuleCache, type ProjectSnapshot } from "@jadpo/compiler";
import type { TestReport } from "../../reporters/index.ts";
import type { RunExtras, Selector, Shard } from "@jadpo/runtime";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function isResult(value: unknown): boolean {
  return (
    isObject(value) && typeof value.name === "string" && typeof value.kind === "string" && typeof value.file === "string" &&
    typeof value.line === "number" && (value.status === "passed" || value.status === "failed") && typeof value.seed === "number" &&
    typeof value.duration_ms === "number" && (value.runSeed === undefined || typeof value.runSeed === "number") &&
    Array.isArray(value.diagnostics) && value.diagnostics.every(isDiagnostic)
  );
}

const isSeedRange = (value: unknown) => isObject(value) && typeof value.first === "number" && typeof value.last === "number";
const orNull = (value: unknown, kind: string) => value === null || typeof value === kind;

function isCoverageSite(value: unknown): boolean {
  return (
    isObject(value) && typeof value.file === "string" && typeof value.line === "number" && typeof value.call === "string" &&
    orNull(value.prompt, "string") && orNull(value.as, "string") && Array.isArray(value.outcomes) &&
    value.outcomes.every((o) => isObject(o) && typeof o.outcome === "string" && typeof o.count === "number")
  );
}

function isAlert(value: unknown): boolean {
  return isObject(value) && ["kind", "prompt", "name", "recordedVersion", "currentVersion", "file"].every((k) => typeof value[k] === "string");
}

export function isTestReport(value: unknown): value is TestReport {
  if (!isObject(value) || typeof value.seed !== "number") return false;
  switch (value.outcome) {
    case "ran":
      return (
        Array.isArray(value.results) && value.results.every(isResult) && Array.isArray(value.alerts) && value.alerts.every(isAlert) &&
        (value.seeds === undefined || isSeedRange(value.seeds)) &&
        (value.coverage === undefined || (Array.isArray(value.coverage) && value.coverage.every(isCoverageSite))) &&
        (value.coverageBelow === undefined || isDiagnostic(value.coverageBelow))
      );
    case "compile_errors":
      return Array.isArray(value.diagnostics) && value.diagnostics.every(isDiagnostic);
    case "stopped":
      return isDiagnostic(value.diagnostic);
    default:
      return false;
  }
}

/** The key of this run: the project's files and everything on the command line that changes what a run reports. */
export interface RunAsked {
  seed: number;
  selectors: Selector[];
  shard: Shard | null;
  /** `--seeds`, `--coverage`. */
  extras: RunExtras;
  /** `--coverage-min`. */
  coverageMin: number | null;
}

export function runKey(snapshot: ProjectSnapshot, cache: ModuleCache, run: RunAsked): string {
  const { seed, selectors, shard, extras, coverageMin } = run;
  const purpose = JSON.stringify({
    command: "test", seed, selectors, shard, seeds: extras.seeds ?? null, coverage: extras.coverage === true, coverageMin,
  });
  return snapshotKey(snapshot, cache, purpose);
}

export function cachedReport(cache: ModuleCache, key: string): TestReport | null {
  return readEntry(cache, key, isTestReport);
}

function metInternalError(report: TestReport): boolean {
  const all = report.outcome === "ran" ? report.results.flatMap((r) => r.diagnostics)
    : report.outcome === "compile_errors" ? report.diagnostics : [report.diagnostic];
  return all.some((d) => d.rule === "toolchain.internal_error");
}

export function storeReport(cache: ModuleCache, key: string, report: TestReport): void {
  if (!metInternalError(report)) writeEntry(cache, key, report);
}
