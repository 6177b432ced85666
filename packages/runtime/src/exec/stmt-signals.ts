// What a compiled statement returns, and the statement pieces the statement, `match` and test
// statement compilers share. A leaf below them, so they import each other only where the
// language itself recurses (a block holds statements, a statement holds expressions, a match arm
// holds a block).
import type { FailureInfo, Ident } from "@jadpo/compiler";
import { FailureSignal, InternalFault } from "../signals.ts";
import type { Slots } from "./closure.ts";
import { resolutionOf, unsupported, type Cx } from "./compile-state.ts";
import type { RunContext } from "./context.ts";
import type { Value } from "../values/value.ts";

/** "Go on with the next statement". Any other completion is the value of a `return`. */
export const CONT: unique symbol = Symbol("continue");
export type Completion = Value | typeof CONT;

export type SStmt =
  | { async: false; fn: (s: Slots, c: RunContext) => Completion }
  | { async: true; fn: (s: Slots, c: RunContext) => Promise<Completion> };

/** The failure a `reject F` or `failure F =>` names. */
export function failureNamed(cx: Cx, ident: Ident): FailureInfo | null {
  const res = resolutionOf(cx, ident);
  if (res?.kind === "failure") return res.failure;
  const { failures, aiFailures } = cx.p.program;
  return failures.find((f) => f.name === ident.name) ?? Object.values(aiFailures).find((f) => f.name === ident.name) ?? null;
}

export function rejectFn(cx: Cx, ident: Ident): () => never {
  const failure = failureNamed(cx, ident);
  if (!failure) return unsupported(`\`reject ${ident.name}\` names no failure`);
  return () => {
    throw new FailureSignal(failure);
  };
}

export function internalStmt(message: string): SStmt {
  return {
    async: false,
    fn: () => {
      throw new InternalFault(message);
    },
  };
}
