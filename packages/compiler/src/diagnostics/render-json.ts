// Diagnostics as JSON (`--diagnostic-format json`): one object per diagnostic, byte offsets from
// the SourceFile, and the `check` report as exactly one JSON object.
import type { Diagnostic, Detail, Owner } from "./diagnostic.ts";
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
  rerun?: string;
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
  };
  if (d.rerun) json.rerun = d.rerun;
  return json;
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
