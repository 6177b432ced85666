// Quick fixes from the diagnostics under the cursor: add the missing `use` for a name another
// module declares, and apply a "did you mean". Both read the diagnostic's `next:`, so they
// offer exactly what `jadpo check` suggests.
import type { Diagnostic, LoadedFile, UseDecl } from "@jadpo/compiler";
import { CodeActionKind, type CodeAction, type Range, type TextEdit } from "vscode-languageserver";
import { positionAt, rangeOf } from "./paths.ts";
import { toLspDiagnostic } from "./diagnostics.ts";

const DECLARED_IN = /^`(\w+)` is declared in `([\w/]+)`(?:, as are ([^:]+))?: add /;
const QUOTED_NAME = /`(\w+)`/g;
const DID_YOU_MEAN = /^Did you mean `([^`]+)`\?$/;

function overlaps(a: Range, b: Range): boolean {
  const before = (x: Range["start"], y: Range["start"]) => x.line < y.line || (x.line === y.line && x.character <= y.character);
  return before(a.start, b.end) && before(b.start, a.end);
}

export function codeActions(file: LoadedFile, uri: string, diagnostics: Diagnostic[], range: Range): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    if (!d.span || d.span.file !== file.path) continue;
    const at = rangeOf(d.span, file.source);
    if (!overlaps(at, range)) continue;
    const edit = (title: string, edits: TextEdit[]): CodeAction => ({
      title, kind: CodeActionKind.QuickFix, diagnostics: [toLspDiagnostic(d, file.source)], isPreferred: true, edit: { changes: { [uri]: edits } },
    });
    const elsewhere = DECLARED_IN.exec(d.next);
    if (elsewhere) {
      // One diagnostic stands for every name the file uses from that module (`, as are `B` and `C``).
      const [, name, module, others] = elsewhere;
      const names = [name, ...[...(others ?? "").matchAll(QUOTED_NAME)].map((m) => m[1])];
      actions.push(edit(`Add ${names.map((n) => `\`${n}\``).join(", ")} to \`use ${module}\``, [addUse(file, module, names.join(", "))]));
      continue;
    }
    const near = DID_YOU_MEAN.exec(d.next);
    if (near) {
      const written = file.source.text.slice(d.span.start, d.span.end);
      const replacement = written.includes(".") || !near[1].includes(".") ? near[1] : near[1].slice(near[1].lastIndexOf(".") + 1);
      actions.push(edit(`Change to \`${replacement}\``, [{ range: at, newText: replacement }]));
    }
  }
  return actions;
}

/** The edit that imports `name` (one or more, `A, B`) from `module`: into its `use` line when the file has one, else a new line after the last `use`. */
function addUse(file: LoadedFile, module: string, name: string): TextEdit {
  const uses = file.syntax.decls.filter((d): d is UseDecl => d.kind === "use");
  const existing = uses.find((u) => u.path.map((p) => p.name).join("/") === module);
  if (existing && existing.names.length > 0) {
    const lastName = existing.names[existing.names.length - 1];
    const at = positionAt(file.source, lastName.span.end);
    return { range: { start: at, end: at }, newText: `, ${name}` };
  }
  const after = uses.length > 0 ? uses[uses.length - 1].span.end : null;
  if (after === null) {
    const start = { line: 0, character: 0 };
    const blank = file.syntax.decls.length > 0 ? "\n" : "";
    return { range: { start, end: start }, newText: `use ${module} { ${name} }\n${blank}` };
  }
  const at = positionAt(file.source, after);
  return { range: { start: at, end: at }, newText: `\nuse ${module} { ${name} }` };
}
