// Quick fixes from the diagnostics under the cursor: each of a diagnostic's `fixes` (a near name,
// a missing `use`, …), made by the checker where it made the diagnostic, so the editor offers
// exactly what `jadpo check` suggests.
import type { Diagnostic, LoadedFile } from "@jadpo/compiler";
import { CodeActionKind, type CodeAction, type Range } from "vscode-languageserver";
import { rangeOf } from "./paths.ts";
import { toLspDiagnostic } from "./diagnostics.ts";

function overlaps(a: Range, b: Range): boolean {
  const before = (x: Range["start"], y: Range["start"]) => x.line < y.line || (x.line === y.line && x.character <= y.character);
  return before(a.start, b.end) && before(b.start, a.end);
}

export function codeActions(file: LoadedFile, uri: string, diagnostics: Diagnostic[], range: Range): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    if (!d.span || d.span.file !== file.path || d.fixes.length === 0) continue;
    if (!overlaps(rangeOf(d.span, file.source), range)) continue;
    for (const fix of d.fixes) {
      // A fix edits the diagnostic's own file; one that reached further would need other buffers' text.
      if (fix.edits.some((e) => e.span.file !== file.path)) continue;
      const edits = fix.edits.map((e) => ({ range: rangeOf(e.span, file.source), newText: e.text }));
      actions.push({
        title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [toLspDiagnostic(d, file.source)], isPreferred: true,
        edit: { changes: { [uri]: edits } },
      });
    }
  }
  return actions;
}
