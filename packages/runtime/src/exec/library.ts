// The library (docs/language.md): list.*, text.* (lengths in code points), vector.similarity, clock.now,
// random.int. Each is a synchronous function of evaluated arguments.
import type { LibraryFunction, Span } from "@jadpo/compiler";
import type { RunContext } from "./context.ts";
import { randomOf } from "./context.ts";
import { valuesEqual } from "../values/equal.ts";
import { codePointLength } from "@jadpo/compiler";
import { RuntimeFault } from "../signals.ts";
import { cosine } from "../ai/embed.ts";
import type { Value } from "../values/value.ts";

type LibFn = (args: Value[], c: RunContext) => Value;

function similarity(a: number[], b: number[], span: Span): number {
  const s = cosine(a, b);
  if (s !== null) return s;
  throw new RuntimeFault({ variant: "vector_lengths", left: a.length, right: b.length }, span);
}

/** The implementation of a library function; `span` is the call a fault points to. */
export function libraryFunction(fn: LibraryFunction, span: Span): LibFn {
  switch (fn) {
    case "list.count":
      return ([l]) => (l as Value[]).length;
    case "list.first":
      return ([l]) => {
        const list = l as Value[];
        return list.length > 0 ? list[0] : null;
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
