// Declaring the top-level names: each file's own, each folder module's (shared by its files) and
// `app.jadpo`'s (visible everywhere), with the name.* rules that need no `use`: duplicates,
// casing, reserved, and the names unique across the project (prompts, named alone by `ai.<prompt>`
// and the CLI; actions, named alone by `POST /actions/<name>` and a build's `app.actions`).
import type { LoadedFile } from "../syntax/loaded-file.ts";
import type { SyntaxFile } from "../syntax/ast.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { checkCasing } from "./casing.ts";
import { checkLocalDuplicates } from "./duplicates.ts";
import { addName, declaredNames, describeOrigin, type Namespace } from "./namespace.ts";

const RESERVED_PROMPT_NAMES = new Set(["generate", "stream", "embed"]);

/** The declarations whose names are unique across the project, and the note that says so. */
const PROJECT_WIDE = { prompt: "prompt names are unique across the project", action: "action names are unique across the project" } as const;

export interface DeclaredNames {
  /** Each file's own top-level names (what `use` of its file module imports). */
  files: Map<LoadedFile, Namespace>;
  /** Each folder module's names, by module path ("" for files in no folder module). */
  folders: Map<string, Namespace>;
  /** `app.jadpo`'s names. */
  app: Namespace;
}

/**
 * A file's names, and its duplicates and casing problems: the file alone decides them, so they
 * are kept while it lives (an editor resolves the same unchanged files again at each check).
 */
const ownNamed = new WeakMap<LoadedFile, ReturnType<typeof declaredNames>>();
const ownProblems = new WeakMap<SyntaxFile, readonly Diagnostic[]>();

export function ownNames(file: LoadedFile): ReturnType<typeof declaredNames> {
  let found = ownNamed.get(file);
  if (found === undefined) ownNamed.set(file, (found = declaredNames(file)));
  return found;
}

export function ownNameProblems(syntax: SyntaxFile): readonly Diagnostic[] {
  let found = ownProblems.get(syntax);
  if (found === undefined) ownProblems.set(syntax, (found = [...checkLocalDuplicates(syntax.decls), ...checkCasing(syntax.decls, syntax.locals)]));
  return found;
}

export function declareNames(files: LoadedFile[], app: LoadedFile | null, out: Diagnostic[]): DeclaredNames {
  const declared: DeclaredNames = { files: new Map(), folders: new Map(), app: new Map() };
  const projectWide = { prompt: new Map<string, { file: LoadedFile; line: number }>(), action: new Map<string, { file: LoadedFile; line: number }>() };
  for (const file of files) {
    const own: Namespace = new Map();
    declared.files.set(file, own);
    let shared = file === app ? declared.app : declared.folders.get(file.folderModule);
    if (!shared) declared.folders.set(file.folderModule, (shared = new Map()));
    for (const { name, entry } of ownNames(file)) {
      if (!own.has(name)) own.set(name, entry);
      addName(shared, name, entry, out);
    }
    for (const d of ownNameProblems(file.syntax)) out.push(d);
    for (const decl of file.syntax.decls) {
      if (decl.kind !== "prompt" && decl.kind !== "action") continue;
      const name = decl.name.name;
      if (decl.kind === "prompt" && RESERVED_PROMPT_NAMES.has(name)) out.push(diagnostic("name.reserved", decl.name.span, { name }));
      const seen = projectWide[decl.kind];
      const first = seen.get(name);
      if (!first) seen.set(name, { file, line: decl.name.span.line });
      else if (first.file.folderModule !== file.folderModule) {
        // (Two in one folder module are already a duplicate in its namespace.)
        const note = { label: "note" as const, text: PROJECT_WIDE[decl.kind] };
        out.push(diagnostic("name.duplicate", decl.name.span, { name, where: `${first.file.path}:${first.line}` }, [note]));
      }
    }
  }
  // The app's names are visible everywhere, so no module may declare one again.
  for (const [module, names] of declared.folders) {
    if (module === "") continue;
    for (const [name, entry] of names) {
      const appEntry = declared.app.get(name);
      if (appEntry) out.push(diagnostic("name.duplicate", entry.ident.span, { name, where: describeOrigin(appEntry, entry.file) }));
    }
  }
  return declared;
}
