// Pretty text of diagnostics: the plain text with colour (when enabled) and, under each compile
// error's heading, a compact code frame — the source line and carets under the span — in the
// style of Elm and Gleam, kept short.
import type { Diagnostic } from "./diagnostic.ts";
import type { SourceFile } from "../source/source-file.ts";
import { bodyLines, location, type RenderOptions } from "./render-plain.ts";
import { shortenQuoted } from "./shorten.ts";

/** Colours as functions, so the compiler needs no terminal library; `noPaint` leaves text as is. */
export interface Paint {
  error(text: string): string;
  bold(text: string): string;
  dim(text: string): string;
  path(text: string): string;
  caret(text: string): string;
  ok(text: string): string;
  alert(text: string): string;
}

const same = (text: string) => text;
export const noPaint: Paint = { error: same, bold: same, dim: same, path: same, caret: same, ok: same, alert: same };

export interface PrettyOptions extends RenderOptions {
  paint: Paint;
  /** The file a span points into, for the code frame; no frame when it is unknown. */
  source: (file: string) => SourceFile | undefined;
}

/** Longest source line shown whole; longer lines are cut to a window around the column. */
const MAX_LINE = 160;

/** Control characters would disturb the terminal; each is shown as one replacement character. */
function printable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u0080-\u009f]/g, "\ufffd");
}

/** The frame's two lines: ` 12 | <source line>` and `    |     ^^^`, or none without a source. */
export function codeFrame(d: Diagnostic, options: PrettyOptions): string[] {
  const span = d.span;
  const source = span ? options.source(span.file) : undefined;
  if (!span || !source) return [];
  const chars = [...source.lineText(span.line)];
  let first = Math.min(Math.max(span.column - 1, 0), chars.length);
  const spanText = [...source.text.slice(span.start, Math.max(span.start, span.end))];
  const newline = spanText.indexOf("\n");
  let width = Math.max(1, newline < 0 ? spanText.length : newline);
  width = Math.min(width, Math.max(1, chars.length - first));
  let shown = chars;
  let prefix = "";
  let suffix = "";
  if (chars.length > MAX_LINE) {
    const from = Math.max(0, first - 40);
    shown = chars.slice(from, from + MAX_LINE);
    prefix = from > 0 ? "…" : "";
    suffix = from + MAX_LINE < chars.length ? "…" : "";
    first = first - from + prefix.length;
    width = Math.min(width, Math.max(1, MAX_LINE - (first - prefix.length)));
  }
  const text = prefix + printable(shown.join("")) + suffix;
  const pad = [...text].slice(0, first).map((c) => (c === "\t" ? "\t" : " ")).join("");
  const number = String(span.line);
  const gutter = " ".repeat(number.length);
  const { paint } = options;
  return [
    `  ${paint.dim(`${number} |`)} ${text}`,
    `  ${paint.dim(`${gutter} |`)} ${pad}${paint.caret("^".repeat(width))}`,
  ];
}

function paintBody(line: string, paint: Paint): string {
  // A `diff:` detail's lines: the expected side red, the side got green.
  const diffLine = /^( {4})([-+])( .*)$/.exec(line);
  if (diffLine) return `${diffLine[1]}${(diffLine[2] === "-" ? paint.error : paint.ok)(`${diffLine[2]}${diffLine[3]}`)}`;
  const match = /^( {2})([a-z]+):( [\s\S]*)?$/.exec(line); // a detail may run over several lines (a `fakes:` script)
  if (!match) return line;
  const [, indent, label, rest = ""] = match;
  if (label === "rule" || label === "rerun") return `${indent}${paint.dim(`${label}:${rest}`)}`;
  return `${indent}${paint.dim(`${label}:`)}${rest}`;
}

/** A compile error: heading, code frame, then the plain body. */
export function renderErrorPretty(d: Diagnostic, options: PrettyOptions): string {
  const { paint } = options;
  const where = location(d, options, true);
  const heading = `${paint.error("error:")} ${paint.bold(d.summary)}${where ? ` ${paint.dim("-->")} ${paint.path(where)}` : ""}`;
  return [heading, ...codeFrame(d, options), ...bodyLines(d).map((line) => paintBody(line, paint))].join("\n");
}

/**
 * A failing test: the FAIL heading, a code frame of the statement (or the expression, for a
 * runtime fault) that failed when its source is at hand, then the body with colour.
 */
export function renderFailPretty(testName: string, d: Diagnostic, options: PrettyOptions): string {
  const { paint } = options;
  const where = location(d, options, false);
  const heading = `${paint.error("FAIL")}  ${paint.bold(shortenQuoted(testName))}${where ? ` ${paint.dim("-->")} ${paint.path(where)}` : ""}`;
  const body = bodyLines(d).flatMap((line) => line.split("\n")).map((line) => paintBody(line, paint));
  return [heading, ...codeFrame(d, options), ...body].join("\n");
}
