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

/** The per-test list: each file's path, then its tests in plan order. */
export function testList(results: TestResult[], displayPath: (file: string) => string, paint: Paint): string[] {
  const lines: string[] = [];
  let file: string | null = null;
  for (const result of results) {
    if (result.file !== file) {
      file = result.file;
      lines.push(paint.path(displayPath(file)));
    }
    lines.push(testLine(result, paint));
  }
  return lines;
}

export function verboseReporter(paint: Paint, width: number | null): Reporter {
  const style: TextStyle = { pretty: true, paint, width };
  // The file whose tests are being listed, and whether this run listed any as they finished.
  let file: string | null = null;
  let listed = false;
  return {
    onRunStart() {
      file = null;
      listed = false;
    },
    onTestDone(result: TestResult, context: LiveContext) {
      const lines: string[] = [];
      if (result.file !== file) {
        file = result.file;
        lines.push(paint.path(context.displayPath(file)));
      }
      lines.push(testLine(result, paint));
      listed = true;
      return `${lines.join("\n")}\n`;
    },
    onRunEnd(report, context) {
      const list = listed ? [""] : report.outcome === "ran" ? [...testList(report.results, context.displayPath, paint), ""] : [];
      const duration = context.durationMs === undefined ? [] : [paint.dim(`Duration  ${durationText(context.durationMs)}`)];
      const text = renderText(report, context, style);
      // A watch's next run may stop before any test (no run-start): it starts from nothing.
      file = null;
      listed = false;
      return [...list, text.slice(0, -1), ...duration].join("\n") + "\n";
    },
  };
}
