// `list.*` beyond the basics: cutting, joining, searching, summing and ordering lists. A list's
// items share one type, so ordering needs no type: Texts compare by code point, numbers
// (Ints, Decimals, Instants and Durations alike) by value.
import type { Span } from "@jadpo/compiler";
import { RuntimeFault } from "../signals.ts";
import { valuesEqual } from "../values/equal.ts";
import type { Value } from "../values/value.ts";
import { compareCodePoints } from "./library-text.ts";
import { checkedInt } from "./operators.ts";

/** The first `n` items (`n` clamped to 0..the length). */
export function takeItems(l: Value[], n: number): Value[] {
  return l.slice(0, Math.max(0, n));
}

export function dropItems(l: Value[], n: number): Value[] {
  return l.slice(Math.max(0, n));
}

export function indexOfItem(l: Value[], x: Value): number | null {
  for (let i = 0; i < l.length; i++) if (valuesEqual(l[i], x)) return i;
  return null;
}

/** The sum, left to right as `+` adds: an Int past ±(2^53−1), or a Decimal past any finite number, is a fault. */
export function sum(l: Value[], decimal: boolean, span: Span): number {
  let total = 0;
  for (const item of l) {
    total += item as number;
    if (!decimal) checkedInt(total, span);
    else if (!Number.isFinite(total)) throw new RuntimeFault({ variant: "decimal_overflow" }, span);
  }
  return total + 0;
}

export function compareItems(a: Value, b: Value): number {
  if (typeof a === "string" && typeof b === "string") return compareCodePoints(a, b);
  const x = a as number;
  const y = b as number;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The least item (the first of equal ones), or null for an empty list; `sign` -1 gives the greatest. */
export function extreme(l: Value[], sign: 1 | -1): Value {
  if (l.length === 0) return null;
  let best = l[0];
  for (let i = 1; i < l.length; i++) if (sign * compareItems(l[i], best) < 0) best = l[i];
  return best;
}

/** Ascending; equal items keep their order (Array.prototype.sort is stable). */
export function sortItems(l: Value[]): Value[] {
  return [...l].sort(compareItems);
}

/** The first occurrence of each item, in order. */
export function uniqueItems(l: Value[]): Value[] {
  const out: Value[] = [];
  const seen = new Set<Value>();
  for (const item of l) {
    if (item === null || typeof item !== "object") {
      if (seen.has(item)) continue;
      seen.add(item);
      out.push(item);
    } else if (!out.some((kept) => valuesEqual(kept, item))) out.push(item);
  }
  return out;
}
