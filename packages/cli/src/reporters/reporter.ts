// What every reporter receives: the finished run, in plan order. Reporters only turn it into
// text; they never reach into the runner.
import type { Diagnostic, SourceFile } from "@jadpo/compiler";
import type { Alert, TestResult } from "@jadpo/runtime";

export type TestReport =
  /** Tests ran (some may have failed). */
  | { outcome: "ran"; seed: number; results: TestResult[]; alerts: Alert[] }
  /** Compile errors stopped the run before any test. */
  | { outcome: "compile_errors"; seed: number; diagnostics: Diagnostic[] }
  /** One problem stopped the run before any test: `test.no_tests`, `cli.no_project`. */
  | { outcome: "stopped"; seed: number; diagnostic: Diagnostic };

export interface ReportContext {
  /** Root-relative path → the path shown (relative to the current directory, with `/`). */
  displayPath: (file: string) => string;
  /** A root-relative file's source (byte offsets in JSON, code frames in pretty); absent when not at hand. */
  source?: (file: string) => SourceFile | undefined;
}

export type ReporterName = "pretty" | "plain" | "json" | "junit";

export const reporterNames: readonly ReporterName[] = ["pretty", "plain", "json", "junit"];

/** A reporter renders the whole report as one text (written to stdout or `--output`). */
export type Reporter = (report: TestReport, context: ReportContext) => string;

/** Whether the run passed: exit 0 exactly when it did. */
export function reportPassed(report: TestReport): boolean {
  return report.outcome === "ran" && report.results.every((result) => result.status === "passed");
}
