// Diagnostics as JSON (`--diagnostic-format json`): one object per diagnostic, byte offsets from
// the SourceFile, and the `check` report as exactly one JSON object.
import type { Diagnostic, Detail, Edit, Owner } from "./diagnostic.ts";
import type { SourceFile } from "../source/source-file.ts";
import type { RenderOptions } from "./render-plain.ts";
import { shownDetail } from "./render-plain.ts";

export interface JsonDiagnostic {
  rule: string;
  summary: string;
  /** Relative to the current directory, with `/`; null for problems that belong to no file. */
  file: string | null;
  line: number | null;
  column: number | null;
  /** UTF-8 byte offsets into the file (end exclusive). */
  start_byte: number | null;
  end_byte: number | null;
  details: Detail[];
  reason: string;
  next: string;
  owner: Owner;
  /** The mechanical edits that carry out `next`, each a menu item; often none. */
  fixes: JsonFix[];
  rerun?: string;
}

export interface JsonFix {
  title: string;
  edits: JsonEdit[];
}

/** Write `text` over the range (an insertion when it is empty), located as a diagnostic is. */
export interface JsonEdit {
  file: string;
  line: number;
  column: number;
  /** Where the range ends, 1-based (column in code points); null only when the file's text isn't at hand. */
  end_line: number | null;
  end_column: number | null;
  start_byte: number;
  end_byte: number;
  text: string;
}

export interface JsonOptions extends RenderOptions {
  source: (file: string) => SourceFile | undefined;
}

export function diagnosticToJson(d: Diagnostic, options: JsonOptions): JsonDiagnostic {
  const span = d.span;
  const source = span ? options.source(span.file) : undefined;
  const json: JsonDiagnostic = {
    rule: d.rule,
    summary: d.summary,
    file: span ? options.displayPath(span.file) : null,
    line: span ? span.line : null,
    column: span ? span.column : null,
    start_byte: span ? (source ? source.byteOffset(span.start) : span.start) : null,
    end_byte: span ? (source ? source.byteOffset(span.end) : span.end) : null,
    details: d.details.map((detail) => ({ label: detail.label, text: shownDetail(detail) })),
    reason: d.reason,
    next: d.next,
    owner: d.owner,
    fixes: d.fixes.map((fix) => ({ title: fix.title, edits: fix.edits.map((edit) => editToJson(edit, options)) })),
  };
  if (d.rerun) json.rerun = d.rerun;
  return json;
}

function editToJson(edit: Edit, options: JsonOptions): JsonEdit {
  const span = edit.span;
  const source = options.source(span.file);
  const end = source ? source.position(span.end) : null;
  return {
    file: options.displayPath(span.file),
    line: span.line,
    column: span.column,
    end_line: end ? end.line : null,
    end_column: end ? end.column : null,
    start_byte: source ? source.byteOffset(span.start) : span.start,
    end_byte: source ? source.byteOffset(span.end) : span.end,
    text: edit.text,
  };
}

export interface CheckReport {
  files: number;
  declarations: number;
  diagnostics: Diagnostic[];
}

/** The whole output of `jadpo check --diagnostic-format json`: one object and a final newline. */
export function renderCheckJson(report: CheckReport, options: JsonOptions): string {
  const body = {
    schemaVersion: 1,
    command: "check",
    status: report.diagnostics.length === 0 ? "passed" : "failed",
    files: report.files,
    declarations: report.declarations,
    diagnostics: report.diagnostics.map((d) => diagnosticToJson(d, options)),
  };
  return `${JSON.stringify(body)}\n`;
}
