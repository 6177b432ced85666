// Statements → closures that return a completion: CONT to go on, or the value a `return` gives.
// Returning from nested blocks is then a plain return value, with no throwing.
import type { Block, Stmt } from "@jadpo/compiler";
import type { CExpr, Slots } from "./closure.ts";
import { childScope, declareLocal, unsupported, type Cx } from "./compile-state.ts";
import { compileExpr } from "./compile-expr.ts";
import { compileMatchStmt } from "./compile-match.ts";
import { compileAdvance, compileAssert } from "./compile-test-stmt.ts";
import { tick, type RunContext } from "./context.ts";
import { CONT, rejectFn, type Completion, type SStmt } from "./stmt-signals.ts";
import type { Value } from "../values/value.ts";

const NOTHING: SStmt = { async: false, fn: () => CONT };

/** A `{ block }` in its own scope. */
export function compileBlock(cx: Cx, block: Block): SStmt {
  return compileStatements(childScope(cx), block.statements);
}

/** Statements run in order in the scope of `cx` (their `var`s are declared there). */
export function compileStatements(cx: Cx, stmts: Stmt[]): SStmt {
  const n = stmts.length;
  if (n === 0) return NOTHING;
  const compiled: SStmt[] = new Array(n);
  let async = false;
  for (let i = 0; i < n; i++) {
    const st = (compiled[i] = compileStmtKind(atStmt(cx, stmts[i]), stmts[i]));
    if (st.async) async = true;
  }
  // In a test, the sequence remembers the innermost statement running: a fake that runs out points there.
  if (cx.test) return marked(compiled, stmts, async);
  if (n === 1) return compiled[0];
  if (!async) {
    const fns = compiled.map((st) => st.fn as (s: Slots, c: RunContext) => Completion);
    return {
      async: false,
      fn(s, c) {
        for (let i = 0; i < n; i++) {
          const r = fns[i](s, c);
          if (r !== CONT) return r;
        }
        return CONT;
      },
    };
  }
  return {
    async: true,
    async fn(s, c) {
      for (let i = 0; i < n; i++) {
        const st = compiled[i];
        const r = st.async ? await st.fn(s, c) : st.fn(s, c);
        if (r !== CONT) return r;
      }
      return CONT;
    },
  };
}

/** One statement (an `else if`), marked as running in a test as a sequence's are. */
function compileStmt(cx: Cx, stmt: Stmt): SStmt {
  return compileStatements(cx, [stmt]);
}

function atStmt(outer: Cx, stmt: Stmt): Cx {
  return { p: outer.p, body: outer.body, scope: outer.scope, stmt: stmt.span, test: outer.test };
}

/**
 * A test's statements in order, each set as `c.testStmt` while it runs and the outer one set back
 * after (left as it was when something throws, so the failure points at the innermost statement).
 * The spans are read from the statements as they run: no copy of them per sequence compiled.
 */
function marked(compiled: SStmt[], stmts: Stmt[], async: boolean): SStmt {
  const n = compiled.length;
  if (!async) {
    // The closures themselves, as the loop calls them (each `compiled[i].fn` is already one).
    const fns = compiled as { fn: (s: Slots, c: RunContext) => Completion }[];
    return {
      async: false,
      fn(s, c) {
        const previous = c.testStmt;
        for (let i = 0; i < n; i++) {
          c.testStmt = stmts[i].span;
          const r = fns[i].fn(s, c);
          if (r !== CONT) {
            c.testStmt = previous;
            return r;
          }
        }
        c.testStmt = previous;
        return CONT;
      },
    };
  }
  return {
    async: true,
    async fn(s, c) {
      const previous = c.testStmt;
      for (let i = 0; i < n; i++) {
        const st = compiled[i];
        c.testStmt = stmts[i].span;
        const r = st.async ? await st.fn(s, c) : st.fn(s, c);
        if (r !== CONT) {
          c.testStmt = previous;
          return r;
        }
      }
      c.testStmt = previous;
      return CONT;
    },
  };
}

