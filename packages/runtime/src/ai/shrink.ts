// Shrinking (docs/seeds-and-coverage.md): the values one step simpler than a generated value, for a
// seed sweep to try in place of it. Like fast-check's shrinkers, each step yields a stream of
// candidates, outermost first; unlike a free-form shrinker, every candidate is built inside the
// type's constraints (list bounds, number bounds, lengths, `pattern`), so it is valid by
// construction. The steps, in the order a sweep applies them: lists to fewer items, optionals
// to `none`, enums to their first member (a Bool to `false`), numbers to the bound nearest zero,
// texts to the shortest valid text.
import { codePointLength, type Constraints, type Type } from "@jadpo/compiler";
import { shapeOf } from "../values/shape.ts";
import type { Value, ValueRecord } from "../values/value.ts";
import { shortestPatternText } from "./pattern-text.ts";

export const SHRINK_STEPS = ["fewer_items", "none", "first_member", "nearest_zero", "shortest_text"] as const;
export type ShrinkStep = (typeof SHRINK_STEPS)[number];

/** Every value that applies `step` once, at one place of `value`, outermost places first. */
export function* shrinkCandidates(type: Type, value: Value, step: ShrinkStep): Generator<Value> {
  if (value === null) return;
  const shape = shapeOf(type);
  switch (shape.kind) {
    case "optional":
      if (step === "none") yield null;
      yield* shrinkCandidates(shape.inner, value, step);
      return;
    case "list": {
      const items = value as Value[];
      const min = shape.min_items ?? 0;
      if (step === "fewer_items" && items.length > min) {
        // The fewest items first, then each item left out in turn (last first).
        if (min < items.length - 1) yield items.slice(0, min);
        for (let i = items.length - 1; i >= 0; i--) yield [...items.slice(0, i), ...items.slice(i + 1)];
      }
      for (let i = 0; i < items.length; i++) {
        for (const item of shrinkCandidates(shape.item, items[i], step)) yield [...items.slice(0, i), item, ...items.slice(i + 1)];
      }
      return;
    }
    case "object": {
      const record = value as ValueRecord;
      for (const field of shape.fields) {
        for (const inner of shrinkCandidates(field.type, record[field.name] ?? null, step)) yield { ...record, [field.name]: inner };
      }
      return;
    }
    case "enum":
      if (step === "first_member" && shape.members.length > 0 && value !== shape.members[0].name) yield shape.members[0].name;
      return;
    case "scalar":
      yield* scalarCandidates(shape.base, shape.constraints, value, step);
      return;
    case "nothing":
      return;
    default:
      return shape satisfies never;
  }
}

function* scalarCandidates(base: string, c: Constraints, value: Value, step: ShrinkStep): Generator<Value> {
  switch (base) {
    case "Bool":
      if (step === "first_member" && value === true) yield false;
      return;
    case "Int":
    case "Decimal": {
      if (step !== "nearest_zero") return;
      const target = nearestZero(c, base === "Int");
      if (target !== null && target !== value && Math.abs(target) < Math.abs(value as number)) yield target;
      return;
    }
    case "Text": {
      if (step !== "shortest_text") return;
      const text = shortestText(c);
      if (text !== null && text !== value && codePointLength(text) <= codePointLength(value as string)) yield text;
      return;
    }
    default:
      return; // Instants and Durations have no simpler value worth a rerun
  }
}

/** 0 when the bounds allow it, else the bound nearest zero; null when no number fits. */
export function nearestZero(c: Constraints, whole: boolean): number | null {
  const lo = c.min === undefined ? -Infinity : whole ? Math.ceil(c.min) : c.min;
  const hi = c.max === undefined ? Infinity : whole ? Math.floor(c.max) : c.max;
  if (lo > hi) return null;
  if (lo <= 0 && hi >= 0) return 0;
  return lo > 0 ? lo : hi;
}

/**
 * The shortest text the constraints allow: with a `pattern`, the shortest text it matches; else
 * `a` repeated to `min_length` — one letter at least, as a generated text always has a word.
 */
export function shortestText(c: Constraints): string | null {
  const min = c.min_length ?? 0;
  const max = c.max_length ?? Infinity;
  if (c.pattern !== undefined) return shortestPatternText(c.pattern, min, max);
  const length = Math.min(Math.max(1, min), max);
  return length < min ? null : "a".repeat(length);
}
