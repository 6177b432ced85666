// `--reporter verbose`: what a vitest user expects from its verbose reporter. A line per test as
// it finishes, grouped under its file, with its duration; then the usual report (alerts, FAIL
// blocks with code frames and diffs, the summary, remedies); then the run's wall time on a line
// of its own.
// Durations differ from run to run: this report is for people, the json one for machines.
import type { Paint } from "@jadpo/compiler";
import type { TestResult } from "@jadpo/runtime";
import type { LiveContext, Reporter } from "./reporter.ts";
import { renderText, type TextStyle } from "./text.ts";

/** `3ms`, `0.4ms` under a millisecond, `1.25s` from a second up. */
function durationText(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)}s`;
  if (ms >= 1) return `${Math.round(ms)}ms`;
  return `${ms.toFixed(1)}ms`;
}

function testLine(result: TestResult, paint: Paint): string {
  switch (result.status) {
    case "passed":
      return `  ${paint.ok("✓")} ${result.name}  ${paint.dim(durationText(result.duration_ms))}`;
    case "failed":
      return `  ${paint.error("✗")} ${result.name}  ${paint.dim(durationText(result.duration_ms))}`;
    case "skipped":
      return `  ${paint.dim(`↓ ${result.name}  skipped`)}`;
  }
}

/** A test's lines in the list: its file's path first when the file changes, then its own line. */
function lister(paint: Paint): (result: TestResult, displayPath: (file: string) => string) => string[] {
  let file: string | null = null;
  return (result, displayPath) => {
    const header = result.file === file ? [] : [paint.path(displayPath(result.file))];
    file = result.file;
    return [...header, testLine(result, paint)];
  };
}

/** The per-test list: each file's path, then its tests in plan order. */
function testList(results: TestResult[], displayPath: (file: string) => string, paint: Paint): string[] {
  const list = lister(paint);
  return results.flatMap((result) => list(result, displayPath));
}

export function verboseReporter(paint: Paint, width: number | null): Reporter {
  const style: TextStyle = { pretty: true, paint, width };
  // The list as tests finish (a new one each run), and whether this run listed any.
  let list = lister(paint);
  let listed = false;
  return {
    onRunStart() {
      list = lister(paint);
      listed = false;
    },
    onTestDone(result: TestResult, context: LiveContext) {
      listed = true;
      return `${list(result, context.displayPath).join("\n")}\n`;
    },
    onRunEnd(report, context) {
      const lines = listed ? [""] : report.outcome === "ran" ? [...testList(report.results, context.displayPath, paint), ""] : [];
      const duration = context.durationMs === undefined ? [] : [paint.dim(`Duration  ${durationText(context.durationMs)}`)];
      const text = renderText(report, context, style);
      // A watch's next run may stop before any test (no run-start): it starts from nothing.
      list = lister(paint);
      listed = false;
      return [...lines, text.slice(0, -1), ...duration].join("\n") + "\n";
    },
  };
}
