// Expressions: each is typed once, its type written to `exprTypes`; where a type is expected a
// literal takes it (check-literal.ts) and anything else must be assignable (`type.mismatch`).
import type { Expr } from "../syntax/ast.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { BOOL, DECIMAL, DURATION, ERROR, INT, NONE, TEXT, type Type } from "../types/types.ts";
import { assignable, scalarBase } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";
import { report } from "./context.ts";
import { findType, reportUnknownType } from "./type-refs.ts";
import { mismatchSuggestion } from "./mismatch.ts";
import type { Body, Locals } from "./body.ts";
import { NORMAL, checkLiteral, isLiteral } from "./check-literal.ts";
import { checkMember, checkName } from "./check-names.ts";
import { checkAttempt, checkCall } from "./check-call.ts";
import { checkBinary } from "./check-operators.ts";
import { checkMatch } from "./check-match.ts";

/** Reports `type.mismatch` unless `found` may stand where `expected` is wanted. */
export function expectAssignable(b: Body, expr: Expr, found: Type, expected: Type): void {
  if (found.kind === "error" || assignable(found, expected)) return;
  report(b.cx, diagnostic("type.mismatch", expr.span, {
    variant: "types", expected: printType(expected), found: printType(found), suggestion: mismatchSuggestion(expected, found),
  }));
}

/** Types `expr`; with `expected`, checks it fits there. Returns the expression's own type. */
export function checkExpr(b: Body, env: Locals, expr: Expr, expected: Type | null): Type {
  if (expected && isLiteral(expr)) {
    return checkLiteral(b, env, expr, expected, NORMAL);
  }
  if (expr.kind === "paren") {
    const inner = checkExpr(b, env, expr.inner, expected);
    b.cx.exprTypes.set(expr, inner);
    return inner;
  }
  if (expr.kind === "match") return checkMatch(b, env, expr, expected, true).type;
  const type = inferExpr(b, env, expr);
  b.cx.exprTypes.set(expr, type);
  if (expected) expectAssignable(b, expr, type, expected);
  return type;
}

/** Types `expr` and requires a Bool-based value (conditions, `assert`, `and`/`or`/`not`). */
export function checkCondition(b: Body, env: Locals, expr: Expr): Type {
  if (isLiteral(expr)) return checkExpr(b, env, expr, BOOL);
  const type = checkExpr(b, env, expr, null);
  if (type.kind !== "error" && scalarBase(type) !== "Bool") expectAssignable(b, expr, type, BOOL);
  return type;
}

function inferExpr(b: Body, env: Locals, expr: Expr): Type {
  switch (expr.kind) {
    case "text": return TEXT;
    case "int": return INT;
    case "decimal": return DECIMAL;
    case "bool": return BOOL;
    case "duration": return DURATION;
    case "none": return NONE;
    case "name": return checkName(b, env, expr);
    case "member": return checkMember(b, env, expr);
    case "call": return checkCall(b, env, expr, false).type;
    case "attempt": return checkAttempt(b, env, expr);
    case "binary": return checkBinary(b, env, expr);
    case "list": return inferList(b, env, expr);
    case "record": return inferRecord(b, env, expr);
    case "unary": {
      if (expr.op === "not") {
        checkCondition(b, env, expr.operand);
        return BOOL;
      }
      const operand = checkExpr(b, env, expr.operand, null);
      if (operand.kind === "error") return ERROR;
      const base = scalarBase(operand);
      if (base === "Int" || base === "Decimal" || base === "Duration") return { kind: "base", base };
      report(b.cx, diagnostic("type.mismatch", expr.operand.span, {
        variant: "types", expected: "Int", found: printType(operand), suggestion: "Negate a number (Int or Decimal)",
      }));
      return ERROR;
    }
    case "paren": case "match":
      return checkExpr(b, env, expr, null);
  }
}

/** A list without an expected type: its first item's type, the rest checked against it. */
function inferList(b: Body, env: Locals, expr: Extract<Expr, { kind: "list" }>): Type {
  if (expr.items.length === 0) return { kind: "list", item: ERROR };
  let item = checkExpr(b, env, expr.items[0], null);
  if (item.kind === "none") item = ERROR;
  for (const next of expr.items.slice(1)) checkExpr(b, env, next, item);
  return { kind: "list", item };
}

function inferRecord(b: Body, env: Locals, expr: Extract<Expr, { kind: "record" }>): Type {
  const type = findType(b.cx, b.file, expr.type.name);
  if (!type || type.kind === "error") {
    if (!type) reportUnknownType(b.cx, b.file, expr.type);
    for (const field of expr.fields) checkExpr(b, env, field.value, null);
    return ERROR;
  }
  return checkLiteral(b, env, expr, type, NORMAL);
}
