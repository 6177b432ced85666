import { describe, expect, it } from "vitest";
import type { Type } from "@jadpo/compiler";
import { DEFAULT_WORDS } from "../../src/ai/default-words.ts";
import { generateValue } from "../../src/ai/defaults.ts";
import { rng } from "../../src/seed.ts";
import type { Value, ValueRecord } from "../../src/values/value.ts";
import {
  BOOL, CUSTOMER_QUESTION, DECIMAL, DURATION, INSTANT, INT, LOCALE, ORDER_CODE, STARS, SUPPORT_ANSWER, TEXT,
  commentType, list, optional, record, scalar,
} from "./types-fixture.ts";

const many = (type: Type, count = 400, stream = "defaults"): Value[] =>
  Array.from({ length: count }, (_, seed) => generateValue(type, rng(seed, stream)));

describe("generateValue", () => {
  it("gives the same value for the same seed on every machine", () => {
    // Pinned: a change here changes every test's generated defaults.
    expect(generateValue(SUPPORT_ANSWER, rng(1, "defaults"))).toEqual(generateValue(SUPPORT_ANSWER, rng(1, "defaults")));
    expect(generateValue(TEXT, rng(1, "defaults"))).toBe("floor");
    expect(generateValue(STARS, rng(42, "defaults"))).toBe(generateValue(STARS, rng(42, "defaults")));
  });

  it("writes unconstrained Text as 1–8 readable words", () => {
    for (const text of many(TEXT)) {
      const words = (text as string).split(" ");
      expect(words.length).toBeGreaterThanOrEqual(1);
      expect(words.length).toBeLessThanOrEqual(8);
      for (const word of words) expect(DEFAULT_WORDS).toContain(word);
    }
  });

  it("fits words to length bounds, never ending on a space", () => {
    for (const [min, max] of [[1, 1], [5, 5], [30, 40], [0, 3], [200, 210], [12, 12]] as const) {
      const type = scalar("Sized", "Text", { min_length: min, max_length: max });
      for (const text of many(type, 100) as string[]) {
        expect(text.length).toBeGreaterThanOrEqual(min);
        expect(text.length).toBeLessThanOrEqual(max);
        expect(text).not.toMatch(/\s$/);
      }
    }
    expect(generateValue(scalar("Empty", "Text", { max_length: 0 }), rng(1, "defaults"))).toBe("");
    for (const text of many(CUSTOMER_QUESTION, 50) as string[]) expect(text.length).toBeGreaterThanOrEqual(1);
  });

  it("matches a pattern", () => {
    for (const code of many(ORDER_CODE, 100)) expect(code).toMatch(/^[A-Z]{3}-[0-9]{4}$/);
    const email = scalar("Email", "Text", { pattern: "[a-z]+@[a-z]+\\.com", min_length: 30, max_length: 30 });
    for (const text of many(email, 100) as string[]) {
      expect(text).toMatch(/^[a-z]+@[a-z]+\.com$/);
      expect(text.length).toBe(30);
    }
    const letters = scalar("Name", "Text", { pattern: "\\p{Lu}\\p{Ll}{2,}" });
    for (const text of many(letters, 50)) expect(text).toMatch(/^\p{Lu}\p{Ll}{2,}$/u);
  });

  it("keeps numbers in 0..100 unless bounded, Decimals with two decimals", () => {
    for (const n of many(INT) as number[]) {
      expect(Number.isInteger(n)).toBe(true);
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThanOrEqual(100);
    }
    for (const n of many(DECIMAL) as number[]) {
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThanOrEqual(100);
      expect(Math.round(n * 100) / 100).toBe(n);
    }
    expect(new Set(many(STARS))).toEqual(new Set([1, 2, 3, 4, 5]));
    for (const n of many(scalar("Big", "Int", { min: 500 })) as number[]) expect(n).toBeGreaterThanOrEqual(500);
    for (const n of many(scalar("Neg", "Int", { max: -10 })) as number[]) expect(n).toBeLessThanOrEqual(-10);
    const tiny = scalar("Tiny", "Decimal", { min: 0.001, max: 0.002 });
    for (const n of many(tiny, 50) as number[]) {
      expect(n).toBeGreaterThanOrEqual(0.001);
      expect(n).toBeLessThanOrEqual(0.002);
    }
    const inclusive = scalar("Exact", "Decimal", { min: 2.5, max: 2.5 });
    expect(generateValue(inclusive, rng(3, "defaults"))).toBe(2.5);
  });

  it("gives lists 1–3 items unless bounded", () => {
    const counts = new Set(many(list(INT)).map((l) => (l as Value[]).length));
    expect(counts).toEqual(new Set([1, 2, 3]));
    for (const l of many(list(INT, { min_items: 5 }), 50) as Value[][]) expect(l.length).toBe(5);
    for (const l of many(list(INT, { max_items: 0 }), 20) as Value[][]) expect(l).toEqual([]);
    for (const l of many(list(INT, { min_items: 2, max_items: 7 }), 100) as Value[][]) {
      expect(l.length).toBeGreaterThanOrEqual(2);
      expect(l.length).toBeLessThanOrEqual(3);
    }
  });

  it("makes an optional none about one time in four", () => {
    const nones = many(optional(INT), 4000).filter((v) => v === null).length;
    expect(nones / 4000).toBeGreaterThan(0.22);
    expect(nones / 4000).toBeLessThan(0.28);
  });

  it("gives Instants within 2026, Durations, Bools, enum members by name, every record field", () => {
    const start = Date.UTC(2026, 0, 1), end = Date.UTC(2027, 0, 1);
    for (const t of many(INSTANT) as number[]) {
      expect(t).toBeGreaterThanOrEqual(start);
      expect(t).toBeLessThan(end);
    }
    for (const d of many(DURATION) as number[]) expect(d).toBeGreaterThan(0);
    expect(new Set(many(BOOL))).toEqual(new Set([true, false]));
    expect(new Set(many(LOCALE))).toEqual(new Set(["en_gb", "fr_fr"]));
    const answer = generateValue(SUPPORT_ANSWER, rng(9, "defaults")) as ValueRecord;
    expect(Object.keys(answer)).toEqual(["resolved_by_articles", "reply", "tags", "follow_up", "tone", "stars"]);
    expect(generateValue(record("Nothing", []), rng(1, "defaults"))).toEqual({});
  });

  it("stops recursion at depth 3", () => {
    const depth = (v: Value): number => {
      const c = v as ValueRecord;
      const children = [...(c.replies as Value[]), ...(c.parent === null ? [] : [c.parent])];
      return 1 + Math.max(0, ...children.map(depth));
    };
    for (const comment of many(commentType(), 200)) expect(depth(comment)).toBeLessThanOrEqual(3);
    // A list that may not be empty still ends, as short as it may be.
    for (const comment of many(commentType(1), 20)) {
      expect((comment as ValueRecord).replies).not.toEqual([]);
    }
  });

  it("draws from its own stream, so other streams don't shift it", () => {
    const a = rng(7, "defaults");
    const b = rng(7, "defaults");
    const other = rng(7, "random");
    other.int(1, 6);
    other.next();
    expect(generateValue(SUPPORT_ANSWER, a)).toEqual(generateValue(SUPPORT_ANSWER, b));
    expect(rng(7, "random").next()).not.toBe(rng(7, "defaults").next());
  });
});
