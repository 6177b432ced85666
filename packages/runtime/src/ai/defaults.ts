// Generated values (docs/testing.md): what the fake answers when nothing is scripted, and what fills a
// recording's placeholders. Valid by construction — every constraint holds — and a function of
// the type and the seeded stream only, so the same seed and type give the same value everywhere.
import type { Base, Constraints, NamedType, Type } from "@jadpo/compiler";
import type { Rng } from "../seed.ts";
import { shapeOf } from "../values/shape.ts";
import type { Value, ValueRecord } from "../values/value.ts";
import { DEFAULT_WORDS } from "./default-words.ts";
import { patternText } from "./pattern-text.ts";

/** Recursion stops here: at this depth a `T?` is none and a list is empty (or as short as it may be). */
const RECURSION_DEPTH = 3;
/** Past this, even lists that must not be empty are (a type no finite value fits). */
const HARD_DEPTH = RECURSION_DEPTH + 8;
/** 2026-01-01T00:00:00Z: generated Instants fall within 2026. */
const YEAR_2026_MS = 1_767_225_600_000;
const SECONDS_IN_2026 = 365 * 86_400;
const DURATION_UNITS_MS: readonly number[] = [1_000, 60_000, 3_600_000];

export function generateValue(type: Type, rng: Rng): Value {
  return new Generator(rng).value(type, 0);
}

class Generator {
  /** How many times each named type is open on the current path: recursion depth. */
  private readonly open = new Map<NamedType, number>();

  constructor(private readonly rng: Rng) {}

  value(type: Type, depth: number): Value {
    const shape = shapeOf(type);
    switch (shape.kind) {
      case "scalar":
        return this.scalar(shape.base, shape.constraints);
      case "enum":
        return this.rng.pick(shape.members).name;
      case "optional":
        if (depth >= RECURSION_DEPTH) return null;
        return this.rng.next() < 0.25 ? null : this.value(shape.inner, depth);
      case "list":
        return this.list(shape.item, shape.min_items, shape.max_items, depth);
      case "object": {
        const count = (this.open.get(shape.decl) ?? 0) + 1;
        this.open.set(shape.decl, count);
        const inner = Math.max(depth, count);
        const record: ValueRecord = {};
        for (const field of shape.fields) record[field.name] = this.value(field.type, inner);
        this.open.set(shape.decl, count - 1);
        return record;
      }
      case "nothing":
        return null;
    }
  }

  private list(item: Type, minItems: number | undefined, maxItems: number | undefined, depth: number): Value[] {
    const min = minItems ?? 0;
    const max = maxItems ?? Infinity;
    let count: number;
    if (depth >= HARD_DEPTH) count = 0;
    else if (depth >= RECURSION_DEPTH) count = Math.min(min, max);
    else {
      // 1–3 items, moved inside the bounds when they exclude that window.
      const lo = Math.min(Math.max(1, min), max);
      const hi = Math.min(Math.max(3, lo), max);
      count = this.rng.int(lo, hi);
    }
    // Items deeper than the list itself, so a list that must not be empty still ends.
    const itemDepth = depth >= RECURSION_DEPTH ? depth + 1 : depth;
    const items: Value[] = [];
    for (let i = 0; i < count; i++) items.push(this.value(item, itemDepth));
    return items;
  }

  private scalar(base: Base, c: Constraints): Value {
    switch (base) {
      case "Bool":
        return this.rng.next() < 0.5;
      case "Int":
        return this.int(c.min, c.max);
      case "Decimal":
        return this.decimal(c.min, c.max);
      case "Text":
        return this.text(c);
      case "Instant":
        return YEAR_2026_MS + this.rng.int(0, SECONDS_IN_2026 - 1) * 1000;
      case "Duration":
        return this.rng.int(1, 59) * this.rng.pick(DURATION_UNITS_MS);
      default:
        return base satisfies never;
    }
  }

  private int(min: number | undefined, max: number | undefined): number {
    const [lo, hi] = window(min, max);
    const safeLo = Math.max(Math.ceil(lo), -Number.MAX_SAFE_INTEGER);
    const safeHi = Math.min(Math.floor(hi), Number.MAX_SAFE_INTEGER);
    return safeHi < safeLo ? safeLo : this.rng.int(safeLo, safeHi);
  }

  private decimal(min: number | undefined, max: number | undefined): number {
    const [lo, hi] = window(min, max);
    const centsLo = Math.ceil(lo * 100);
    const centsHi = Math.floor(hi * 100);
    if (Number.isSafeInteger(centsLo) && Number.isSafeInteger(centsHi) && centsLo <= centsHi) {
      const n = this.rng.int(centsLo, centsHi) / 100;
      if (n >= lo && n <= hi) return n;
    }
    // No two-decimal number fits (or the bounds are enormous): any number inside.
    const n = lo + this.rng.next() * (hi - lo);
    return n >= lo && n <= hi ? n : lo;
  }

  private text(c: Constraints): string {
    const minLength = c.min_length ?? 0;
    const maxLength = c.max_length ?? Infinity;
    if (c.pattern !== undefined) return patternText(c.pattern, minLength, maxLength, this.rng);
    return wordsText(this.rng, minLength, maxLength);
  }
}

/** A number range inside 0..100 by default, moved to the bounds when they exclude it. */
function window(min: number | undefined, max: number | undefined): [number, number] {
  if (min !== undefined && max !== undefined) return [min, max];
  if (min !== undefined) return [min, Math.max(100, min + (min >= 100 ? 100 : 0))];
  if (max !== undefined) return [max >= 0 ? 0 : max - 100, max];
  return [0, 100];
}

/** 1–8 readable words, then padded with more words or cut (at a word when it can) to fit the lengths. */
export function wordsText(rng: Rng, minLength: number, maxLength: number): string {
  if (maxLength <= 0) return "";
  const count = rng.int(1, 8);
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(rng.pick(DEFAULT_WORDS));
  let text = words.join(" ");
  while (text.length < minLength) text += ` ${rng.pick(DEFAULT_WORDS)}`;
  if (text.length > maxLength) {
    const cut = text.slice(0, maxLength + 1).lastIndexOf(" ");
    text = cut >= minLength && cut > 0 ? text.slice(0, cut) : text.slice(0, maxLength);
    // Never end on a space: swap it for a letter (same length, so the bounds still hold).
    if (text.endsWith(" ")) text = `${text.slice(0, -1)}s`;
  }
  return text;
}
