// Resolving modules (docs/language.md): which module each `use` names, which declarations it imports, the
// names visible at the top of each file, and every module.* rule found on the way (the name.*
// rules come from names/declare.ts).
import type { Ident, Span, UseDecl } from "../syntax/ast.ts";
import { fileStart } from "../source/span.ts";
import type { FileScope, LoadedFile, ModuleGraph, RecordingSource } from "./graph.ts";
import { ScopeNames } from "./scope-names.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { changeTo } from "../diagnostics/fix.ts";
import { closest } from "../names/suggest.ts";
import { declareNames, type DeclaredNames } from "../names/declare.ts";
import { addName, type NameTable, type Namespace } from "../names/namespace.ts";
import { APP_FILE, moduleNames } from "./load.ts";
import { addEdge, importCycles, type ImportEdges } from "./cycles.ts";
import { indexDeclarations, moduleDeclaring, type DeclarationIndex } from "../names/declared-in.ts";
import { runSteps, type Steps } from "../steps.ts";

export interface ResolveOptions {
  recordings?: RecordingSource[];
  /** Files that did not parse cleanly: a name missing from their modules is not reported again. */
  incomplete?: ReadonlySet<string>;
}

export interface ResolveResult {
  graph: ModuleGraph;
  diagnostics: Diagnostic[];
}

interface Module {
  path: string;
  files: LoadedFile[];
  names: Namespace;
}

interface Modules {
  folders: Map<string, Module>;
  files: Map<string, Module>;
  /** Paths that name both a folder and a file module (`module.ambiguous`, reported once). */
  ambiguous: Set<string>;
  /** Every module path, sorted (for "did you mean"). */
  all: string[];
}

/** Resolves every file's `use` lines and builds the module graph, reporting each problem once. */
export function resolveModules(files: LoadedFile[], options: ResolveOptions = {}): ResolveResult {
  return runSteps(resolveSteps(files, options));
}

/** resolveModules in steps: a pause after the names are declared and after each file's scope. */
export function* resolveSteps(files: LoadedFile[], options: ResolveOptions = {}): Steps<ResolveResult> {
  const out: Diagnostic[] = [];
  const app = files.find((file) => file.path === APP_FILE) ?? null;
  const declared = declareNames(files, app, out);
  yield;
  const modules = indexModules(files, declared, out);
  // Modules with a file that didn't parse (or wasn't read): their missing names aren't reported.
  const partial = new Set<string>();
  for (const path of options.incomplete ?? []) {
    const names = moduleNames(path);
    partial.add(names.folderModule).add(names.fileModule);
  }
  const edges: ImportEdges = new Map();
  const scopes = new Map<string, FileScope>();
  // Which module declares each name, made only when a `use` names one its module lacks.
  let index: DeclarationIndex | undefined;
  const declarations = (): DeclarationIndex => (index ??= indexDeclarations(files));
  for (const file of files) {
    scopes.set(file.path, scopeOf(file, declared, modules, partial, edges, out, declarations));
    yield;
  }
  for (const d of importCycles(edges, files.map((file) => file.path))) out.push(d);
  return { graph: { files, scopes, app, recordings: options.recordings ?? [] }, diagnostics: out };
}

/** Every folder module (each folder holding a file, and its parents below `domains/`) and file module. */
function indexModules(files: LoadedFile[], declared: DeclaredNames, out: Diagnostic[]): Modules {
  const folders = new Map<string, Module>();
  const fileModules = new Map<string, Module>();
  for (const file of files) {
    if (file.path === APP_FILE) continue;
    const words = file.folderModule === "" ? [] : file.folderModule.split("/");
    for (let i = 1; i <= words.length; i++) {
      const path = words.slice(0, i).join("/");
      if (!folders.has(path)) folders.set(path, { path, files: [], names: declared.folders.get(path) ?? new Map() });
    }
    if (file.folderModule !== "") folders.get(file.folderModule)!.files.push(file);
    if (!fileModules.has(file.fileModule)) {
      fileModules.set(file.fileModule, { path: file.fileModule, files: [file], names: declared.files.get(file)! });
    }
  }
  const ambiguous = new Set<string>();
  for (const [path, module] of fileModules) {
    if (!folders.has(path)) continue;
    ambiguous.add(path);
    const file = module.files[0];
    const start = fileStart(file.path);
    out.push(diagnostic("module.ambiguous", start, { module: path, file: file.path }));
  }
  const all = [...new Set([...folders.keys(), ...fileModules.keys()])].sort();
  return { folders, files: fileModules, ambiguous, all };
}

