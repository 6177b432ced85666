// The project's name table, for an editor's references, highlights and rename: every named
// thing (a declaration, a field, an enum member, a fixture, a parameter or local) with where it
// is declared and every place it is written, across source files, tests and recordings. It is
// read from the checker's facts (resolutions, expression types) and the module scopes, never
// from message text, and built once per compile, when first asked.
import type { CompileResult } from "../pipeline.ts";
import { walkNames } from "./name-walk.ts";
import { symbolKey, type NameSymbol, type Occurrence } from "./name-symbols.ts";

export { symbolKey, type NameKind, type NameSymbol, type Occurrence } from "./name-symbols.ts";

export interface NameIndex {
  symbols: ReadonlyMap<string, NameSymbol>;
  /** By symbol key, in the order met (path order, then source order). */
  occurrences: ReadonlyMap<string, readonly Occurrence[]>;
  /** The occurrence whose span holds `offset` of `file` (its end included), or null. */
  at(file: string, offset: number): Occurrence | null;
}

const built = new WeakMap<CompileResult, NameIndex>();

/** The name table of a compile whose program kept every fact (`keepFacts`). */
export function nameIndex(result: CompileResult): NameIndex {
  let index = built.get(result);
  if (!index) built.set(result, (index = buildIndex(result)));
  return index;
}

function buildIndex(result: CompileResult): NameIndex {
  const symbols = new Map<string, NameSymbol>();
  const occurrences = new Map<string, Occurrence[]>();
  const byFile = new Map<string, Occurrence[]>();
  const seen = new Set<string>();
  walkNames(result, {
    declare(symbol) {
      if (!symbols.has(symbol.key)) symbols.set(symbol.key, symbol);
    },
    use(occurrence) {
      // A node reached twice (a call and its callee share a fact) is one occurrence.
      const id = `${occurrence.key}\0${symbolKey(occurrence.span)}`;
      if (seen.has(id)) return;
      seen.add(id);
      const list = occurrences.get(occurrence.key);
      if (list) list.push(occurrence);
      else occurrences.set(occurrence.key, [occurrence]);
      const inFile = byFile.get(occurrence.span.file);
      if (inFile) inFile.push(occurrence);
      else byFile.set(occurrence.span.file, [occurrence]);
    },
  });
  return {
    symbols,
    occurrences,
    at(file, offset) {
      let found: Occurrence | null = null;
      for (const o of byFile.get(file) ?? []) {
        if (o.span.start <= offset && offset <= o.span.end && (!found || o.span.end - o.span.start < found.span.end - found.span.start)) found = o;
      }
      return found;
    },
  };
}
