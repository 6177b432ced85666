// The plain and pretty reporters: the same lines in the same order (docs/testing.md): alerts, FAIL
// blocks, the summary, remedies. Pretty paints them (when colour is allowed), wraps alerts to
// the terminal's width, and gives compile errors the code frame `jadpo check` gives them.
import {
  noPaint, renderErrorPlain, renderErrorPretty, renderFailPlain, renderFailPretty,
  type Diagnostic, type Paint, type SourceFile,
} from "@jadpo/compiler";
import type { Alert, SeedRange, TestResult } from "@jadpo/runtime";
import { coverageLines, underSeeds } from "./coverage.ts";
import { failingAlerts, type ReportContext, type RenderReport, type TestReport } from "./reporter.ts";
import { alertText, compileErrorsLine, remedyCommand, remedyWhyOf, summaryLine, withRerun } from "./lines.ts";

export interface TextStyle {
  /** Pretty rendering (painted, code frames for compile errors); false is plain. */
  pretty: boolean;
  paint: Paint;
  /** Terminal width for wrapping alert lines; null never wraps. */
  width: number | null;
}

export const plainStyle: TextStyle = { pretty: false, paint: noPaint, width: null };

/** Breaks `first + rest` into lines of at most `width` columns at spaces; continuation lines indented by two. */
export function wrapWords(first: string, rest: string, width: number): string[] {
  const lines: string[] = [];
  let line = first;
  let length = [...first].length;
  let empty = true;
  for (const word of rest.split(" ")) {
    const wordLength = [...word].length;
    if (!empty && length + 1 + wordLength > width) {
      lines.push(line);
      line = `  ${word}`;
      length = 2 + wordLength;
    } else {
      line += (empty ? "" : " ") + word;
      length += (empty ? 0 : 1) + wordLength;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}

const ALERT_MARK = "▲ alert  ";

function alertLines(alert: Alert, style: TextStyle): string[] {
  const lines = style.width === null ? [ALERT_MARK + alertText(alert)] : wrapWords(ALERT_MARK, alertText(alert), style.width);
  lines[0] = style.paint.alert("▲ alert") + lines[0].slice("▲ alert".length);
  return lines;
}

function sourceOf(context: ReportContext): (file: string) => SourceFile | undefined {
  return context.source ?? (() => undefined);
}

function failBlock(result: TestResult, d: Diagnostic, context: ReportContext, style: TextStyle): string {
  if (!style.pretty) return renderFailPlain(result.name, d, { displayPath: context.displayPath });
  return renderFailPretty(result.name, d, { displayPath: context.displayPath, paint: style.paint, source: sourceOf(context) });
}

function failBlocks(result: TestResult, seed: number, context: ReportContext, style: TextStyle): string[] {
  if (result.status !== "failed") return [];
  const diagnostics = withRerun(result, seed, context);
  if (diagnostics.length === 0) {
    return [`${style.paint.error("FAIL")}  ${result.name} --> ${context.displayPath(result.file)}:${result.line}`];
  }
  return diagnostics.map((d) => failBlock(result, d, context, style));
}

export function errorBlock(d: Diagnostic, context: ReportContext, style: TextStyle): string {
  if (!style.pretty) return renderErrorPlain(d, { displayPath: context.displayPath });
  return renderErrorPretty(d, { displayPath: context.displayPath, paint: style.paint, source: sourceOf(context) });
}

function summary(results: TestResult[], style: TextStyle, alertsFailing: number, seeds?: SeedRange): string {
  const line = summaryLine(results, alertsFailing) + underSeeds(seeds);
  if (line.startsWith("✓")) {
    const cut = line.indexOf("  ");
    return style.paint.ok(line.slice(0, cut)) + line.slice(cut);
  }
  return style.paint.error("test failed:") + line.slice("test failed:".length);
}

function remedy(alert: Alert, style: TextStyle, context: ReportContext): string {
  return `${style.paint.alert("→")} ${style.paint.bold(remedyCommand(alert, context))}  ${remedyWhyOf(alert)}`;
}

/** The whole report as lines, each ending with a newline. */
export function renderText(report: TestReport, context: ReportContext, style: TextStyle): string {
  const parts: string[] = [];
  if (report.outcome === "compile_errors") {
    parts.push(report.diagnostics.map((d) => errorBlock(d, context, style)).join("\n\n"));
    const line = compileErrorsLine(report.diagnostics.length);
    parts.push(style.paint.error("test failed:") + line.slice("test failed:".length));
  } else if (report.outcome === "stopped") {
    parts.push(errorBlock(report.diagnostic, context, style));
  } else {
    for (const alert of report.alerts) parts.push(...alertLines(alert, style));
    const blocks = report.results.flatMap((result) => failBlocks(result, report.seed, context, style));
    if (blocks.length > 0) parts.push(blocks.join("\n\n"));
    parts.push(summary(report.results, style, failingAlerts(report), report.seeds));
    for (const alert of report.alerts) parts.push(remedy(alert, style, context));
    if (report.coverage) parts.push(...coverageLines(report.coverage, context, style.paint));
    if (report.coverageBelow) parts.push(errorBlock(report.coverageBelow, context, style));
  }
  return `${parts.join("\n")}\n`;
}

export const plainReporter: RenderReport = (report, context) => renderText(report, context, plainStyle);

export function prettyReporter(paint: Paint, width: number | null): RenderReport {
  const style: TextStyle = { pretty: true, paint, width };
  return (report, context) => renderText(report, context, style);
}
