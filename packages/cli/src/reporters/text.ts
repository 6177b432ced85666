// The plain and pretty reporters: the same lines in the same order (docs/testing.md): alerts, FAIL
// blocks, the summary, remedies. Both paint them when colour is on; pretty also wraps alerts to
// the terminal's width, gives compile errors and FAIL blocks the code frame `jadpo check` gives,
// and a failed equality of records or lists its `diff:`.
import {
  omittedLine, renderErrorPlain, renderErrorPretty, renderFailPlain, renderFailPretty, type Diagnostic, type Paint, type SourceFile,
} from "@jadpo/compiler";
import { noPaint } from "../toolchain.ts";
import type { Alert, SeedRange, TestResult } from "@jadpo/runtime";
import { coverageLines, underSeeds } from "./coverage.ts";
import { failingAlerts, type RanReport, type ReportContext, type RenderReport, type TestReport } from "./reporter.ts";
import { alertText, compileErrorsLine, remedyCommand, remedyWhyOf, remedyWithout, summaryLine, withRerun } from "./lines.ts";

export interface TextStyle {
  /** Pretty rendering (painted, code frames for compile errors); false is plain. */
  pretty: boolean;
  paint: Paint;
  /** Terminal width for wrapping alert lines; null never wraps. */
  width: number | null;
}

export const plainStyle: TextStyle = { pretty: false, paint: noPaint, width: null };

/** Breaks `first + rest` into lines of at most `width` columns at spaces; continuation lines indented by two. */
function wrapWords(first: string, rest: string, width: number): string[] {
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

/** Pretty FAIL blocks get a code frame and the `diff:`; plain ones are painted only. */
function failBlock(result: TestResult, d: Diagnostic, context: ReportContext, style: TextStyle): string {
  const source = style.pretty ? sourceOf(context) : () => undefined;
  if (!style.pretty && style.paint === noPaint) return renderFailPlain(result.name, d, { displayPath: context.displayPath });
  return renderFailPretty(result.name, d, { displayPath: context.displayPath, paint: style.paint, source });
}

function failBlocks(result: TestResult, seed: number, context: ReportContext, style: TextStyle): string[] {
  if (result.status !== "failed") return [];
  const diagnostics = withRerun(result, seed, context, style.pretty);
  if (diagnostics.length === 0) {
    return [`${style.paint.error("FAIL")}  ${result.name} --> ${context.displayPath(result.file)}:${result.line}`];
  }
  return diagnostics.map((d) => failBlock(result, d, context, style));
}

export function errorBlock(d: Diagnostic, context: ReportContext, style: TextStyle): string {
  if (!style.pretty && style.paint === noPaint) return renderErrorPlain(d, { displayPath: context.displayPath });
  const source = style.pretty ? sourceOf(context) : () => undefined;
  return renderErrorPretty(d, { displayPath: context.displayPath, paint: style.paint, source });
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
  return `${style.paint.alert("→")} ${style.paint.bold(remedyCommand(alert, context))}  ${remedyWhyOf(alert)}${remedyWithout(alert)}`;
}

/** Under the summary of a run shown again from the cache. */
const CACHED_LINE = "(cached: nothing changed since these tests passed; --no-cache runs them again)";

/**
 * One part of a finished run's text: its lines (none to leave it out). A run's text is these
 * sections in order; a new part of the report (a coverage table after the summary, say) is one
 * more entry in `runSections`.
 */
type RunSection = (report: RanReport, context: ReportContext, style: TextStyle) => string[];

const runSections: RunSection[] = [
  // Alerts first, one line each (wrapped on a terminal).
  (report, _context, style) => report.alerts.flatMap((alert) => alertLines(alert, style)),
  // FAIL blocks, a blank line between two.
  (report, context, style) => {
    const blocks = report.results.flatMap((result) => failBlocks(result, report.seed, context, style));
    return blocks.length > 0 ? [blocks.join("\n\n")] : [];
  },
  (report, _context, style) => [summary(report.results, style, failingAlerts(report), report.seeds)],
  (report, _context, style) => (report.cached ? [style.paint.dim(CACHED_LINE)] : []),
  // One remedy per alert, in the alerts' order.
  (report, context, style) => report.alerts.map((alert) => remedy(alert, style, context)),
  // `--coverage`: the AI outcomes reached, then `--coverage-min`'s verdict.
  (report, context, style) => (report.coverage ? coverageLines(report.coverage, context, style.paint) : []),
  (report, context, style) => (report.coverageBelow ? [errorBlock(report.coverageBelow, context, style)] : []),
];

/** The whole report as lines, each ending with a newline. */
export function renderText(report: TestReport, context: ReportContext, style: TextStyle): string {
  const parts: string[] = [];
  if (report.outcome === "compile_errors") {
    parts.push(report.diagnostics.map((d) => errorBlock(d, context, style)).join("\n\n"));
    const omitted = report.omitted ?? 0;
    // Right after the last error, as `jadpo check` prints it.
    if (omitted > 0) parts.push(omittedLine(omitted));
    const line = compileErrorsLine(report.diagnostics.length + omitted);
    parts.push(style.paint.error("test failed:") + line.slice("test failed:".length));
  } else if (report.outcome === "stopped") {
    parts.push(errorBlock(report.diagnostic, context, style));
  } else {
    for (const section of runSections) parts.push(...section(report, context, style));
  }
  return `${parts.join("\n")}\n`;
}

/** Plain: no code frames, no diff; painted only when colour is forced (`FORCE_COLOR`, `--color always`). */
export function plainReporter(paint: Paint): RenderReport {
  const style: TextStyle = { pretty: false, paint, width: null };
  return (report, context) => renderText(report, context, style);
}

export function prettyReporter(paint: Paint, width: number | null): RenderReport {
  const style: TextStyle = { pretty: true, paint, width };
  return (report, context) => renderText(report, context, style);
}
