// The constraint rules (docs/language.md): whether a value meets them, and each broken rule in its
// one wording. The checker judges literals with these; values/validate.ts, which the runtime decodes
// answers, recordings and conversions with, calls the same functions.
import type { Constraints } from "./types.ts";
import { compilePattern, type PatternMatcher } from "./pattern.ts";
import { quote, type ConstraintRule } from "../values/problem.ts";

export interface Violation {
  rule: ConstraintRule;
  /** The constraint as written: `max_length: 40`. */
  constraint: string;
  /** What was wanted: `at most 40 characters` (a character is a code point, as `jadpo dev` says it). */
  expected: string;
  /** What was there: `52 characters`. */
  found: string;
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
    return { rule: "min", constraint: `min: ${c.min}`, expected: `at least ${c.min}`, found: String(value) };
  }
  if (c.max !== undefined && value > c.max) {
    return { rule: "max", constraint: `max: ${c.max}`, expected: `at most ${c.max}`, found: String(value) };
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
      expected: `at least ${plural(c.min_length, "character")}`,
      found: plural(length, "character"),
    };
  }
  if (c.max_length !== undefined && length > c.max_length) {
    return {
      rule: "max_length",
      constraint: `max_length: ${c.max_length}`,
      expected: `at most ${plural(c.max_length, "character")}`,
      found: plural(length, "character"),
    };
  }
  if (c.pattern !== undefined) {
    const re = patternRegExp(c.pattern);
    if (re && !re.test(value)) {
      return {
        rule: "pattern",
        constraint: `pattern: ${JSON.stringify(c.pattern)}`,
        expected: `text matching ${JSON.stringify(c.pattern)}`,
        found: quote(value),
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
      expected: `at least ${plural(bounds.min_items, "item")}`,
      found: plural(count, "item"),
    };
  }
  if (bounds.max_items !== undefined && count > bounds.max_items) {
    return {
      rule: "max_items",
      constraint: `max_items: ${bounds.max_items}`,
      expected: `at most ${plural(bounds.max_items, "item")}`,
      found: plural(count, "item"),
    };
  }
  return null;
}
