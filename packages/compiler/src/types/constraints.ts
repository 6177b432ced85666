// Whether a value meets a type's constraints (docs/language.md), as the checker judges literals.
// The runtime takes only `codePointLength` and `patternRegExp` from here: its conversions and
// decoding check through its own schemas and wording (runtime/src/ai/schema.ts, ai/decode-error.ts).
import type { Constraints } from "./types.ts";
import { compilePattern, type PatternMatcher } from "./pattern.ts";

export type ConstraintRule = "min" | "max" | "min_length" | "max_length" | "pattern" | "min_items" | "max_items";

export interface Violation {
  rule: ConstraintRule;
  /** The constraint as written: `max_length: 40`. */
  constraint: string;
  /** What was wanted and what was there: `expected at most 40 characters, got 52 characters` (a character is a code point, as `jadpo dev` says it). */
  message: string;
}

/** Length in Unicode code points. */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The whole-text matcher of a `pattern` (linear time), or null when it is not a pattern jadpo accepts. */
export function patternRegExp(pattern: string): PatternMatcher | null {
  const compiled = compilePattern(pattern);
  return compiled.ok ? compiled.matcher : null;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** The first broken constraint of a number, or null. */
export function numberViolation(value: number, c: Constraints): Violation | null {
  if (c.min !== undefined && value < c.min) {
    return { rule: "min", constraint: `min: ${c.min}`, message: `expected at least ${c.min}, got ${value}` };
  }
  if (c.max !== undefined && value > c.max) {
    return { rule: "max", constraint: `max: ${c.max}`, message: `expected at most ${c.max}, got ${value}` };
  }
  return null;
}

/** The first broken constraint of a text, or null. */
export function textViolation(value: string, c: Constraints): Violation | null {
  const length = codePointLength(value);
  if (c.min_length !== undefined && length < c.min_length) {
    return {
      rule: "min_length",
      constraint: `min_length: ${c.min_length}`,
      message: `expected at least ${plural(c.min_length, "character")}, got ${plural(length, "character")}`,
    };
  }
  if (c.max_length !== undefined && length > c.max_length) {
    return {
      rule: "max_length",
      constraint: `max_length: ${c.max_length}`,
      message: `expected at most ${plural(c.max_length, "character")}, got ${plural(length, "character")}`,
    };
  }
  if (c.pattern !== undefined) {
    const re = patternRegExp(c.pattern);
    if (re && !re.test(value)) {
      return {
        rule: "pattern",
        constraint: `pattern: ${JSON.stringify(c.pattern)}`,
        message: `expected text matching ${JSON.stringify(c.pattern)}, got ${JSON.stringify(value)}`,
      };
    }
  }
  return null;
}

/** The first broken item-count constraint of a list, or null. */
export function itemsViolation(count: number, bounds: { min_items?: number; max_items?: number }): Violation | null {
  if (bounds.min_items !== undefined && count < bounds.min_items) {
    return {
      rule: "min_items",
      constraint: `min_items: ${bounds.min_items}`,
      message: `expected at least ${plural(bounds.min_items, "item")}, got ${count}`,
    };
  }
  if (bounds.max_items !== undefined && count > bounds.max_items) {
    return {
      rule: "max_items",
      constraint: `max_items: ${bounds.max_items}`,
      message: `expected at most ${plural(bounds.max_items, "item")}, got ${count}`,
    };
  }
  return null;
}
