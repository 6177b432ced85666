import { describe, expect, it } from "vitest";
import { formatDecodeErrorDetail } from "../../src/ai/decode.ts";
import { checkConstraints } from "../../src/values/check.ts";
import { CUSTOMER_QUESTION, FOLLOW_UP, INSTANT, ORDER_CODE, PRICE, STARS, TEXT, list } from "../ai/types-fixture.ts";

describe("checkConstraints", () => {
  it("accepts a valid value", () => {
    expect(checkConstraints(STARS, 3)).toBe(null);
    expect(checkConstraints(CUSTOMER_QUESTION, "Sesame?")).toBe(null);
    expect(checkConstraints(PRICE, 0)).toBe(null);
    expect(checkConstraints(ORDER_CODE, "ABC-1234")).toBe(null);
    expect(checkConstraints(INSTANT, Date.UTC(2026, 0, 1))).toBe(null);
    expect(checkConstraints(FOLLOW_UP, { note: "ring", due: Date.UTC(2026, 0, 1) })).toBe(null);
  });

  it("names the broken rule, as decoding would", () => {
    const detail = (e: ReturnType<typeof checkConstraints>): string => (e === null ? "valid" : formatDecodeErrorDetail(e));
    expect(detail(checkConstraints(STARS, 6))).toBe("`max` on `the answer`: expected at most 5, got 6");
    expect(detail(checkConstraints(STARS, 2.5))).toBe("`type` on `the answer`: expected Stars, got Decimal");
    expect(detail(checkConstraints(PRICE, -0.01))).toBe("`min` on `the answer`: expected at least 0, got -0.01");
    expect(detail(checkConstraints(CUSTOMER_QUESTION, ""))).toBe("`min_length` on `the answer`: expected at least 1 character, got 0 characters");
    expect(detail(checkConstraints(ORDER_CODE, "abc"))).toBe('`pattern` on `the answer`: expected text matching "[A-Z]{3}-[0-9]{4}", got "abc"');
    expect(detail(checkConstraints(list(TEXT, { max_items: 1 }), ["a", "b"]))).toBe("`max_items` on `the answer`: expected at most 1 item, got 2 items");
  });
});
