// The names visible at the top of one file, as a read-only map over three layers (`app.jadpo`'s,
// the folder module's, the file's imports) instead of a copy: a folder's names are shared by all
// its files, and copying them into every file's map cost more than the rest of resolving.
import type { DeclRef } from "./graph.ts";
import type { NameEntry, Namespace } from "../names/namespace.ts";

export class ScopeNames implements ReadonlyMap<string, DeclRef> {
  constructor(
    private readonly app: Namespace,
    private readonly folder: Namespace,
    private readonly imports: Namespace,
  ) {}

  // Every name the checker looks up comes here. Earlier layers win, as they did when the layers
  // were copied in order; read from fields, not destructured from a list, whose iterator
  // allocates at each call until V8 optimizes the caller.
  private entry(name: string): NameEntry | undefined {
    return this.app.get(name) ?? this.folder.get(name) ?? this.imports.get(name);
  }

  get(name: string): DeclRef | undefined {
    return this.entry(name)?.ref;
  }

  has(name: string): boolean {
    return this.entry(name) !== undefined;
  }

  get size(): number {
    let n = 0;
    for (const _ of this.keys()) n++;
    return n;
  }

  *entries(): MapIterator<[string, DeclRef]> {
    const seen = new Set<string>();
    for (const layer of [this.app, this.folder, this.imports]) {
      for (const [name, entry] of layer) {
        if (seen.has(name)) continue;
        seen.add(name);
        yield [name, entry.ref];
      }
    }
  }

  *keys(): MapIterator<string> {
    for (const [name] of this.entries()) yield name;
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
