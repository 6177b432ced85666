// The library (docs/language.md): list.*, text.* (code points throughout), number.*, decimal.*, int.*,
// vector.similarity, clock.now, random.int. Each is a synchronous function of evaluated arguments.
import { scalarBase, listItem, type LibraryFunction, type Span, type Type } from "@jadpo/compiler";
import type { RunContext } from "./context.ts";
import { randomOf } from "./context.ts";
import { valuesEqual } from "../values/equal.ts";
import { codePointLength } from "@jadpo/compiler";
import { RuntimeFault } from "../signals.ts";
import { cosine } from "../ai/embed.ts";
import type { Value } from "../values/value.ts";
import { valueAsText } from "../values/as-text.ts";
import * as texts from "./library-text.ts";
import * as lists from "./library-list.ts";
import { decimalRound, roundHalfAway } from "./library-number.ts";
import { checkedInt } from "./operators.ts";

type LibFn = (args: Value[], c: RunContext) => Value;

function similarity(a: number[], b: number[], span: Span): number {
  const s = cosine(a, b);
  if (s !== null) return s;
  throw new RuntimeFault({ variant: "vector_lengths", left: a.length, right: b.length }, span);
}

/** Whether a list's items are Decimal-based (its checked type says; an empty literal has none). */
function decimalItems(type: Type | undefined): boolean {
  const item = type ? listItem(type) : null;
  return item !== null && scalarBase(item) === "Decimal";
}

/**
 * The implementation of a library function; `span` is the call a fault points to, `argTypes`
 * the checked types of its arguments.
 */
export function libraryFunction(fn: LibraryFunction, span: Span, argTypes: readonly (Type | undefined)[]): LibFn {
  switch (fn) {
    case "list.count":
      return ([l]) => (l as Value[]).length;
    case "list.first":
      return ([l]) => {
        const list = l as Value[];
        return list.length > 0 ? list[0] : null;
      };
    case "list.last":
      return ([l]) => {
        const list = l as Value[];
        return list.length > 0 ? list[list.length - 1] : null;
      };
    case "list.get":
      return ([l, i]) => {
        const list = l as Value[];
        const index = i as number;
        return Number.isInteger(index) && index >= 0 && index < list.length ? list[index] : null;
      };
    case "list.is_empty":
      return ([l]) => (l as Value[]).length === 0;
    case "list.contains":
      return ([l, x]) => {
        for (const item of l as Value[]) if (valuesEqual(item, x)) return true;
        return false;
      };
    case "list.append":
      return ([l, x]) => [...(l as Value[]), x];
    case "list.take":
      return ([l, n]) => lists.takeItems(l as Value[], n as number);
    case "list.drop":
      return ([l, n]) => lists.dropItems(l as Value[], n as number);
    case "list.reverse":
      return ([l]) => [...(l as Value[])].reverse();
    case "list.concat":
      return ([a, b]) => [...(a as Value[]), ...(b as Value[])];
    case "list.index_of":
      return ([l, x]) => lists.indexOfItem(l as Value[], x);
    case "list.sum": {
      const decimal = decimalItems(argTypes[0]);
      return ([l]) => lists.sum(l as Value[], decimal, span);
    }
    case "list.min":
      return ([l]) => lists.extreme(l as Value[], 1);
    case "list.max":
      return ([l]) => lists.extreme(l as Value[], -1);
    case "list.sort":
      return ([l]) => lists.sortItems(l as Value[]);
    case "list.unique":
      return ([l]) => lists.uniqueItems(l as Value[]);
    case "text.length":
      return ([t]) => codePointLength(t as string);
    case "text.contains":
      return ([t, sub]) => (t as string).includes(sub as string);
    case "text.starts_with":
      return ([t, prefix]) => (t as string).startsWith(prefix as string);
    case "text.lower":
      return ([t]) => (t as string).toLowerCase();
    case "text.upper":
      return ([t]) => (t as string).toUpperCase();
    case "text.trim":
      return ([t]) => (t as string).trim();
    case "text.join":
      return ([l, sep]) => (l as string[]).join(sep as string);
    case "text.ends_with":
      return ([t, suffix]) => (t as string).endsWith(suffix as string);
    case "text.of": {
      const type = argTypes[0];
      if (type === undefined) return ([v]) => String(v);
      return ([v]) => valueAsText(type, v);
    }
    case "text.take":
      return ([t, n]) => texts.take(t as string, n as number);
    case "text.drop":
      return ([t, n]) => texts.drop(t as string, n as number);
    case "text.slice":
      return ([t, from, to]) => texts.slice(t as string, from as number, to as number);
    case "text.index_of":
      return ([t, s]) => texts.indexOf(t as string, s as string);
    case "text.replace":
      return ([t, old, by]) => texts.replace(t as string, old as string, by as string, span);
    case "text.split":
      return ([t, separator]) => texts.split(t as string, separator as string);
    case "text.to_int":
      return ([t]) => texts.toInt(t as string);
    case "text.to_decimal":
      return ([t]) => texts.toDecimal(t as string);
    case "number.abs":
      return ([x]) => Math.abs(x as number) + 0;
    case "number.min":
      return ([a, b]) => Math.min(a as number, b as number) + 0;
    case "number.max":
      return ([a, b]) => Math.max(a as number, b as number) + 0;
    case "decimal.round":
      return ([x, places]) => decimalRound(x as number, places as number, span);
    case "decimal.floor":
      return ([x]) => Math.floor(x as number) + 0;
    case "decimal.ceil":
      return ([x]) => Math.ceil(x as number) + 0;
    case "int.round":
      return ([x]) => checkedInt(roundHalfAway(x as number, 0), span);
    case "int.floor":
      return ([x]) => checkedInt(Math.floor(x as number), span);
    case "int.ceil":
      return ([x]) => checkedInt(Math.ceil(x as number), span);
    case "vector.similarity":
      return ([a, b]) => similarity(a as number[], b as number[], span);
    case "clock.now":
      return (_args, c) => c.clock;
    case "random.int":
      return ([lo, hi], c) => {
        const min = lo as number;
        const max = hi as number;
        if (min > max) {
          throw new RuntimeFault({ variant: "random_bounds", min, max }, span);
        }
        return randomOf(c).int(min, max);
      };
  }
}
