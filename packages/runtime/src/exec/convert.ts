// `T(v)`: the validated constructor (docs/language.md). The value keeps its representation; only the
// constraints of T are checked, and a violation is a runtime fault naming the broken rule.
import { THE_ANSWER, type NamedType, type Span, type Type } from "@jadpo/compiler";
import type { DecodeError } from "../ai/decode.ts";
import { checkConstraints } from "../values/check.ts";
import { printValue } from "../values/print.ts";
import { shapeOf } from "../values/shape.ts";
import type { Invoke } from "./closure.ts";
import { RuntimeFault } from "../signals.ts";
import type { Value } from "../values/value.ts";

/** "`\"toolong\"` breaks `max_length: 5` of `Short`", or why the value is not a valid one. */
export function conversionFault(named: NamedType, type: Type, value: Value, error: DecodeError, span: Span): RuntimeFault {
  const shown = printValue(type, value);
  // The type's own constraint (its words are the validator's); a broken rule further in is not one of T's.
  const constraint = error.path === THE_ANSWER ? error.constraint : undefined;
  const where = error.path === THE_ANSWER ? "" : ` at \`${error.path}\``;
  if (constraint) return new RuntimeFault({ variant: "constraint_broken", value: shown, constraint, type: named.name, where }, span);
  const expected = error.expected ? ` (expected ${error.expected})` : "";
  return new RuntimeFault({ variant: "not_valid", value: shown, type: named.name, rule: error.rule, where, expected }, span);
}

export function convertInvoke(named: NamedType, span: Span): Invoke {
  const type: Type = { kind: "named", decl: named };
  const shape = shapeOf(type);
  const wholeNumber = shape.kind === "scalar" && shape.base === "Int";
  return {
    async: false,
    call([value]) {
      // An Int-based type from a Decimal: only whole numbers convert.
      const error =
        wholeNumber && typeof value === "number" && !Number.isInteger(value)
          ? ({ rule: "type", path: THE_ANSWER, expected: "a whole number" } satisfies DecodeError)
          : checkConstraints(type, value);
      if (error) {
        throw conversionFault(named, type, value, error, span);
      }
      return value;
    },
  };
}
