// Binary operators (docs/language.md): `and or`, equality (same type, `T?` with `T`), ordering (numbers
// of one base, instants, durations), arithmetic (numbers or Text for `+`; constrained types give
// their base). A literal operand takes the other operand's type, without its constraints.
import type { BinaryOp, Expr } from "../syntax/ast.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { BOOL, DECIMAL, DURATION, ERROR, INSTANT, INT, TEXT, type Base, type Type } from "../types/types.ts";
import { listItem, sameType, scalarBase } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";
import { report } from "./context.ts";
import type { Body, Locals } from "./body.ts";
import { checkCondition, checkExpr } from "./check-expr.ts";
import { NORMAL_UNCONSTRAINED, checkLiteral, isLiteral } from "./check-literal.ts";

type BinaryExpr = Extract<Expr, { kind: "binary" }>;

/** Whether a literal can take `other`'s type: text for Text-based, a number for a number, ... */
function literalFits(expr: Expr, other: Type): boolean {
  if (other.kind === "optional") return expr.kind === "none" || literalFits(expr, other.inner);
  const base = scalarBase(other);
  switch (expr.kind) {
    case "paren": return literalFits(expr.inner, other);
    case "text": return base === "Text";
    case "int": return base === "Int" || base === "Decimal";
    case "decimal": return base === "Decimal";
    case "unary": return literalFits(expr.operand, other);
    case "bool": return base === "Bool";
    case "duration": return base === "Duration";
    case "list": return listItem(other) !== null;
    default: return false;
  }
}

/** A literal operand: it takes the other operand's type where it fits, else is typed on its own. */
function adopt(b: Body, env: Locals, literal: Expr, other: Type): Type {
  return other.kind !== "error" && literalFits(literal, other)
    ? checkLiteral(b, env, literal, other, NORMAL_UNCONSTRAINED)
    : checkExpr(b, env, literal, null);
}

/** Types both operands, a literal one taking the other's type. */
function operands(b: Body, env: Locals, expr: BinaryExpr): [Type, Type] {
  const left = expr.left;
  const right = expr.right;
  if (isLiteral(left) && !isLiteral(right) && left.kind !== "record") {
    const r = checkExpr(b, env, right, null);
    return [adopt(b, env, left, r), r];
  }
  const l = checkExpr(b, env, left, null);
  const r = isLiteral(right) && right.kind !== "record" ? adopt(b, env, right, l) : checkExpr(b, env, right, null);
  return [l, r];
}

function strip(t: Type): Type {
  return t.kind === "optional" ? t.inner : t;
}

function equalityFits(l: Type, r: Type): boolean {
  if (l.kind === "none") return r.kind === "optional" || r.kind === "none";
  if (r.kind === "none") return l.kind === "optional";
  return sameType(strip(l), strip(r));
}

const ORDERED: Base[] = ["Int", "Decimal", "Instant", "Duration"];

export function checkBinary(b: Body, env: Locals, expr: BinaryExpr): Type {
  const op = expr.op;
  if (op === "and" || op === "or") {
    checkCondition(b, env, expr.left);
    checkCondition(b, env, expr.right);
    return BOOL;
  }
  // Indexed, not `const [l, r] =`: destructuring runs the array's iterator until V8 optimizes this.
  const both = operands(b, env, expr);
  const l = both[0];
  const r = both[1];
  if (l.kind === "error" || r.kind === "error") return op === "==" || op === "!=" || isOrdering(op) ? BOOL : ERROR;
  if (op === "==" || op === "!=") {
    if (!equalityFits(l, r)) {
      report(b.cx, diagnostic("type.mismatch", expr.right.span, {
        variant: "types", expected: printType(l), found: printType(r), suggestion: `Compare two values of one type; convert one side so both are \`${printType(l)}\``,
      }));
    }
    return BOOL;
  }
  if (isOrdering(op)) {
    const lb = scalarBase(l);
    if (!lb || lb !== scalarBase(r) || !ORDERED.includes(lb)) {
      report(b.cx, diagnostic("type.not_comparable", expr.opSpan ?? expr.span, { left: printType(l), right: printType(r), op }));
    }
    return BOOL;
  }
  return arithmetic(b, expr, op, l, r);
}

function isOrdering(op: BinaryOp): boolean {
  return op === "<" || op === "<=" || op === ">" || op === ">=";
}

function arithmetic(b: Body, expr: BinaryExpr, op: BinaryOp, l: Type, r: Type): Type {
  const lb = scalarBase(l);
  const rb = scalarBase(r);
  const result = arithmeticResult(op, lb, rb);
  if (result) return result;
  const allowed = op === "+" ? ["Int", "Decimal", "Text", "Duration", "Instant"] : op === "-" ? ["Int", "Decimal", "Duration", "Instant"] : ["Int", "Decimal"];
  if (!lb || !allowed.includes(lb)) {
    report(b.cx, diagnostic("type.mismatch", expr.left.span, {
      variant: "types", expected: op === "+" ? "Int, Decimal or Text" : "Int or Decimal", found: printType(l),
      suggestion: `\`${op}\` works on numbers${op === "+" ? " and Text" : ""}`,
    }));
  } else {
    report(b.cx, diagnostic("type.mismatch", expr.right.span, {
      variant: "types", expected: lb, found: printType(r), suggestion: lb === "Decimal" && rb === "Int" ? "Convert it with `Decimal(...)`" : `Use a \`${lb}\` on both sides of \`${op}\``,
    }));
  }
  return ERROR;
}

function arithmeticResult(op: BinaryOp, l: Base | null, r: Base | null): Type | null {
  if (!l || !r) return null;
  if (l === r && (l === "Int" || l === "Decimal")) return l === "Int" ? INT : DECIMAL;
  if (op === "+" && l === "Text" && r === "Text") return TEXT;
  if (op === "+" || op === "-") {
    if (l === "Duration" && r === "Duration") return DURATION;
    if (l === "Instant" && r === "Duration") return INSTANT;
    if (op === "+" && l === "Duration" && r === "Instant") return INSTANT;
    if (op === "-" && l === "Instant" && r === "Instant") return DURATION;
  }
  return null;
}
