// Top-level names and the namespaces they live in: a file's own names, a folder module's names
// (shared by its files), and `app.jadpo`'s names (visible everywhere).
import type { Ident } from "../syntax/ast.ts";
import type { DeclRef, LoadedFile } from "../syntax/loaded-file.ts";
import { diagnostic, type Detail, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { toUpperCamel } from "./casing.ts";

/** One name as it entered a namespace: what it refers to, and where it was written. */
export interface NameEntry {
  ref: DeclRef;
  /** The identifier that introduced it (a prompt's name for its values type; the import for an imported name). */
  ident: Ident;
  /** The file it was written in. */
  file: LoadedFile;
  /** Set when it came in by `use`: the module path written. */
  importedFrom?: string;
}

export type Namespace = Map<string, NameEntry>;

/** What `addName` needs of a namespace: a Map, or a view over several. */
export type NameTable = Pick<Namespace, "get" | "set">;

/** The names one file declares, in source order; a prompt brings its values type right after it. */
export function declaredNames(file: LoadedFile): { name: string; entry: NameEntry }[] {
  const out: { name: string; entry: NameEntry }[] = [];
  for (const decl of file.syntax.decls) {
    if (decl.kind === "use" || decl.kind === "test" || decl.kind === "locales") continue;
    out.push({ name: decl.name.name, entry: { ref: { kind: "decl", decl, file }, ident: decl.name, file } });
    if (decl.kind === "prompt") {
      const ref: DeclRef = { kind: "prompt_values", prompt: decl, file };
      out.push({ name: valuesTypeName(decl.name.name), entry: { ref, ident: decl.name, file } });
    }
  }
  return out;
}

/** A prompt's values type: its name in UpperCamel (`answer_question` → `AnswerQuestion`). */
export function valuesTypeName(promptName: string): string {
  return toUpperCamel(promptName);
}

/** Whether two entries are the same declaration (seen again through another route, such as `app.jadpo`). */
export function sameRef(a: DeclRef, b: DeclRef): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind === "decl" ? a.decl === (b as typeof a).decl : a.prompt === (b as typeof a).prompt;
}

/** Where an entry was written, as read from `from`: `this file, on line 3`, `app.jadpo:1`, `the \`use a/b\` on line 2`. */
export function describeOrigin(entry: NameEntry, from: LoadedFile): string {
  const line = entry.ident.span.line;
  if (entry.importedFrom !== undefined) {
    const inFile = entry.file === from ? "" : ` of ${entry.file.path}`;
    return `the \`use ${entry.importedFrom}\` on line ${line}${inFile}`;
  }
  if (entry.file === from) return `this file, on line ${line}`;
  return `${entry.file.path}:${line}`;
}

/** Notes that explain a name nobody wrote: a prompt's values type. */
function valuesNote(name: string, entry: NameEntry): Detail[] {
  if (entry.ref.kind !== "prompt_values") return [];
  return [{ label: "note", text: `prompt \`${entry.ref.prompt.name.name}\` declares the values type \`${name}\`` }];
}

/**
 * Adds `entry` under `name`, or reports `name.duplicate` at the newcomer when the name is taken
 * by another declaration. The same declaration arriving twice is not a duplicate.
 */
export function addName(namespace: NameTable, name: string, entry: NameEntry, out: Diagnostic[]): boolean {
  const existing = namespace.get(name);
  if (!existing) {
    namespace.set(name, entry);
    return true;
  }
  if (sameRef(existing.ref, entry.ref) && existing.importedFrom === undefined && entry.importedFrom === undefined) return false;
  const details = [...valuesNote(name, existing), ...valuesNote(name, entry)];
  out.push(diagnostic("name.duplicate", entry.ident.span, { name, where: describeOrigin(existing, entry.file) }, details));
  return false;
}
