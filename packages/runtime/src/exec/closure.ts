// Compiled code: every expression becomes a closure over (slots, context). A closure is async
// only when something under it may wait (an AI call through an async backend, or an action that
// makes one); everything else stays a plain synchronous call, so the common path never awaits.
import type { RunContext } from "./context.ts";
import type { Value } from "../values/value.ts";

/** Local variables of one running body: a slot per parameter, `var`, `for` item and match binding. */
export type Slots = Value[];

export type SyncFn = (s: Slots, c: RunContext) => Value;
export type AsyncFn = (s: Slots, c: RunContext) => Promise<Value>;

export type CExpr = { async: false; fn: SyncFn } | { async: true; fn: AsyncFn };

export function syncExpr(fn: SyncFn): CExpr {
  return { async: false, fn };
}

export function asyncExpr(fn: AsyncFn): CExpr {
  return { async: true, fn };
}

export function constant(value: Value): CExpr {
  return syncExpr(() => value);
}

/** Something callable with evaluated arguments: a function, action, fixture, library or AI call. */
export type Invoke =
  | { async: false; call: (args: Value[], c: RunContext) => Value }
  | { async: true; call: (args: Value[], c: RunContext) => Promise<Value> };

/** Evaluates every child left to right, then combines their values (synchronously). */
export function strict(children: CExpr[], combine: (values: Value[], c: RunContext) => Value): CExpr {
  return invokeWith(children, { async: false, call: combine });
}

/** Whether any of `exprs` may wait (a loop: this runs for every call compiled). */
export function anyAsync(exprs: readonly { async: boolean }[]): boolean {
  for (let i = 0; i < exprs.length; i++) if (exprs[i].async) return true;
  return false;
}

/** Evaluates the arguments left to right, then invokes; awaits only what may wait. */
export function invokeWith(args: CExpr[], invoke: Invoke): CExpr {
  const n = args.length;
  if (!anyAsync(args) && !invoke.async) {
    const call = invoke.call;
    if (n === 0) return syncExpr((_s, c) => call([], c));
    if (n === 1) {
      const a = args[0].fn as SyncFn;
      return syncExpr((s, c) => call([a(s, c)], c));
    }
    if (n === 2) {
      const a = args[0].fn as SyncFn;
      const b = args[1].fn as SyncFn;
      return syncExpr((s, c) => call([a(s, c), b(s, c)], c));
    }
    const fns = args.map((a) => a.fn as SyncFn);
    return syncExpr((s, c) => {
      const values: Value[] = new Array(n);
      for (let i = 0; i < n; i++) values[i] = fns[i](s, c);
      return call(values, c);
    });
  }
  return asyncExpr(async (s, c) => {
    const values: Value[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const arg = args[i];
      values[i] = arg.async ? await arg.fn(s, c) : arg.fn(s, c);
    }
    return invoke.async ? await invoke.call(values, c) : invoke.call(values, c);
  });
}
