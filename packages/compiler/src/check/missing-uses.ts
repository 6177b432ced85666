// One missing `use` line, one diagnostic: the names a file uses from a module it doesn't import
// are reported once, at the first of them, with the line that imports them all (the others, and
// every further use of the same names, are dropped).
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";
import type { Fix } from "../diagnostics/fix.ts";
import { addUseFix, declaredElsewhere, usesModule } from "../names/declared-in.ts";
import type { Checker, MissingUse } from "./context.ts";

export function mergeMissingUses(cx: Checker): void {
  const notes = cx.missingUses;
  if (notes === undefined || notes.length === 0) return;
  const groups = new Map<string, MissingUse[]>();
  for (const note of notes) {
    if (cx.diagnostics[note.index]?.span !== note.span) continue; // not reported after all
    const key = `${note.file.path}\0${note.module}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [note]);
    else group.push(note);
  }
  const dropped = new Set<number>();
  for (const found of groups.values()) {
    // In source order: the diagnostic stands at the first use, the names in the order they appear.
    const group = found.length === 1 ? found : [...found].sort((a, b) => a.span.start - b.span.start);
    const first = group[0];
    const lines = new Map<string, number>(); // name → line of its first use
    for (const note of group) if (!lines.has(note.name)) lines.set(note.name, note.span.line);
    const hasLine = first.file.syntax.decls.some((d) => usesModule(d, first.module));
    const others = [...lines.keys()].filter((name) => name !== first.name);
    if (others.length === 0 && hasLine && group.length === 1) continue;
    const suggestion = declaredElsewhere(first.name, first.module, others, hasLine);
    const details = others.length === 0 ? [] : [{ label: "note" as const, text: `also used here: ${others.map((name) => `\`${name}\` (line ${lines.get(name)})`).join(", ")}` }];
    const fixes = [addUseFix(first.file, first.module, [first.name, ...others])];
    cx.diagnostics[first.index] = remade(cx.diagnostics[first.index], first.name, suggestion, details, fixes);
    for (let k = 1; k < group.length; k++) dropped.add(group[k].index);
  }
  if (dropped.size === 0) return;
  let kept = 0;
  for (let i = 0; i < cx.diagnostics.length; i++) if (!dropped.has(i)) cx.diagnostics[kept++] = cx.diagnostics[i];
  cx.diagnostics.length = kept;
}

function remade(d: Diagnostic, name: string, suggestion: string, details: Diagnostic["details"], fixes: Fix[]): Diagnostic {
  return d.rule === "type.unknown"
    ? diagnostic("type.unknown", d.span, { name, suggestion }, details, fixes)
    : diagnostic("name.unknown", d.span, { name, suggestion }, details, fixes);
}
