// URIs and positions: the protocol speaks `file://` URIs and 0-based lines with UTF-16
// characters; the compiler speaks absolute `/` paths, root-relative paths and text offsets.
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Position, Range } from "vscode-languageserver";
import type { SourceFile, Span } from "@jadpo/compiler";
import { slashPath } from "../toolchain.ts";

/** An absolute path with `/`, or null for a URI that isn't a file. */
export function pathOfUri(uri: string): string | null {
  if (!uri.startsWith("file:")) return null;
  try {
    return slashPath(fileURLToPath(uri));
  } catch {
    return null;
  }
}

export function uriOfPath(path: string): string {
  return pathToFileURL(path).href;
}

/** Offsets where lines start in a text, kept per SourceFile (a file is asked many times between edits). */
const lineStarts = new WeakMap<SourceFile, number[]>();

function startsOf(source: SourceFile): number[] {
  let starts = lineStarts.get(source);
  if (!starts) {
    starts = [0];
    const text = source.text;
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", nl + 1)) starts.push(nl + 1);
    lineStarts.set(source, starts);
  }
  return starts;
}

export function positionAt(source: SourceFile, offset: number): Position {
  const starts = startsOf(source);
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: Math.max(0, offset - starts[lo]) };
}

export function offsetAt(source: SourceFile, position: Position): number {
  const starts = startsOf(source);
  if (position.line >= starts.length) return source.text.length;
  const start = starts[Math.max(0, position.line)];
  const end = position.line + 1 < starts.length ? starts[position.line + 1] - 1 : source.text.length;
  return Math.min(start + Math.max(0, position.character), end);
}

/** A span as a range: from its offsets when the file's text is known, else from its line and column. */
export function rangeOf(span: Span, source: SourceFile | undefined): Range {
  if (source) return { start: positionAt(source, span.start), end: positionAt(source, span.end) };
  const start = { line: span.line - 1, character: span.column - 1 };
  return { start, end: start };
}

export const FILE_START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
