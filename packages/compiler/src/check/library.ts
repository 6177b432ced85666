// The library (docs/language.md), always namespaced and generic over representation: `text.*` takes any
// Text-based type, `list.*` any list (Embedding included), `vector.similarity` Decimal lists.
import type { Expr, Ident } from "../syntax/ast.ts";
import type { LibraryFunction } from "./program.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { BOOL, DECIMAL, ERROR, INSTANT, INT, TEXT, type Base, type Type } from "../types/types.ts";
import { listItem, scalarBase } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";
import { report } from "./context.ts";
import type { Body, Locals } from "./body.ts";
import { checkExpr } from "./check-expr.ts";
import { isLiteral } from "./check-literal.ts";
import { type CallExpr, type CallResult } from "./check-call.ts";
import { impure } from "./purity.ts";
import { argumentsText, reportUnknownName } from "./report-names.ts";

/** How many arguments each library function takes. */
const ARITY: Record<LibraryFunction, number> = {
  "list.count": 1, "list.first": 1, "list.get": 2, "list.is_empty": 1, "list.contains": 2, "list.append": 2,
  "text.length": 1, "text.contains": 2, "text.starts_with": 2, "text.lower": 1, "text.upper": 1, "text.trim": 1, "text.join": 2,
  "vector.similarity": 2, "clock.now": 0, "random.int": 2,
};

export const LIBRARY_FUNCTIONS = Object.keys(ARITY) as LibraryFunction[];

/** One resolution per library function, shared by every call. */
const RESOLUTIONS = new Map(LIBRARY_FUNCTIONS.map((fn) => [fn, { kind: "library" as const, fn }]));

interface Args {
  b: Body;
  env: Locals;
  args: Expr[];
}

function wrong(b: Body, arg: Expr, expected: string, found: Type): void {
  if (found.kind === "error") return;
  report(b.cx, diagnostic("type.mismatch", arg.span, { variant: "types", expected, found: printType(found), suggestion: `Pass a value of type \`${expected}\` here` }));
}

/** A list argument; returns its item type. */
function listArg(a: Args, i: number): Type {
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
function baseArg(a: Args, i: number, base: Base): void {
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

function itemArg(a: Args, i: number, item: Type): void {
  const arg = a.args[i];
  if (arg) checkExpr(a.b, a.env, arg, item);
}

/** A list of Text-based items, or of Decimal-based numbers. */
function listOfArg(a: Args, i: number, base: Base): void {
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

export function checkLibraryCall(b: Body, env: Locals, call: CallExpr, namespace: string, name: Ident): CallResult {
  const full = `${namespace}.${name.name}` as LibraryFunction;
  if (!(full in ARITY)) {
    reportUnknownName(b, env, name.span, full, LIBRARY_FUNCTIONS.filter((f) => f.startsWith(`${namespace}.`)));
    for (const arg of call.args) checkExpr(b, env, arg, null);
    return { type: ERROR, failures: [], name: "" };
  }
  const resolution = RESOLUTIONS.get(full)!;
  b.cx.resolutions.set(call, resolution);
  b.cx.resolutions.set(call.callee, resolution);
  if (namespace === "clock" || namespace === "random") impure(b, call.span, full);
  if (call.args.length !== ARITY[full]) {
    report(b.cx, diagnostic("type.argument_count", call.span, { call: full, expected: argumentsText(ARITY[full]), found: call.args.length }));
  }
  const a: Args = { b, env, args: call.args };
  const type = libraryResult(a, full);
  for (const extra of call.args.slice(ARITY[full])) checkExpr(b, env, extra, null);
  return { type, failures: [], name: full };
}

function libraryResult(a: Args, fn: LibraryFunction): Type {
  switch (fn) {
    case "list.count": listArg(a, 0); return INT;
    case "list.is_empty": listArg(a, 0); return BOOL;
    case "list.first": {
      const item = listArg(a, 0);
      return item.kind === "error" ? ERROR : { kind: "optional", inner: item };
    }
    case "list.get": {
      const item = listArg(a, 0);
      baseArg(a, 1, "Int");
      return item.kind === "error" ? ERROR : { kind: "optional", inner: item };
    }
    case "list.contains": {
      const item = listArg(a, 0);
      itemArg(a, 1, item);
      return BOOL;
    }
    case "list.append": {
      const item = listArg(a, 0);
      itemArg(a, 1, item);
      return item.kind === "error" ? ERROR : { kind: "list", item };
    }
    case "text.length": baseArg(a, 0, "Text"); return INT;
    case "text.contains":
    case "text.starts_with": baseArg(a, 0, "Text"); baseArg(a, 1, "Text"); return BOOL;
    case "text.lower":
    case "text.upper":
    case "text.trim": baseArg(a, 0, "Text"); return TEXT;
    case "text.join": listOfArg(a, 0, "Text"); baseArg(a, 1, "Text"); return TEXT;
    case "vector.similarity": listOfArg(a, 0, "Decimal"); listOfArg(a, 1, "Decimal"); return DECIMAL;
    case "clock.now": return INSTANT;
    case "random.int": baseArg(a, 0, "Int"); baseArg(a, 1, "Int"); return INT;
  }
}
