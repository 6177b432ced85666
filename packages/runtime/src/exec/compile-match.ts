// `match` on outcomes, enums and optionals (docs/language.md), as an expression or a statement. A selector
// evaluates the subject, binds the arm's variable and answers the arm's index; the arm then runs.
// In an outcome match only the call itself is guarded: a failure raised by an arm is not the call's.
import type { ArmBody, Block, Expr, FailureInfo, MatchExpr } from "@jadpo/compiler";
import { anyAsync, asyncExpr, syncExpr, type CExpr } from "./closure.ts";
import { compileExpr } from "./compile-expr.ts";
import { guardCall, type Runnable } from "./guarded-call.ts";
import { childScope, declareLocal, type Cx } from "./compile-state.ts";
import { compileBlock, compileStatements } from "./compile-stmt.ts";
import { CONT, failureNamed, rejectFn, type Completion, type SStmt } from "./stmt-signals.ts";
import type { RunContext } from "./context.ts";
import { FailureSignal, InternalFault, ReturnSignal } from "../signals.ts";
import type { Slots } from "./closure.ts";
import type { Value } from "../values/value.ts";

type Selector = Runnable<number>;

/** One compiled arm: its scope (with its binding's slot) is prepared before the arm body compiles. */
interface ArmPlan {
  cx: Cx;
  slot: number;
}

function planArms(cx: Cx, m: MatchExpr): ArmPlan[] {
  return m.arms.map((arm) => {
    const armCx = childScope(cx);
    const p = arm.pattern;
    const slot = p.kind === "success" || p.kind === "some" ? declareLocal(armCx, p.binding.name) : -1;
    return { cx: armCx, slot };
  });
}

function noArm(): never {
  throw new InternalFault("no match arm fits the value");
}

function isOutcomeMatch(m: MatchExpr): boolean {
  return m.arms.some((a) => a.pattern.kind === "success" || a.pattern.kind === "failure" || a.pattern.kind === "failure_any");
}

function compileSelector(cx: Cx, m: MatchExpr, plans: ArmPlan[]): Selector {
  if (isOutcomeMatch(m)) return outcomeSelector(cx, m, plans);
  // Enums (a member's name) and optionals (null is none); `_` takes the rest.
  const members = new Map<string, number>();
  let noneArm = -1;
  let someArm = -1;
  let wildcard = -1;
  // The first arm that fits wins: arms after a `_` can't be reached.
  m.arms.forEach((arm, i) => {
    const p = arm.pattern;
    if (wildcard >= 0) return;
    if (p.kind === "member" && !members.has(p.member.name)) members.set(p.member.name, i);
    else if (p.kind === "none" && noneArm < 0) noneArm = i;
    else if (p.kind === "some" && someArm < 0) someArm = i;
    else if (p.kind === "wildcard") wildcard = i;
  });
  const someSlot = someArm >= 0 ? plans[someArm].slot : -1;
  const pick = (v: Value, s: Slots): number => {
    if (v === null && noneArm >= 0) return noneArm;
    if (someArm >= 0 && v !== null) {
      s[someSlot] = v;
      return someArm;
    }
    if (typeof v === "string") {
      const i = members.get(v);
      if (i !== undefined) return i;
    }
    return wildcard >= 0 ? wildcard : noArm();
  };
  const subject = compileExpr(cx, m.subject);
  if (!subject.async) {
    const f = subject.fn;
    return { async: false, fn: (s, c) => pick(f(s, c), s) };
  }
  const f = subject.fn;
  return { async: true, fn: async (s, c) => pick(await f(s, c), s) };
}

