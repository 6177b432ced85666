// What the statement and expression checks know about the body they are in: which kind of body
// (purity, `reject`), its return type, the failures escaping it, and the local names in scope.
import type { Span } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import type { FailureInfo, Resolution } from "./program.ts";
import type { Type } from "../types/types.ts";
import type { Checker } from "./context.ts";

export type BodyKind = "function" | "action" | "fixture" | "test";

/** A failure that leaves the body: by `attempt` of a call that can fail, or by `reject`. */
export interface Escape {
  failure: FailureInfo;
  span: Span;
  /** `unhandled`: a call that can fail, already reported as `failure.attempt_required`; it keeps
   * its failures from looking stale, and is never reported as undeclared. */
  via: "attempt" | "reject" | "unhandled";
}

export interface Body {
  cx: Checker;
  file: LoadedFile;
  kind: BodyKind;
  /** `greeting`, `questions.asked`, or the test's name. */
  name: string;
  returnType: Type;
  escapes: Escape[];
  /**
   * A `match` missed arms (`failure.match_not_exhaustive`): what the missing arm would reject is
   * unknown, so no declared failure is called stale (one mistake, one diagnostic). Also set
   * when an arm is an unknown word (`failure _ => propagate`), for the same reason.
   */
  missedArms?: boolean;
}

export interface LocalVar {
  type: Type;
  mutable: boolean;
  /** Where it is declared: the name in the parameter list, `var`, `for` or match arm. */
  at: Span;
  /** Shared by every use, so a name's resolution is made once. */
  resolution?: Resolution;
}

/** Local names: parameters, `var`s, `for` items and match bindings, block by block. */
export class Locals {
  /** Made on the first name: most blocks (arm bodies, `if` branches) declare none. */
  private vars: Map<string, LocalVar> | null = null;

  constructor(private readonly parent: Locals | null = null) {}

  child(): Locals {
    return new Locals(this);
  }

  get(name: string): LocalVar | undefined {
    for (let scope: Locals | null = this; scope !== null; scope = scope.parent) {
      const local = scope.vars?.get(name);
      if (local !== undefined) return local;
    }
    return undefined;
  }

  /** Declared in this very block (not an outer one). */
  own(name: string): LocalVar | undefined {
    return this.vars?.get(name);
  }

  set(name: string, local: LocalVar): void {
    (this.vars ??= new Map()).set(name, local);
  }

  /** Innermost first; lazy, so a caller that stops early never walks every scope. */
  *names(): Generator<string> {
    for (let scope: Locals | null = this; scope !== null; scope = scope.parent) yield* scope.vars?.keys() ?? [];
  }
}
