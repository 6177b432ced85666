// What every reporter receives: each finished test as the run goes, then the finished run, in
// plan order. Reporters only turn them into text; they never reach into the runner.
import type { Diagnostic, Paint, SourceFile } from "@jadpo/compiler";
import type { Alert, CoverageSite, SeedRange, TestResult } from "@jadpo/runtime";

export type TestReport =
  /** Tests ran (some may have failed). */
  | {
      outcome: "ran"; seed: number; results: TestResult[]; alerts: Alert[];
      /** `--seeds`: the range every test ran under. */
      seeds?: SeedRange;
      /** `--coverage`: the AI outcomes reached, per call site. */
      coverage?: CoverageSite[];
      /** `--coverage-min` not met: `test.coverage_below`. */
      coverageBelow?: Diagnostic;
      /** `--fail-on-alert`: alerts fail the run. */
      failOnAlert?: boolean;
      /** Shown again from an identical run that passed, not run (commands/test/replay.ts). */
      cached?: boolean;
    }
  /** Compile errors stopped the run before any test. */
  | {
      outcome: "compile_errors"; seed: number; diagnostics: Diagnostic[];
      /** Errors past the limits (50 per file, 500 per run): counted, not shown. */
      omitted?: number;
    }
  /** One problem stopped the run before any test: `test.no_tests`, `cli.no_project`. */
  | { outcome: "stopped"; seed: number; diagnostic: Diagnostic };

/** The report of a run whose tests ran. */
export type RanReport = Extract<TestReport, { outcome: "ran" }>;

export interface ReportContext {
  /** Root-relative path → the path shown (relative to the current directory, with `/`). */
  displayPath: (file: string) => string;
  /** A root-relative file's source (byte offsets in JSON, code frames in pretty); absent when not at hand. */
  source?: (file: string) => SourceFile | undefined;
  /** Wall time of the run, compile included (the verbose reporter's last line); absent when unknown. */
  durationMs?: number;
}

/** Renders the whole report as one text (written to stdout or `--output`). */
export type RenderReport = (report: TestReport, context: ReportContext) => string;

/** What a reporter knows while the run goes: how paths are shown. */
export interface LiveContext {
  displayPath: (file: string) => string;
}

/**
 * A reporter is a set of optional hooks on the run's events: `onRunStart` (a watch runs many),
 * `onTestDone` as each test finishes, in plan order, and `onRunEnd` once the run is over. The
 * text `onTestDone` returns is written at once when the reporter writes to standard output (kept
 * and written first when it writes to a file), then `onRunEnd`'s. A run that stops before any
 * test (compile errors, no tests) calls only `onRunEnd`.
 */
export interface Reporter {
  onRunStart?(): void;
  onTestDone?(result: TestResult, context: LiveContext): string | void;
  onRunEnd?(report: TestReport, context: ReportContext): string;
}

/** What a reporter may take from the terminal: its paint and width (null when not a terminal). */
export interface ReporterOptions {
  paint: Paint;
  width: number | null;
}

/** Whether the run passed: exit 0 exactly when it did. */
export function reportPassed(report: TestReport): boolean {
  return report.outcome === "ran" && report.results.every((result) => result.status === "passed") && !report.coverageBelow && failingAlerts(report) === 0;
}

/** How many alerts fail the run: all of them with `--fail-on-alert`, else none. */
export function failingAlerts(report: TestReport): number {
  return report.outcome === "ran" && report.failOnAlert === true ? report.alerts.length : 0;
}
