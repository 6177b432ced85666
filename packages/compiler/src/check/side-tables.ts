// The checker's side tables: facts about nodes (each expression's type, each name's resolution),
// keyed by node identity. A program that will run keeps them all, since the runtime compiles
// from them. `jadpo check` never runs the program, and a large project has hundreds of
// thousands of these facts, so it keeps only the ones the checker itself reads back.
import type { Expr, Ident, Node } from "../syntax/ast.ts";
import type { Type } from "../types/types.ts";
import type { Resolution, SideTable } from "./program.ts";

export interface SideTables {
  exprTypes: SideTable<Expr, Type>;
  resolutions: SideTable<Node | Ident, Resolution>;
}

/** Every fact, for a program that will run. */
export function sideTablesToRun(): SideTables {
  return { exprTypes: new Map(), resolutions: new Map() };
}

/**
 * What function, action and fixture bodies write in a first check whose facts are found again
 * on demand (`factsOnDemand`): into `tables`, only what is read before any body is compiled —
 * failures' resolutions (the checker reads them back) and calls' (which actions wait, which
 * calls ask a model, for `--coverage`).
 */
export function firstPassTables(tables: SideTables): SideTables {
  return {
    exprTypes: new Kept(tables.exprTypes, () => false),
    resolutions: new Kept(tables.resolutions, (key, value) => value.kind === "failure" || ("kind" in key && key.kind === "call")),
  };
}

/**
 * An editor's bodies (every fact found again on demand): read what the declarations wrote (each
 * action's `fails`), write nothing.
 */
export function readOnlyTables(tables: SideTables): SideTables {
  return { exprTypes: new Kept(tables.exprTypes, () => false), resolutions: new Kept(tables.resolutions, () => false) };
}

/** Writes to `into` only what `keep` says; reads all of it. */
class Kept<K, V> implements SideTable<K, V> {
  constructor(private readonly into: SideTable<K, V>, private readonly keep: (key: K, value: V) => boolean) {}
  get size(): number {
    return this.into.size;
  }
  get(key: K): V | undefined {
    return this.into.get(key);
  }
  has(key: K): boolean {
    return this.into.has(key);
  }
  set(key: K, value: V): void {
    if (this.keep(key, value)) this.into.set(key, value);
  }
  values(): Iterable<V> {
    return this.into.values();
  }
}

/** For checking only: no expression types, and only failures' resolutions (the checker reads those back). */
export function checkOnlySideTables(): SideTables {
  return { exprTypes: new NoExprTypes(), resolutions: new Kept(new Map(), (_key, value) => value.kind === "failure") };
}

/** Records no expression's type: nothing reads them when the program won't run. */
class NoExprTypes implements SideTable<Expr, Type> {
  readonly size = 0;
  get(): undefined {
    return undefined;
  }
  has(): boolean {
    return false;
  }
  set(): void {}
  values(): Iterable<Type> {
    return [];
  }
}