/** `var x = e` and `x = e`: the value into its slot. One closure, the commonest statements. */
function storeStep(e: CExpr, slot: number): SStmt {
  const f = e.fn;
  if (!e.async) {
    const g = f as (s: Slots, c: RunContext) => Value;
    return {
      async: false,
      fn(s, c) {
        s[slot] = g(s, c);
        return CONT;
      },
    };
  }
  return {
    async: true,
    async fn(s, c) {
      s[slot] = await f(s, c);
      return CONT;
    },
  };
}

/** An expression run for its effect. */
function effectStep(e: CExpr): SStmt {
  const f = e.fn;
  if (!e.async) {
    const g = f as (s: Slots, c: RunContext) => Value;
    return {
      async: false,
      fn(s, c) {
        g(s, c);
        return CONT;
      },
    };
  }
  return {
    async: true,
    async fn(s, c) {
      await f(s, c);
      return CONT;
    },
  };
}

function compileStmtKind(cx: Cx, stmt: Stmt): SStmt {
  switch (stmt.kind) {
    case "var": {
      const value = compileExpr(cx, stmt.value); // before the name exists: `var x = x + 1` reads the outer x
      return storeStep(value, declareLocal(cx, stmt.name.name));
    }
    case "assign": {
      const slot = cx.scope.lookup(stmt.target.name);
      if (slot === undefined) return { async: false, fn: unsupported(`\`${stmt.target.name}\` is not a variable`) };
      return storeStep(compileExpr(cx, stmt.value), slot);
    }
    case "if":
      return compileIf(cx, stmt);
    case "for":
      return compileFor(cx, stmt);
    case "return": {
      if (!stmt.value) return { async: false, fn: () => null };
      return compileExpr(cx, stmt.value); // its value is the completion
    }
    case "reject":
      return { async: false, fn: rejectFn(cx, stmt.failure) };
    case "assert":
      return compileAssert(cx, stmt);
    case "advance":
      return compileAdvance(cx, stmt);
    case "expr": {
      if (stmt.expr.kind === "match") return compileMatchStmt(cx, stmt.expr);
      return effectStep(compileExpr(cx, stmt.expr));
    }
  }
}

function compileIf(cx: Cx, stmt: Extract<Stmt, { kind: "if" }>): SStmt {
  const cond = compileExpr(cx, stmt.cond);
  const then = compileBlock(cx, stmt.then);
  const other = stmt.else;
  const otherwise = other === null ? NOTHING : "statements" in other ? compileBlock(cx, other) : compileStmt(cx, other);
  if (!cond.async && !then.async && !otherwise.async) {
    const c0 = cond.fn;
    const t = then.fn;
    const o = otherwise.fn;
    return { async: false, fn: (s, c) => (c0(s, c) === true ? t(s, c) : o(s, c)) };
  }
  return {
    async: true,
    async fn(s, c) {
      const yes = (cond.async ? await cond.fn(s, c) : cond.fn(s, c)) === true;
      const branch = yes ? then : otherwise;
      return branch.async ? await branch.fn(s, c) : branch.fn(s, c);
    },
  };
}

function compileFor(outer: Cx, stmt: Extract<Stmt, { kind: "for" }>): SStmt {
  const list = compileExpr(outer, stmt.list);
  const cx = childScope(outer);
  const slot = declareLocal(cx, stmt.item.name);
  const body = compileStatements(cx, stmt.body.statements);
  if (!list.async && !body.async) {
    const l = list.fn;
    const b = body.fn;
    return {
      async: false,
      fn(s, c) {
        const items = l(s, c) as Value[];
        for (let i = 0; i < items.length; i++) {
          tick(c);
          s[slot] = items[i];
          const r = b(s, c);
          if (r !== CONT) return r;
        }
        return CONT;
      },
    };
  }
  return {
    async: true,
    async fn(s, c) {
      const items = (list.async ? await list.fn(s, c) : list.fn(s, c)) as Value[];
      for (const item of items) {
        tick(c);
        s[slot] = item;
        const r = body.async ? await body.fn(s, c) : body.fn(s, c);
        if (r !== CONT) return r;
      }
      return CONT;
    },
  };
}
