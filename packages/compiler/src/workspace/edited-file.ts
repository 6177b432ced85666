// How a file changed since the last check, declaration by declaration: which declarations are
// the same (same text at the same place), and whether the others changed only inside their bodies.
// A declaration's name, parameters, result and `fails` are what other declarations read of it; its
// body is read by nobody else. So when only bodies changed, the rest of the project's check still
// stands (editor-check.ts).
import type { Decl } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import { commonPrefix } from "../source/common-prefix.ts";

export interface EditedFile {
  /** The file as the check reads it: its declarations before the edit are the last check's objects. */
  file: LoadedFile;
  /** The file as the last check read it. */
  before: LoadedFile;
  /** The offset where the text first differs (the same in both texts). */
  cut: number;
  /** The declarations from the edit on: this parse's, and the last check's in their places. */
  changed: Decl[];
  replaced: Decl[];
  /** For each of `changed`, how far it moved when only that (its text is the same), else null. */
  moved: ({ offset: number; lines: number } | null)[];
}

/**
 * How `now` changed from `before` (the same file, parsed without a syntax error both times), or
 * null when more than bodies may have: a declaration added or removed, one of another kind, one
 * that changed outside its bodies, or one without a body that changed or (but for a type or a
 * `use`) moved.
 */
export function editedBodies(before: LoadedFile, now: LoadedFile): EditedFile | null {
  const old = before.syntax.decls;
  const decls = now.syntax.decls;
  if (old.length !== decls.length) return null;
  const oldText = before.source.text;
  const text = now.source.text;
  const cut = commonPrefix(oldText, text);
  let k = 0;
  // A declaration ending before the first changed character is read the same: its own object stands.
  while (k < decls.length && old[k].span.end < cut && sameSpan(old[k], decls[k])) k++;
  const changed = decls.slice(k);
  const replaced = old.slice(k);
  const moved = changed.map((decl, i) => movedBy(replaced[i], oldText, decl, text));
  for (let i = 0; i < changed.length; i++) {
    // A type or a `use` that only moved reads the same; other declarations may change inside their bodies.
    const movedAsIs = moved[i] !== null && (changed[i].kind === "type" || changed[i].kind === "use");
    if (!movedAsIs && !sameOutsideBodies(replaced[i], oldText, changed[i], text)) return null;
  }
  const syntax = { ...now.syntax, decls: [...old.slice(0, k), ...changed] };
  return { file: { ...now, syntax }, before, cut, changed, replaced, moved };
}

/** How far `decl` moved from `old` when its text is the same and it starts at the same column, else null. */
function movedBy(old: Decl, oldText: string, decl: Decl, text: string): { offset: number; lines: number } | null {
  if (old.span.column !== decl.span.column || old.span.end - old.span.start !== decl.span.end - decl.span.start) return null;
  if (oldText.slice(old.span.start, old.span.end) !== text.slice(decl.span.start, decl.span.end)) return null;
  return { offset: decl.span.start - old.span.start, lines: decl.span.line - old.span.line };
}

function sameSpan(a: Decl, b: Decl): boolean {
  return a.kind === b.kind && a.span.start === b.span.start && a.span.end === b.span.end;
}

/** Whether two declarations are of one kind with bodies, and read the same outside them (what other declarations may read). */
function sameOutsideBodies(old: Decl, oldText: string, now: Decl, text: string): boolean {
  if (old.kind !== now.kind) return false;
  const a = outsideBodies(old);
  const b = outsideBodies(now);
  if (a === null || b === null || a.length !== b.length) return false;
  return a.every(([start, end], i) => oldText.slice(start, end) === text.slice(b[i][0], b[i][1]));
}

/**
 * The stretches of a declaration's text outside its bodies, or null for a declaration that has
 * no body or is incomplete. A test is read by nobody: none.
 */
function outsideBodies(decl: Decl): [number, number][] | null {
  if (decl.incomplete) return null;
  switch (decl.kind) {
    case "test":
      return [];
    case "function":
    case "action":
      return [[decl.span.start, decl.body.span.start], [decl.body.span.end, decl.span.end]];
    case "fixtures": {
      const out: [number, number][] = [];
      let at = decl.span.start;
      for (const member of decl.members) {
        out.push([at, member.body.span.start]);
        at = member.body.span.end;
      }
      out.push([at, decl.span.end]);
      return out;
    }
    case "use":
    case "type":
    case "failure":
    case "prompt":
    case "connection":
    case "locales":
      return null;
  }
}
