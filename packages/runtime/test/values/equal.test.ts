import { describe, expect, it } from "vitest";
import { valuesEqual } from "../../src/values/equal.ts";

describe("valuesEqual", () => {
  it("compares deeply and structurally", () => {
    expect(valuesEqual({ a: [1, { b: "x" }], c: null }, { c: null, a: [1, { b: "x" }] })).toBe(true);
    expect(valuesEqual({ a: [1, { b: "x" }] }, { a: [1, { b: "y" }] })).toBe(false);
    expect(valuesEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(valuesEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(valuesEqual({ a: 1, b: null }, { a: 1, c: null })).toBe(false);
    expect(valuesEqual([], {})).toBe(false);
    expect(valuesEqual({}, [])).toBe(false);
  });

  it("makes none equal only none", () => {
    expect(valuesEqual(null, null)).toBe(true);
    expect(valuesEqual(null, "")).toBe(false);
    expect(valuesEqual(0, null)).toBe(false);
    expect(valuesEqual(null, {})).toBe(false);
  });

  it("compares scalars by value", () => {
    expect(valuesEqual(1.5, 1.5)).toBe(true);
    expect(valuesEqual(0, -0)).toBe(true);
    expect(valuesEqual("1", 1)).toBe(false);
    expect(valuesEqual(true, true)).toBe(true);
    expect(valuesEqual("en_gb", "en_gb")).toBe(true);
  });
});
