// The module graph made again from the last one, when only bodies changed (edited-file.ts): every
// file declares the same names and has the same `use` lines, so every file still sees the same
// names, declared by the same declarations, but for the edited files' declarations, which are new
// objects. The scopes of the last resolve made in full stand, each name looked up through them
// and, where it names a declaration of a file edited since, given the new one (`refs`). Resolving
// reported nothing then but each file's own name problems (casing, duplicates inside it), so it
// reports those again, the edited file's made anew. Anything else resolves in full.
import type { DeclRef, FileScope, LoadedFile, ModuleGraph, RecordingSource } from "../modules/graph.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { ResolveResult } from "../modules/resolve.ts";
import { APP_FILE } from "../modules/load.ts";
import { ownNameProblems, ownNames } from "../names/declare.ts";
import type { EditedFile } from "./edited-file.ts";

/** The last resolve made in full, and what later ones made again from it changed. */
export interface ResolveBase {
  base: ModuleGraph;
  /** Whether it reported nothing but each file's own name problems. */
  clean: boolean;
  /** A declaration of a file edited since, as that resolve named it → as the last check names it. */
  refs: ReadonlyMap<DeclRef, DeclRef>;
}

/** What a resolve made in full leaves for the next ones. */
export function resolveBase(result: ResolveResult): ResolveBase {
  const own = result.graph.files.flatMap((file) => ownNameProblems(file.syntax));
  const clean = own.length === result.diagnostics.length && own.every((d, i) => d === result.diagnostics[i]);
  return { base: result.graph, clean, refs: new Map() };
}

/** The graph of `files` made again from `last`, or null when it must be resolved in full. */
export function resolveAgain(last: ResolveBase, files: LoadedFile[], edited: EditedFile | null, recordings: RecordingSource[]): { result: ResolveResult; resolution: ResolveBase } | null {
  if (!last.clean) return null;
  let refs = last.refs;
  if (edited !== null) {
    const base = last.base.scopes.get(edited.file.path)?.file;
    if (base === undefined) return null;
    const before = ownNames(base);
    const now = ownNames(edited.file);
    if (before.length !== now.length || before.some((b, i) => b.name !== now[i].name)) return null;
    const changed = new Map(refs);
    before.forEach((b, i) => changed.set(b.entry.ref, now[i].entry.ref));
    refs = changed;
  }
  const scopes = new Map<string, FileScope>();
  for (const file of files) {
    const scope = last.base.scopes.get(file.path);
    if (scope === undefined) return null;
    scopes.set(file.path, { file, names: new RenamedScope(scope.names, refs) });
  }
  const diagnostics: Diagnostic[] = files.flatMap((file) => [...ownNameProblems(file.syntax)]);
  const app = files.find((file) => file.path === APP_FILE) ?? null;
  const graph: ModuleGraph = { files, scopes, app, recordings };
  return { result: { graph, diagnostics }, resolution: { ...last, refs } };
}

/** A scope of the last full resolve, each name it gives renamed by `refs`. */
class RenamedScope implements ReadonlyMap<string, DeclRef> {
  constructor(private readonly names: ReadonlyMap<string, DeclRef>, private readonly refs: ReadonlyMap<DeclRef, DeclRef>) {}

  get(name: string): DeclRef | undefined {
    const ref = this.names.get(name);
    return ref === undefined ? undefined : this.refs.get(ref) ?? ref;
  }

  has(name: string): boolean {
    return this.names.has(name);
  }

  get size(): number {
    return this.names.size;
  }

  *entries(): MapIterator<[string, DeclRef]> {
    for (const [name, ref] of this.names) yield [name, this.refs.get(ref) ?? ref];
  }

  *keys(): MapIterator<string> {
    yield* this.names.keys();
  }

  *values(): MapIterator<DeclRef> {
    for (const [, ref] of this.entries()) yield ref;
  }

  [Symbol.iterator](): MapIterator<[string, DeclRef]> {
    return this.entries();
  }

  forEach(callback: (value: DeclRef, key: string, map: ReadonlyMap<string, DeclRef>) => void, thisArg?: unknown): void {
    for (const [name, ref] of this.entries()) callback.call(thisArg, ref, name, this);
  }
}
