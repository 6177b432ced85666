// `--reporter json`: one object, tests in plan order. Nothing in it depends on the worker count,
// argv or process ids, so two runs with the same seed differ only in `duration_ms`.
import { diagnosticToJson, type Diagnostic, type JsonDiagnostic } from "@jadpo/compiler";
import type { Alert, TestResult } from "@jadpo/runtime";
import { failingAlerts, reportPassed, type ReportContext, type RenderReport, type TestReport } from "./reporter.ts";
import { coverageJson, underSeeds } from "./coverage.ts";
import { alertLine, compileErrorsLine, countKinds, remedyCommand, summaryLine, summaryParts, withRerun } from "./lines.ts";

function diagnosticJson(d: Diagnostic, context: ReportContext): JsonDiagnostic {
  return diagnosticToJson(d, { displayPath: context.displayPath, source: context.source ?? (() => undefined) });
}

function testJson(result: TestResult, seed: number, context: ReportContext): Record<string, unknown> {
  return {
    name: result.name,
    kind: result.kind,
    file: context.displayPath(result.file),
    line: result.line,
    status: result.status,
    seed: result.seed,
    duration_ms: Math.round(result.duration_ms * 1000) / 1000,
    diagnostics: withRerun(result, seed, context).map((d) => diagnosticJson(d, context)),
  };
}

function alertJson(alert: Alert, context: ReportContext): Record<string, unknown> {
  return {
    kind: alert.kind,
    prompt: alert.prompt,
    name: alert.name,
    file: context.displayPath(alert.file),
    fixture: alert.fixture ?? null,
    ...(alert.kind === "stale_recording"
      ? { recorded_version: alert.recordedVersion, current_version: alert.currentVersion }
      : { recorded_model: alert.recordedModel, current_model: alert.currentModel }),
    text: alertLine(alert),
    remedy: remedyCommand(alert, context),
  };
}

function kindsJson(results: TestResult[]): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const [kind, count] of countKinds(results)) if (count > 0) kinds[kind] = count;
  return kinds;
}

/** The summary line plain prints; for a run stopped before any test, the line that says why. */
function summaryText(report: TestReport): string {
  if (report.outcome === "ran") return summaryLine(report.results, failingAlerts(report)) + underSeeds(report.seeds);
  if (report.outcome === "compile_errors") return compileErrorsLine(report.diagnostics.length + (report.omitted ?? 0));
  return `error: ${report.diagnostic.summary}`;
}

export const jsonReporter: RenderReport = (report, context) => {
  const results = report.outcome === "ran" ? report.results : [];
  const { passed, failed, skipped } = summaryParts(results);
  const errors =
    report.outcome === "compile_errors" ? report.diagnostics : report.outcome === "stopped" ? [report.diagnostic] : report.coverageBelow ? [report.coverageBelow] : [];
  const object = {
    schemaVersion: 1,
    command: "test",
    status: reportPassed(report) ? "passed" : "failed",
    seed: report.seed,
    summary: {
      passed,
      failed,
      skipped,
      kinds: kindsJson(results),
      text: summaryText(report),
      /** Alerts that failed the run (`--fail-on-alert`); 0 otherwise. */
      failing_alerts: failingAlerts(report),
    },
    tests: results.map((result) => testJson(result, report.seed, context)),
    alerts: report.outcome === "ran" ? report.alerts.map((alert) => alertJson(alert, context)) : [],
    /** Compile errors or `test.no_tests`: what stopped the run before any test; `test.coverage_below` after it. */
    diagnostics: errors.map((d) => diagnosticJson(d, context)),
    // Only with `--coverage`, so a report without it keeps its keys.
    ...(report.outcome === "ran" && report.coverage ? { coverage: coverageJson(report.coverage, context) } : {}),
    // Only on a run shown again from the cache (`jadpo test --no-cache` runs it).
    ...(report.outcome === "ran" && report.cached ? { cached: true } : {}),
  };
  return `${JSON.stringify(object)}\n`;
};
