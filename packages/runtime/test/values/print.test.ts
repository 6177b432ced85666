import { describe, expect, it } from "vitest";
import type { Type } from "@jadpo/compiler";
import { printValue, textLiteral } from "../../src/values/print.ts";
import type { Value } from "../../src/values/value.ts";
import {
  BOOL, DECIMAL, DURATION, FOLLOW_UP, INSTANT, INT, LOCALE, PRICE, STARS, SUPPORT_ANSWER, TEXT, TONE,
  list, optional, record,
} from "../ai/types-fixture.ts";

describe("printValue", () => {
  it("writes each kind of value as Jadpo source", () => {
    const cases: Array<[Type, Value, string]> = [
      [TEXT, "Our sourdough", '"Our sourdough"'],
      [TEXT, 'a "b" \\ c\nd\te\r', '"a \\"b\\" \\\\ c\\nd\\te\\r"'],
      [TEXT, "bell\u0007 {x} é😀", '"bell\\u{7} {x} é😀"'],
      [INT, 42, "42"],
      [STARS, -3, "-3"],
      [DECIMAL, 1.5, "1.5"],
      [DECIMAL, 2, "2.0"],
      [PRICE, -0, "0.0"],
      [DECIMAL, 1e21, "1e+21"],
      [BOOL, true, "true"],
      [TONE, "friendly", "Tone.friendly"],
      [LOCALE, "en_gb", "Locale.en_gb"],
      [optional(TEXT), null, "none"],
      [optional(INT), 3, "3"],
      [INSTANT, Date.UTC(2026, 0, 1, 12), "2026-01-01T12:00:00Z"],
      [DURATION, 900_000, "15m"],
      [DURATION, 500, "500ms"],
      [list(TEXT), ["a", "b"], '["a", "b"]'],
      [list(INT), [], "[]"],
      [record("Empty", []), {}, "Empty {}"],
      [FOLLOW_UP, { note: "ring", due: null }, 'FollowUp { note: "ring"  due: none }'],
    ];
    for (const [type, value, text] of cases) expect(printValue(type, value)).toBe(text);
  });

  it("writes a value whole with no limit (a fakes: script to paste), and cuts it by default", () => {
    const long = "x".repeat(1000);
    expect(printValue(list(TEXT), [long, long], Infinity)).toBe(`["${long}", "${long}"]`);
    expect(printValue(TEXT, long)).toBe(`"${"x".repeat(80)}"…`);
    expect(printValue(list(TEXT), [long, long])).toBe(`["${"x".repeat(80)}"…, "${"x".repeat(80)}"…]`);
  });

  it("writes a record's fields in declaration order, two spaces apart", () => {
    const answer = { stars: 5, tone: "formal", follow_up: null, tags: ["x"], reply: "x", resolved_by_articles: true };
    expect(printValue(SUPPORT_ANSWER, answer)).toBe(
      'SupportAnswer { resolved_by_articles: true  reply: "x"  tags: ["x"]  follow_up: none  tone: Tone.formal  stars: 5 }',
    );
  });

  it("escapes text literals as the lexer reads them", () => {
    expect(textLiteral("")).toBe('""');
    expect(textLiteral("\u007f")).toBe('"\\u{7F}"');
  });
});
