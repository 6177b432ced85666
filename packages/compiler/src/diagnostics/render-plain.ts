// Plain text of diagnostics (docs/diagnostics.md): the default when output is not a TTY, and the base of pretty.
import type { Detail, Diagnostic } from "./diagnostic.ts";
import { shortenQuoted, shortenValue } from "./shorten.ts";

/** A detail as shown: values cut to one short line, quoted names cut, control characters escaped. */
export function shownDetail(detail: Detail): string {
  return detail.label === "got" || detail.label === "expected" ? shortenValue(detail.text) : shortenQuoted(detail.text);
}

export interface RenderOptions {
  /** Turns a root-relative path into the path shown (relative to the current directory). */
  displayPath: (file: string) => string;
}

export const identityPaths: RenderOptions = { displayPath: (file) => file };

/** The location after `-->`: `file:line:column` for compile errors, `file:line` for test failures. */
export function location(d: Diagnostic, options: RenderOptions, withColumn: boolean): string {
  if (!d.span) return "";
  // A file name can hold anything, an escape sequence included: never raw on the terminal.
  const where = `${shortenQuoted(options.displayPath(d.span.file))}:${d.span.line}`;
  return withColumn ? `${where}:${d.span.column}` : where;
}

/** The lines after the heading, each indented two spaces. */
export function bodyLines(d: Diagnostic): string[] {
  const lines = d.details.map((detail) => `  ${detail.label}: ${shownDetail(detail)}`);
  lines.push(`  reason: ${d.reason}`);
  lines.push(`  next: ${d.next} (${d.owner})`);
  lines.push(`  rule: ${d.rule}`);
  if (d.rerun) lines.push(`  rerun: ${d.rerun}`);
  return lines;
}

/** A compile error: `error: <summary> --> <file>:<line>:<column>` then the body. */
export function renderErrorPlain(d: Diagnostic, options: RenderOptions = identityPaths): string {
  const where = location(d, options, true);
  const heading = where ? `error: ${d.summary} --> ${where}` : `error: ${d.summary}`;
  return [heading, ...bodyLines(d)].join("\n");
}

/** A failing test: `FAIL  <test name> --> <file>:<line>` then the body (no `error:` line, no column). */
export function renderFailPlain(testName: string, d: Diagnostic, options: RenderOptions = identityPaths): string {
  const where = location(d, options, false);
  const name = shortenQuoted(testName);
  const heading = where ? `FAIL  ${name} --> ${where}` : `FAIL  ${name}`;
  return [heading, ...bodyLines(d)].join("\n");
}
