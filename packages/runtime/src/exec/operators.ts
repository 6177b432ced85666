// Unary and binary operators (docs/language.md): arithmetic by the operands' base type, with Int overflow
// and division by zero as runtime faults; structural equality; short-circuit `and`/`or`.
import type { BinaryOp, Expr, Span } from "@jadpo/compiler";
import { asyncExpr, syncExpr, type CExpr, type SyncFn } from "./closure.ts";
import { typeOf, type Cx } from "./compile-state.ts";
import { scalarBase, type Base, type Type } from "@jadpo/compiler";
import { RuntimeFault } from "../signals.ts";
import { valuesEqual } from "../values/equal.ts";
import type { Value } from "../values/value.ts";

const MAX_INT = Number.MAX_SAFE_INTEGER;

type Arith = "int" | "decimal" | "text" | "instant";

function arithKind(cx: Cx, expr: Extract<Expr, { kind: "binary" }>): Arith {
  const baseOf = (t: Type | undefined): Base | null => (t ? scalarBase(t) : null);
  const base = baseOf(typeOf(cx, expr)) ?? baseOf(typeOf(cx, expr.left)) ?? baseOf(typeOf(cx, expr.right));
  if (base === "Text") return "text";
  if (base === "Decimal") return "decimal";
  // An Instant result (Instant ± Duration) must stay a date; Durations and Ints are whole numbers.
  if (baseOf(typeOf(cx, expr)) === "Instant") return "instant";
  return "int"; // Int and Duration (whole milliseconds)
}

function overflow(span: Span): RuntimeFault {
  return new RuntimeFault({ variant: "int_overflow" }, span);
}

function divisionByZero(span: Span): RuntimeFault {
  return new RuntimeFault({ variant: "division_by_zero" }, span);
}

function decimalOverflow(span: Span): RuntimeFault {
  return new RuntimeFault({ variant: "decimal_overflow" }, span);
}

/** An Int result: past ±(2^53−1) it is an Int overflow. */
export function checkedInt(r: number, span: Span): number {
  if (r > MAX_INT || r < -MAX_INT) throw overflow(span);
  return r + 0; // no negative zero
}

/** The largest text V8 holds; past it `+` throws a RangeError, which is the program's fault, not ours. */
const MAX_TEXT = 2 ** 29 - 24;

function checkedText(a: string, b: string, span: Span): string {
  const length = a.length + b.length;
  if (length > MAX_TEXT) throw new RuntimeFault({ variant: "text_too_long", length }, span);
  return a + b;
}

/** The farthest instant a date can be, in ms either side of 1970 (as ECMAScript's Date). */
export const MAX_INSTANT = 8.64e15;

export function checkedInstant(r: number, span: Span | null): number {
  if (!(r <= MAX_INSTANT && r >= -MAX_INSTANT)) throw new RuntimeFault({ variant: "instant_range" }, span);
  return r + 0;
}

function checkedDecimal(r: number, span: Span): number {
  if (!Number.isFinite(r)) throw decimalOverflow(span);
  return r + 0;
}

/** The combining function of a strict binary operator. */
function binaryFn(op: BinaryOp, kind: Arith, span: Span): (a: Value, b: Value) => Value {
  switch (op) {
    case "==":
      return (a, b) => valuesEqual(a, b);
    case "!=":
      return (a, b) => !valuesEqual(a, b);
    case "<":
      return (a, b) => (a as number) < (b as number);
    case "<=":
      return (a, b) => (a as number) <= (b as number);
    case ">":
      return (a, b) => (a as number) > (b as number);
    case ">=":
      return (a, b) => (a as number) >= (b as number);
    case "+":
      if (kind === "text") return (a, b) => checkedText(a as string, b as string, span);
      if (kind === "instant") return (a, b) => checkedInstant((a as number) + (b as number), span);
      if (kind === "int") return (a, b) => checkedInt((a as number) + (b as number), span);
      return (a, b) => checkedDecimal((a as number) + (b as number), span);
    case "-":
      if (kind === "instant") return (a, b) => checkedInstant((a as number) - (b as number), span);
      if (kind === "int") return (a, b) => checkedInt((a as number) - (b as number), span);
      return (a, b) => checkedDecimal((a as number) - (b as number), span);
    case "*":
      if (kind === "int" || kind === "instant") return (a, b) => checkedInt((a as number) * (b as number), span);
      return (a, b) => checkedDecimal((a as number) * (b as number), span);
    case "/":
      if (kind === "int" || kind === "instant") {
        return (a, b) => {
          const x = a as number;
          const y = b as number;
          if (y === 0) throw divisionByZero(span);
          // Exact truncating division: x % y is exact, and x - r is a multiple of y.
          return checkedInt((x - (x % y)) / y, span);
        };
      }
      return (a, b) => {
        if ((b as number) === 0) throw divisionByZero(span);
        return checkedDecimal((a as number) / (b as number), span);
      };
    case "%":
      return (a, b) => {
        if ((b as number) === 0) throw divisionByZero(span);
        return ((a as number) % (b as number)) + 0;
      };
    case "and":
    case "or":
      throw new Error("short-circuit operators are compiled apart");
  }
}

export function compileBinary(cx: Cx, expr: Extract<Expr, { kind: "binary" }>, left: CExpr, right: CExpr): CExpr {
  if (expr.op === "and" || expr.op === "or") return shortCircuit(expr.op === "and", left, right);
  // A fault points at the expression that faulted, not the statement around it.
  const f = binaryFn(expr.op, arithKind(cx, expr), expr.span);
  if (!left.async && !right.async) {
    const l = left.fn;
    const r = right.fn;
    return syncExpr((s, c) => f(l(s, c), r(s, c)));
  }
  return asyncExpr(async (s, c) => {
    const a = left.async ? await left.fn(s, c) : left.fn(s, c);
    const b = right.async ? await right.fn(s, c) : right.fn(s, c);
    return f(a, b);
  });
}

function shortCircuit(isAnd: boolean, left: CExpr, right: CExpr): CExpr {
  if (!left.async && !right.async) {
    const l = left.fn;
    const r = right.fn;
    return isAnd ? syncExpr((s, c) => l(s, c) === true && r(s, c) === true) : syncExpr((s, c) => l(s, c) === true || r(s, c) === true);
  }
  return asyncExpr(async (s, c) => {
    const a = left.async ? await left.fn(s, c) : left.fn(s, c);
    if (isAnd ? a !== true : a === true) return a;
    return right.async ? await right.fn(s, c) : right.fn(s, c);
  });
}

export function compileUnary(cx: Cx, expr: Extract<Expr, { kind: "unary" }>, operand: CExpr): CExpr {
  const f: (v: Value) => Value = expr.op === "not" ? (v) => v !== true : (v) => 0 - (v as number);
  if (!operand.async) {
    const o: SyncFn = operand.fn;
    return syncExpr((s, c) => f(o(s, c)));
  }
  const o = operand.fn;
  return asyncExpr(async (s, c) => f(await o(s, c)));
}
