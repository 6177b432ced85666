// The library (docs/language.md), always namespaced and generic over representation: `text.*` takes any
// Text-based type, `list.*` any list (Embedding included), `vector.similarity` Decimal lists,
// `number.*` Int- or Decimal-based operands of one base.
import type { Ident } from "../syntax/ast.ts";
import type { LibraryFunction } from "./program.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { BOOL, DECIMAL, ERROR, INSTANT, INT, TEXT, type Base, type Type } from "../types/types.ts";
import { enumOf, scalarBase } from "../types/assignable.ts";
import { report } from "./context.ts";
import type { Body, Locals } from "./body.ts";
import { checkExpr } from "./check-expr.ts";
import { type CallExpr, type CallResult } from "./check-call.ts";
import { impure } from "./purity.ts";
import { argumentsText, reportUnknownName } from "./report-names.ts";
import { baseArg, itemArg, listArg, listOfArg, listOfBasesArg, numbersArgs, sameItemsArg, wrong, type Args } from "./library-args.ts";

/** How many arguments each library function takes. */
const ARITY: Record<LibraryFunction, number> = {
  "list.count": 1, "list.first": 1, "list.last": 1, "list.get": 2, "list.is_empty": 1, "list.contains": 2, "list.append": 2,
  "list.take": 2, "list.drop": 2, "list.reverse": 1, "list.concat": 2, "list.index_of": 2, "list.sum": 1,
  "list.min": 1, "list.max": 1, "list.sort": 1, "list.unique": 1,
  "text.length": 1, "text.contains": 2, "text.starts_with": 2, "text.ends_with": 2, "text.lower": 1, "text.upper": 1,
  "text.trim": 1, "text.join": 2, "text.of": 1, "text.take": 2, "text.drop": 2, "text.slice": 3, "text.index_of": 2,
  "text.replace": 3, "text.split": 2, "text.to_int": 1, "text.to_decimal": 1,
  "number.abs": 1, "number.min": 2, "number.max": 2,
  "decimal.round": 2, "decimal.floor": 1, "decimal.ceil": 1,
  "int.round": 1, "int.floor": 1, "int.ceil": 1,
  "vector.similarity": 2, "clock.now": 0, "random.int": 2,
};

export const LIBRARY_FUNCTIONS = Object.keys(ARITY) as LibraryFunction[];

/** One resolution per library function, shared by every call. */
const RESOLUTIONS = new Map(LIBRARY_FUNCTIONS.map((fn) => [fn, { kind: "library" as const, fn }]));

/** What `list.min`, `list.max` and `list.sort` order: numbers, Texts (by code point), Instants, Durations. */
const ORDERED: readonly Base[] = ["Int", "Decimal", "Text", "Instant", "Duration"];
const ORDERED_LIST = "List<Int>`, `List<Decimal>`, `List<Text>`, `List<Instant>` or `List<Duration>";
const NUMBER_LIST = "List<Int>` or `List<Decimal>";
const NUMBERS: readonly Base[] = ["Int", "Decimal"];

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

const optionalOf = (item: Type): Type => (item.kind === "error" ? ERROR : { kind: "optional", inner: item });
const listOf = (item: Type): Type => (item.kind === "error" ? ERROR : { kind: "list", item });

function libraryResult(a: Args, fn: LibraryFunction): Type {
  switch (fn) {
    case "list.count": listArg(a, 0); return INT;
    case "list.is_empty": listArg(a, 0); return BOOL;
    case "list.first":
    case "list.last": return optionalOf(listArg(a, 0));
    case "list.get": {
      const item = listArg(a, 0);
      baseArg(a, 1, "Int");
      return optionalOf(item);
    }
    case "list.contains": {
      const item = listArg(a, 0);
      itemArg(a, 1, item);
      return BOOL;
    }
    case "list.index_of": {
      const item = listArg(a, 0);
      itemArg(a, 1, item);
      return { kind: "optional", inner: INT };
    }
    case "list.append": {
      const item = listArg(a, 0);
      itemArg(a, 1, item);
      return listOf(item);
    }
    case "list.take":
    case "list.drop": {
      const item = listArg(a, 0);
      baseArg(a, 1, "Int");
      return listOf(item);
    }
    case "list.reverse":
    case "list.unique": return listOf(listArg(a, 0));
    case "list.concat": {
      const item = listArg(a, 0);
      sameItemsArg(a, 1, item);
      return listOf(item);
    }
    case "list.sum": {
      const item = listOfBasesArg(a, 0, NUMBERS, NUMBER_LIST);
      return item.kind === "error" ? ERROR : { kind: "base", base: scalarBase(item)! };
    }
    case "list.min":
    case "list.max": return optionalOf(listOfBasesArg(a, 0, ORDERED, ORDERED_LIST));
    case "list.sort": return listOf(listOfBasesArg(a, 0, ORDERED, ORDERED_LIST));
    case "text.length": baseArg(a, 0, "Text"); return INT;
    case "text.contains":
    case "text.starts_with":
    case "text.ends_with": baseArg(a, 0, "Text"); baseArg(a, 1, "Text"); return BOOL;
    case "text.index_of": baseArg(a, 0, "Text"); baseArg(a, 1, "Text"); return { kind: "optional", inner: INT };
    case "text.lower":
    case "text.upper":
    case "text.trim": baseArg(a, 0, "Text"); return TEXT;
    case "text.join": listOfArg(a, 0, "Text"); baseArg(a, 1, "Text"); return TEXT;
    case "text.of": textOfArg(a); return TEXT;
    case "text.take":
    case "text.drop": baseArg(a, 0, "Text"); baseArg(a, 1, "Int"); return TEXT;
    case "text.slice": baseArg(a, 0, "Text"); baseArg(a, 1, "Int"); baseArg(a, 2, "Int"); return TEXT;
    case "text.replace": baseArg(a, 0, "Text"); baseArg(a, 1, "Text"); baseArg(a, 2, "Text"); return TEXT;
    case "text.split": baseArg(a, 0, "Text"); baseArg(a, 1, "Text"); return { kind: "list", item: TEXT };
    case "text.to_int": baseArg(a, 0, "Text"); return { kind: "optional", inner: INT };
    case "text.to_decimal": baseArg(a, 0, "Text"); return { kind: "optional", inner: DECIMAL };
    case "number.abs": return numbersArgs(a, 1);
    case "number.min":
    case "number.max": return numbersArgs(a, 2);
    case "decimal.round": baseArg(a, 0, "Decimal"); baseArg(a, 1, "Int"); return DECIMAL;
    case "decimal.floor":
    case "decimal.ceil": baseArg(a, 0, "Decimal"); return DECIMAL;
    case "int.round":
    case "int.floor":
    case "int.ceil": baseArg(a, 0, "Decimal"); return INT;
    case "vector.similarity": listOfArg(a, 0, "Decimal"); listOfArg(a, 1, "Decimal"); return DECIMAL;
    case "clock.now": return INSTANT;
    case "random.int": baseArg(a, 0, "Int"); baseArg(a, 1, "Int"); return INT;
  }
}

/** `text.of`: a scalar (any base) or an enum member; a list, record or optional has no one way to be written. */
function textOfArg(a: Args): void {
  const arg = a.args[0];
  if (!arg) return;
  const type = checkExpr(a.b, a.env, arg, null);
  if (type.kind === "error" || scalarBase(type) !== null || enumOf(type) !== null) return;
  wrong(a.b, arg, "Int`, `Decimal`, `Instant`, `Duration`, `Text`, `Bool` or `Enum", type);
}
