// Statements and blocks (docs/language.md): `var`, assignment, `if`, `for`, `return`, `reject`, `match`,
// `attempt`, and the tests' `assert`, `assert ... fails F`, `advance clock by`.
import type { Block, Expr, Stmt } from "../syntax/ast.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { DURATION, ERROR, type Type } from "../types/types.ts";
import { listItem } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";
import { listWords, report } from "./context.ts";
import { resolveTypeRef } from "./type-refs.ts";
import type { Body, Locals } from "./body.ts";
import { checkCondition, checkExpr } from "./check-expr.ts";
import { checkCall } from "./check-call.ts";
import { checkMatch } from "./check-match.ts";
import { checkReject, resolveFailure } from "./failures.ts";
import { testOnly } from "./purity.ts";
import { reportUnknownName } from "./report-names.ts";

export interface BlockResult {
  /** Every path through the block leaves it (return, reject). */
  terminates: boolean;
  /** A match arm block's value: its final bare expression. */
  value: Type | null;
}

/**
 * Checks a block in a new scope. With `value`, the final bare expression is the block's value
 * (a match arm's `{ block }`), checked against `value.expected`.
 */
export function checkBlock(b: Body, outer: Locals, block: Block, value: { expected: Type | null } | null): BlockResult {
  const env = outer.child();
  let terminates = false;
  let result: Type | null = null;
  const statements = block.statements;
  for (let i = 0; i < statements.length; i++) {
    const stmt = statements[i];
    const last = i === statements.length - 1;
    if (last && value && stmt.kind === "expr") {
      if (stmt.expr.kind === "match") {
        const m = checkMatch(b, env, stmt.expr, value.expected, true);
        if (m.terminates) terminates = true;
        else result = m.type;
      } else result = checkExpr(b, env, stmt.expr, value.expected);
      continue;
    }
    if (checkStmt(b, env, stmt)) terminates = true;
  }
  return { terminates, value: result };
}

/** Checks one statement; returns whether it always leaves the body. */
function checkStmt(b: Body, env: Locals, stmt: Stmt): boolean {
  switch (stmt.kind) {
    case "var": {
      const annotated = stmt.type ? resolveTypeRef(b.cx, b.file, stmt.type) : null;
      let type = checkExpr(b, env, stmt.value, annotated);
      if (annotated) type = annotated;
      else if (type.kind === "void") {
        report(b.cx, diagnostic("type.mismatch", stmt.value.span, { variant: "words", expected: "a value", found: "nothing", suggestion: "This call returns nothing, so there is no value to keep" }));
        type = ERROR;
      }
      const previous = env.own(stmt.name.name);
      if (previous) report(b.cx, diagnostic("name.duplicate", stmt.name.span, { name: stmt.name.name, where: `this block, on line ${previous.at.line}` }));
      env.set(stmt.name.name, { type, mutable: stmt.mutable, at: stmt.name.span });
      return false;
    }
    case "assign": {
      const local = env.get(stmt.target.name);
      if (!local) {
        reportUnknownName(b, env, stmt.target.span, stmt.target.name, env.names());
        checkExpr(b, env, stmt.value, null);
        return false;
      }
      local.resolution ??= { kind: "local", name: stmt.target.name, at: local.at };
      b.cx.resolutions.set(stmt.target, local.resolution);
      if (!local.mutable) report(b.cx, diagnostic("type.immutable", stmt.target.span, { name: stmt.target.name }));
      checkExpr(b, env, stmt.value, local.type);
      return false;
    }
    case "if": {
      checkCondition(b, env, stmt.cond);
      const then = checkBlock(b, env, stmt.then, null).terminates;
      if (!stmt.else) return false;
      const otherwise = "kind" in stmt.else ? checkStmt(b, env, stmt.else) : checkBlock(b, env, stmt.else, null).terminates;
      return then && otherwise;
    }
    case "for": {
      const list = checkExpr(b, env, stmt.list, null);
      let item = listItem(list);
      if (!item) {
        if (list.kind !== "error") {
          report(b.cx, diagnostic("type.mismatch", stmt.list.span, { variant: "types", expected: "List<T>", found: printType(list), suggestion: "Loop over a list" }));
        }
        item = ERROR;
      }
      const inner = env.child();
      inner.set(stmt.item.name, { type: item, mutable: false, at: stmt.item.span });
      checkBlock(b, inner, stmt.body, null);
      return false;
    }
    case "return": {
      const wanted = b.returnType;
      if (stmt.value) {
        if (wanted.kind === "void") {
          const found = checkExpr(b, env, stmt.value, null);
          report(b.cx, diagnostic("type.mismatch", stmt.value.span, {
            variant: "types", expected: "nothing", found: printType(found), suggestion: `\`${b.name}\` returns nothing: declare \`-> ${printType(found)}\` or remove the value`,
          }));
        } else checkExpr(b, env, stmt.value, wanted);
      } else if (wanted.kind !== "void" && wanted.kind !== "error") {
        report(b.cx, diagnostic("type.mismatch", stmt.span, { variant: "words", expected: `\`${printType(wanted)}\``, found: "nothing", suggestion: `Return a value of type \`${printType(wanted)}\`` }));
      }
      return true;
    }
    case "reject":
      checkReject(b, stmt.failure);
      return true;
    case "assert":
      testOnly(b, stmt.span, "`assert`", "Return or reject instead, or move the check into a test");
      if (stmt.fails) checkAssertFails(b, env, stmt.expr, stmt.fails);
      else checkCondition(b, env, stmt.expr);
      return false;
    case "advance":
      testOnly(b, stmt.span, "`advance clock`", "Only a test's clock can be moved; read the time with `clock.now()`");
      if (stmt.clock.name !== "clock") reportUnknownName(b, env, stmt.clock.span, stmt.clock.name, ["clock"]);
      checkExpr(b, env, stmt.by, DURATION);
      return false;
    case "expr": {
      if (stmt.expr.kind === "match") return checkMatch(b, env, stmt.expr, null, false).terminates;
      checkExpr(b, env, stmt.expr, null);
      return false;
    }
  }
}

/** `assert <call> fails F`: the call handled here; F must be one it can fail with. */
function checkAssertFails(b: Body, env: Locals, expr: Expr, failure: NonNullable<Extract<Stmt, { kind: "assert" }>["fails"]>): void {
  let call: Expr = expr;
  while (call.kind === "paren") call = call.inner;
  const info = resolveFailure(b.cx, b.file, failure);
  if (call.kind !== "call") {
    checkExpr(b, env, expr, null);
    report(b.cx, diagnostic("test.fails_impossible", expr.span, { call: "this expression", failure: failure.name, possible: "only a call can fail" }));
    return;
  }
  const result = checkCall(b, env, call, true);
  if (call !== expr) b.cx.exprTypes.set(expr, result.type);
  if (!info || result.name === "" || result.uncertain || result.failures.includes(info)) return;
  report(b.cx, diagnostic("test.fails_impossible", failure.span, {
    call: result.name, failure: failure.name,
    possible: result.failures.length > 0 ? listWords(result.failures.map((f) => f.name)) : `none: \`${result.name}\` can't fail`,
  }));
}