const NO_NAMES: Namespace = new Map();

/** A file's scope: the app's names, then its folder module's, then what its `use` lines import. */
function scopeOf(
  file: LoadedFile, declared: DeclaredNames, modules: Modules, partial: ReadonlySet<string>,
  edges: ImportEdges, out: Diagnostic[], declarations: () => DeclarationIndex,
): FileScope {
  const folder = declared.folders.get(file.folderModule) ?? NO_NAMES;
  const imports: Namespace = new Map();
  // What the file sees so far, without copying the folder's names for every `use`.
  const visible: NameTable = {
    get: (name) => imports.get(name) ?? folder.get(name) ?? declared.app.get(name),
    set: (name, entry) => imports.set(name, entry),
  };
  for (const decl of file.syntax.decls) {
    // A `use` cut short by a syntax error has its one diagnostic already.
    if (decl.kind !== "use" || decl.incomplete) continue;
    const path = decl.path.map((word) => word.name).join("/");
    if (modules.ambiguous.has(path)) continue;
    const module = modules.folders.get(path) ?? modules.files.get(path);
    if (!module) {
      const near = closest(path, modules.all);
      out.push(diagnostic("module.not_found", pathSpan(decl), { module: path, suggestion: moduleSuggestion(near) }, [], changeTo(pathSpan(decl), near)));
      continue;
    }
    for (const ident of decl.names) importName(file, decl, module, ident, partial.has(path), visible, edges, out, declarations);
  }
  return { file, names: new ScopeNames(declared.app, folder, imports) };
}

function importName(
  file: LoadedFile, use: UseDecl, module: Module, ident: Ident, partial: boolean,
  visible: NameTable, edges: ImportEdges, out: Diagnostic[], declarations: () => DeclarationIndex,
): void {
  const found = module.names.get(ident.name);
  if (!found) {
    // A name missing from a module with a broken file is most likely in the broken part.
    if (!partial) {
      const elsewhere = moduleDeclaring(declarations(), ident.name, file);
      const near = closest(ident.name, module.names.keys());
      const suggestion = nameSuggestion(ident.name, module, near, elsewhere);
      out.push(diagnostic("module.name_not_found", ident.span, { module: module.path, name: ident.name, suggestion }, [], changeTo(ident.span, near)));
    }
    return;
  }
  if (addName(visible, ident.name, { ref: found.ref, ident, file, importedFrom: module.path }, out)) {
    addEdge(edges, file.path, found.ref.file.path, pathSpan(use));
  }
}

/** The span of a `use` path, from its first word to its last. */
function pathSpan(use: UseDecl): Span {
  if (use.path.length === 0) return use.span;
  const first = use.path[0].span;
  const last = use.path[use.path.length - 1].span;
  return { ...first, end: last.end };
}

/** `near`: the closest module to the one written, or null. */
function moduleSuggestion(near: string | null): string {
  return near ? `Use \`${near}\`, the closest module` : "Name a folder or a file below `domains/`, without the extension";
}

/** `near`: the module's closest name; `elsewhere`: another module that declares the name (the likely mix-up); each or null. */
function nameSuggestion(name: string, module: Module, near: string | null, elsewhere: string | null): string {
  if (near) return `Import \`${near}\`, the closest name in \`${module.path}\``;
  if (elsewhere !== null && elsewhere !== module.path) return `\`${name}\` is declared in \`${elsewhere}\`: import it from there, \`use ${elsewhere} { ${name} }\``;
  if (module.names.size === 0) return `Remove \`${name}\` from this \`use\`: \`${module.path}\` declares no names`;
  return `Remove \`${name}\` from this \`use\`, or declare it in \`${module.path}\``;
}
