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

/** For checking only: no expression types, and only failures' resolutions (the checker reads those back). */
export function checkOnlySideTables(): SideTables {
  return { exprTypes: new NoExprTypes(), resolutions: new FailureResolutionsOnly() };
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

/** Records only the resolutions of failure names (`reject F`, `fails F`, `failure F =>`). */
class FailureResolutionsOnly implements SideTable<Node | Ident, Resolution> {
  private readonly failures = new Map<Node | Ident, Resolution>();
  get size(): number {
    return this.failures.size;
  }
  get(key: Node | Ident): Resolution | undefined {
    return this.failures.get(key);
  }
  has(key: Node | Ident): boolean {
    return this.failures.has(key);
  }
  set(key: Node | Ident, value: Resolution): void {
    if (value.kind === "failure") this.failures.set(key, value);
  }
  values(): Iterable<Resolution> {
    return this.failures.values();
  }
}
