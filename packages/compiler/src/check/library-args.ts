// How the library checks its arguments: generic over representation, so a Text-based type stands
// where Text does and any list where `List<T>` does; a literal takes the type it stands for.
import type { Expr } from "../syntax/ast.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { ERROR, type Base, type Type } from "../types/types.ts";
import { listItem, sameType, scalarBase } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";
import { report } from "./context.ts";
import type { Body, Locals } from "./body.ts";
import { checkExpr } from "./check-expr.ts";
import { isLiteral } from "./check-literal.ts";

export interface Args {
  b: Body;
  env: Locals;
  args: Expr[];
}

export function wrong(b: Body, arg: Expr, expected: string, found: Type): void {
  if (found.kind === "error") return;
  report(b.cx, diagnostic("type.mismatch", arg.span, { variant: "types", expected, found: printType(found), suggestion: `Pass a value of type \`${expected}\` here` }));
}

/** A list argument; returns its item type. */
export function listArg(a: Args, i: number): Type {
  const arg = a.args[i];
  if (!arg) return ERROR;
  const type = checkExpr(a.b, a.env, arg, null);
  const item = listItem(type);
  if (!item) {
    wrong(a.b, arg, "List<T>", type);
    return ERROR;
  }
  return item;
}

/** An argument of a scalar base (Text-based, Int-based): a literal takes the base type. */
export function baseArg(a: Args, i: number, base: Base): void {
  const arg = a.args[i];
  if (!arg) return;
  const wanted: Type = { kind: "base", base };
  if (isLiteral(arg)) {
    checkExpr(a.b, a.env, arg, wanted);
    return;
  }
  const type = checkExpr(a.b, a.env, arg, null);
  if (scalarBase(type) !== base) wrong(a.b, arg, base, type);
}

export function itemArg(a: Args, i: number, item: Type): void {
  const arg = a.args[i];
  if (arg) checkExpr(a.b, a.env, arg, item);
}

/** A second list of `item`s (any list type holding them, a named one included); a literal takes `List<item>`. */
export function sameItemsArg(a: Args, i: number, item: Type): void {
  const arg = a.args[i];
  if (!arg) return;
  if (isLiteral(arg) || item.kind === "error") {
    checkExpr(a.b, a.env, arg, item.kind === "error" ? null : { kind: "list", item });
    return;
  }
  const type = checkExpr(a.b, a.env, arg, null);
  const found = listItem(type);
  if (type.kind !== "error" && (!found || !sameType(found, item))) wrong(a.b, arg, `List<${printType(item)}>`, type);
}

/** A list of Text-based items, or of Decimal-based numbers. */
export function listOfArg(a: Args, i: number, base: Base): void {
  const arg = a.args[i];
  if (!arg) return;
  const wanted: Type = { kind: "list", item: { kind: "base", base } };
  if (isLiteral(arg)) {
    checkExpr(a.b, a.env, arg, wanted);
    return;
  }
  const type = checkExpr(a.b, a.env, arg, null);
  const item = listItem(type);
  if (type.kind !== "error" && (!item || (item.kind !== "error" && scalarBase(item) !== base))) wrong(a.b, arg, `List<${base}>`, type);
}

/** A list whose items are of one of `bases`; returns the item type (ERROR once reported). */
export function listOfBasesArg(a: Args, i: number, bases: readonly Base[], expected: string): Type {
  const arg = a.args[i];
  if (!arg) return ERROR;
  const type = checkExpr(a.b, a.env, arg, null);
  const item = listItem(type);
  if (type.kind === "error" || item?.kind === "error") return ERROR;
  const base = item ? scalarBase(item) : null;
  if (!item || base === null || !bases.includes(base)) {
    wrong(a.b, arg, expected, type);
    return ERROR;
  }
  return item;
}

/**
 * Number operands of one base (Int or Decimal): the base of the first operand that isn't a
 * literal decides, and literals take it; with only literals, the first literal's own type does.
 * Returns the base type, or ERROR once reported.
 */
export function numbersArgs(a: Args, count: number): Type {
  const args = a.args.slice(0, count);
  let base: Base | null = null;
  const typed = new Map<Expr, Type>();
  for (const arg of args) {
    if (isLiteral(arg)) continue;
    const type = checkExpr(a.b, a.env, arg, null);
    typed.set(arg, type);
    if (type.kind === "error") return finishLiterals(a, args, typed, ERROR);
    const own = scalarBase(type);
    if (own !== "Int" && own !== "Decimal") {
      wrong(a.b, arg, base ?? "Int` or `Decimal", type);
      return finishLiterals(a, args, typed, ERROR);
    }
    if (base === null) base = own;
    else if (own !== base) {
      wrong(a.b, arg, base, type);
      return finishLiterals(a, args, typed, ERROR);
    }
  }
  if (base === null) {
    const first = args[0];
    if (!first) return ERROR;
    const type = checkExpr(a.b, a.env, first, null);
    typed.set(first, type);
    const own = scalarBase(type);
    if (own !== "Int" && own !== "Decimal") {
      wrong(a.b, first, "Int` or `Decimal", type);
      return finishLiterals(a, args, typed, ERROR);
    }
    base = own;
  }
  const result: Type = { kind: "base", base };
  return finishLiterals(a, args, typed, result);
}

/** Checks the literal operands not yet typed against `type` (on their own after an error). */
function finishLiterals(a: Args, args: Expr[], typed: Map<Expr, Type>, type: Type): Type {
  for (const arg of args) if (!typed.has(arg) && isLiteral(arg)) checkExpr(a.b, a.env, arg, type.kind === "error" ? null : type);
  for (const arg of args) if (!typed.has(arg) && !isLiteral(arg)) checkExpr(a.b, a.env, arg, null);
  return type;
}
