// A call whose failure someone handles: an outcome `match`, a test's `attempt`, `assert … fails`.
// The arguments run first, unguarded (a failure there is not the call's); then only the call
// itself runs inside the guard, and its value or its failure goes to the handler.
import type { Expr } from "@jadpo/compiler";
import { anyAsync, type CExpr } from "./closure.ts";
import { compileCallee } from "./compile-call.ts";
import { compileArgs, compileExpr, unwrapCall } from "./compile-expr.ts";
import type { Cx } from "./compile-state.ts";
import type { RunContext } from "./context.ts";
import type { Slots } from "./closure.ts";
import type { Value } from "../values/value.ts";

export type Runnable<T> =
  | { async: false; fn: (s: Slots, c: RunContext) => T }
  | { async: true; fn: (s: Slots, c: RunContext) => Promise<T> };

export interface Handlers<T> {
  /** The call's value; runs outside the guard. */
  value(v: Value, s: Slots, c: RunContext): T;
  /** Whatever the call threw (rethrow what isn't handled here). */
  error(err: unknown, s: Slots, c: RunContext): T;
}

export function guardCall<T>(cx: Cx, subject: Expr, on: Handlers<T>): Runnable<T> {
  const call = unwrapCall(subject);
  if (!call) return guardWhole(compileExpr(cx, subject), on);
  const args = compileArgs(cx, call);
  const invoke = compileCallee(cx, call);
  if (!invoke.async && !anyAsync(args)) {
    const n = args.length;
    const fns: ((s: Slots, c: RunContext) => Value)[] = new Array(n);
    for (let i = 0; i < n; i++) fns[i] = args[i].fn as (s: Slots, c: RunContext) => Value;
    const run = invoke.call;
    return {
      async: false,
      fn(s, c) {
        const values: Value[] = new Array(n);
        for (let i = 0; i < n; i++) values[i] = fns[i](s, c);
        let v: Value;
        try {
          v = run(values, c);
        } catch (err) {
          return on.error(err, s, c);
        }
        return on.value(v, s, c);
      },
    };
  }
  return {
    async: true,
    async fn(s, c) {
      const values: Value[] = [];
      for (const a of args) values.push(a.async ? await a.fn(s, c) : a.fn(s, c));
      let v: Value;
      try {
        v = invoke.async ? await invoke.call(values, c) : invoke.call(values, c);
      } catch (err) {
        return on.error(err, s, c);
      }
      return on.value(v, s, c);
    },
  };
}

/** A subject that isn't a plain call: guard the whole expression. */
function guardWhole<T>(e: CExpr, on: Handlers<T>): Runnable<T> {
  if (!e.async) {
    const f = e.fn;
    return {
      async: false,
      fn(s, c) {
        let v: Value;
        try {
          v = f(s, c);
        } catch (err) {
          return on.error(err, s, c);
        }
        return on.value(v, s, c);
      },
    };
  }
  const f = e.fn;
  return {
    async: true,
    async fn(s, c) {
      let v: Value;
      try {
        v = await f(s, c);
      } catch (err) {
        return on.error(err, s, c);
      }
      return on.value(v, s, c);
    },
  };
}
