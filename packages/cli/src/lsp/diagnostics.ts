// A compiler diagnostic as the protocol's: the rule as its code, and the text `jadpo check`
// prints (summary, then the details, reason and next step), so the editor says the same.
import { bodyLines, type Diagnostic, type SourceFile } from "@jadpo/compiler";
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from "vscode-languageserver";
import { rangeOf } from "./paths.ts";

export function toLspDiagnostic(d: Diagnostic, source: SourceFile | undefined): LspDiagnostic {
  const lines = bodyLines(d).filter((line) => !line.startsWith("  rule: ")).map((line) => line.trim());
  return {
    range: d.span ? rangeOf(d.span, source) : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Error,
    code: d.rule,
    source: "jadpo",
    message: [d.summary, ...lines].join("\n"),
  };
}