function outcomeSelector(cx: Cx, m: MatchExpr, plans: ArmPlan[]): Selector {
  // The first arm that fits wins: `success(x)` or `_` for a value; `failure F`, `failure _` or `_` for a failure.
  const successArm = m.arms.findIndex((arm) => arm.pattern.kind === "success" || arm.pattern.kind === "wildcard");
  const catches: Array<Set<FailureInfo> | "any" | null> = m.arms.map((arm) => {
    const p = arm.pattern;
    if (p.kind === "failure_any" || p.kind === "wildcard") return "any";
    if (p.kind !== "failure") return null;
    const set = new Set<FailureInfo>();
    for (const name of p.names) {
      const f = failureNamed(cx, name);
      if (f) set.add(f);
    }
    return set;
  });
  const successSlot = successArm >= 0 ? plans[successArm].slot : -1;
  const onSuccess = (v: Value, s: Slots): number => {
    if (successSlot >= 0) s[successSlot] = v;
    return successArm >= 0 ? successArm : noArm();
  };
  const onError = (err: unknown): number => {
    if (!(err instanceof FailureSignal)) throw err;
    for (let i = 0; i < catches.length; i++) {
      const catching = catches[i];
      if (catching === "any" || (catching !== null && catching.has(err.failure))) return i;
    }
    throw err; // not handled here: it goes on to the enclosing action
  };

  return guardCall<number>(cx, m.subject, { value: onSuccess, error: onError });
}

function dispatch<T>(selector: Selector, arms: Runnable<T>[]): Runnable<T> {
  if (!selector.async && !anyAsync(arms)) {
    const sel = selector.fn;
    const fns = arms.map((a) => a.fn as (s: Slots, c: RunContext) => T);
    return { async: false, fn: (s, c) => fns[sel(s, c)](s, c) };
  }
  return {
    async: true,
    async fn(s, c) {
      const i = selector.async ? await selector.fn(s, c) : selector.fn(s, c);
      const arm = arms[i];
      return arm.async ? await arm.fn(s, c) : arm.fn(s, c);
    },
  };
}

/** A `match` whose value is used. */
export function compileMatchExpr(cx: Cx, m: MatchExpr): CExpr {
  const plans = planArms(cx, m);
  const selector = compileSelector(cx, m, plans);
  const arms = m.arms.map((arm, i) => armValue(plans[i].cx, arm.body));
  return dispatch<Value>(selector, arms) as CExpr;
}

/** A `match` standing as a statement: a `return` in an arm is the statement's completion. */
export function compileMatchStmt(cx: Cx, m: MatchExpr): SStmt {
  const plans = planArms(cx, m);
  const selector = compileSelector(cx, m, plans);
  const arms = m.arms.map((arm, i) => armStatement(plans[i].cx, arm.body));
  return dispatch<Completion>(selector, arms) as SStmt;
}

function armValue(cx: Cx, body: ArmBody): CExpr {
  switch (body.kind) {
    case "expr":
      return compileExpr(cx, body.expr);
    case "reject":
      return syncExpr(rejectFn(cx, body.failure));
    case "block":
      return blockValue(cx, body.block);
  }
}

function armStatement(cx: Cx, body: ArmBody): SStmt {
  switch (body.kind) {
    case "expr": {
      const e = compileExpr(cx, body.expr);
      if (!e.async) {
        const f = e.fn;
        return {
          async: false,
          fn(s, c) {
            f(s, c);
            return CONT;
          },
        };
      }
      const f = e.fn;
      return {
        async: true,
        async fn(s, c) {
          await f(s, c);
          return CONT;
        },
      };
    }
    case "reject":
      return { async: false, fn: rejectFn(cx, body.failure) };
    case "block":
      return compileBlock(cx, body.block);
  }
}

/** A block arm's value: its final bare expression, after the statements before it. */
function blockValue(outer: Cx, block: Block): CExpr {
  outer.body.returnSignal = true;
  const cx = childScope(outer);
  const stmts = block.statements;
  const last = stmts[stmts.length - 1];
  const finalExpr: Expr | null = last && last.kind === "expr" ? last.expr : null;
  const before = compileStatements(cx, finalExpr ? stmts.slice(0, -1) : stmts);
  const value = finalExpr ? compileExpr({ ...cx, stmt: last.span }, finalExpr) : syncExpr(() => null);
  const escape = (r: Completion): never => {
    throw new ReturnSignal(r as Value);
  };
  if (!before.async && !value.async) {
    const b = before.fn;
    const v = value.fn;
    return syncExpr((s, c) => {
      const r = b(s, c);
      if (r !== CONT) return escape(r);
      return v(s, c);
    });
  }
  return asyncExpr(async (s, c) => {
    const r = before.async ? await before.fn(s, c) : before.fn(s, c);
    if (r !== CONT) return escape(r);
    return value.async ? await value.fn(s, c) : value.fn(s, c);
  });
}

