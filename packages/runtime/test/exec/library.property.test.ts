// The text and list functions against a plain JavaScript reference written over arrays of code
// points (`Array.from`), for random texts (astral code points included) and lists: they must agree
// exactly. Seeded, so a failure repeats.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareCodePoints, drop, indexOf, replace, slice, split, take, toDecimal, toInt } from "../../src/exec/library-text.ts";
import { dropItems, extreme, indexOfItem, sortItems, sum, takeItems, uniqueItems } from "../../src/exec/library-list.ts";
import { roundHalfAway } from "../../src/exec/library-number.ts";
import type { Span } from "@jadpo/compiler";
import { RuntimeFault } from "../../src/signals.ts";

const RUNS = { numRuns: 500, seed: 20261202 };
const SPAN: Span = { file: "t.jadpo", line: 1, column: 1, start: 0, end: 1 };

const cps = (t: string): string[] => Array.from(t);
const clamp = (n: number, len: number): number => Math.min(Math.max(n, 0), len);

/** Texts from a small alphabet (so searches find things), with astral and high-BMP code points. */
const text = fc.array(fc.constantFrom("a", "b", ",", " ", "é", "😀", "👍", "🏽", "ｚ", "\u{10FFFF}"), { maxLength: 12 }).map((parts) => parts.join(""));
const anyText = fc.oneof(text, fc.string({ unit: "grapheme", maxLength: 10 }));
const position = fc.integer({ min: -5, max: 20 });

describe("text functions agree with a code-point reference", () => {
  it("take, drop and slice", () => {
    fc.assert(fc.property(anyText, position, position, (t, n, m) => {
      const c = cps(t);
      expect(take(t, n)).toBe(c.slice(0, clamp(n, c.length)).join(""));
      expect(drop(t, n)).toBe(c.slice(clamp(n, c.length)).join(""));
      const from = clamp(n, c.length), to = clamp(m, c.length);
      expect(slice(t, n, m)).toBe(to <= from ? "" : c.slice(from, to).join(""));
    }), RUNS);
  });

  it("index_of", () => {
    fc.assert(fc.property(text, text, (t, s) => {
      const c = cps(t), sc = cps(s);
      let expected: number | null = null;
      for (let i = 0; i + sc.length <= c.length; i++) {
        if (sc.every((p, j) => c[i + j] === p)) { expected = i; break; }
      }
      expect(indexOf(t, s)).toBe(expected);
    }), RUNS);
  });

  it("replace and split", () => {
    fc.assert(fc.property(text, text.filter((s) => s !== ""), text, (t, old, by) => {
      const c = cps(t), o = cps(old);
      // Left to right, not overlapping, by code points.
      const parts: string[][] = [[]];
      for (let i = 0; i < c.length;) {
        if (i + o.length <= c.length && o.every((p, j) => c[i + j] === p)) {
          parts.push([]);
          i += o.length;
        } else parts[parts.length - 1].push(c[i++]);
      }
      const pieces = parts.map((p) => p.join(""));
      expect(split(t, old)).toEqual(pieces);
      expect(replace(t, old, by, SPAN)).toBe(pieces.join(by));
      expect(split(t, "")).toEqual(c);
    }), RUNS);
  });

  it("code-point order", () => {
    fc.assert(fc.property(anyText, anyText, (a, b) => {
      const x = cps(a).map((p) => p.codePointAt(0)!), y = cps(b).map((p) => p.codePointAt(0)!);
      let expected = 0;
      for (let i = 0; i < Math.min(x.length, y.length) && expected === 0; i++) expected = Math.sign(x[i] - y[i]);
      if (expected === 0) expected = Math.sign(x.length - y.length);
      expect(compareCodePoints(a, b)).toBe(expected);
    }), RUNS);
  });

  it("to_int and to_decimal read what they print", () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => {
      expect(toInt(String(n))).toBe(n + 0);
      expect(toInt(` ${n}\n`)).toBe(n + 0);
    }), RUNS);
    fc.assert(fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 999 }), (whole, frac) => {
      const written = `${whole}.${String(frac).padStart(3, "0")}`;
      expect(toDecimal(written)).toBe(Number(written) + 0);
    }), RUNS);
  });
});

/** Items that can be equal in different places. */
const item = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, -1.25, 2.0));
const list = fc.array(item, { maxLength: 15 });
const texts = fc.array(text, { maxLength: 10 });

describe("list functions agree with a JavaScript reference", () => {
  it("take, drop, index_of and unique", () => {
    fc.assert(fc.property(list, position, item, (l, n, x) => {
      expect(takeItems(l, n)).toEqual(l.slice(0, clamp(n, l.length)));
      expect(dropItems(l, n)).toEqual(l.slice(clamp(n, l.length)));
      const at = l.indexOf(x);
      expect(indexOfItem(l, x)).toBe(at < 0 ? null : at);
      expect(uniqueItems(l)).toEqual(l.filter((v, i) => l.indexOf(v) === i));
    }), RUNS);
  });

  it("sum, min, max and sort of numbers", () => {
    fc.assert(fc.property(list, (l) => {
      expect(sum(l, true, SPAN)).toBe(l.reduce((a, b) => a + b, 0) + 0);
      expect(extreme(l, 1)).toBe(l.length === 0 ? null : Math.min(...l));
      expect(extreme(l, -1)).toBe(l.length === 0 ? null : Math.max(...l));
      expect(sortItems(l)).toEqual([...l].sort((a, b) => a - b));
    }), RUNS);
  });

  it("sum faults as `+` does: an Int past ±(2^53−1), a Decimal past the finite numbers", () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(sum([max - 1, 1], false, SPAN)).toBe(max);
    expect(() => sum([max, 1], false, SPAN)).toThrow(RuntimeFault);
    expect(() => sum([-max, -1], false, SPAN)).toThrow(RuntimeFault);
    expect(sum([max, 1], true, SPAN)).toBe(max + 1);
    expect(() => sum([Number.MAX_VALUE, Number.MAX_VALUE], true, SPAN)).toThrow(RuntimeFault);
  });

  it("min, max and sort of texts, by code point", () => {
    const byCodePoints = (a: string, b: string): number => {
      const x = cps(a), y = cps(b);
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i].codePointAt(0)! - y[i].codePointAt(0)!;
      return x.length - y.length;
    };
    fc.assert(fc.property(texts, (l) => {
      const sorted = [...l].sort(byCodePoints);
      expect(sortItems(l)).toEqual(sorted);
      expect(extreme(l, 1)).toBe(l.length === 0 ? null : sorted[0]);
      expect(extreme(l, -1)).toBe(l.length === 0 ? null : sorted[sorted.length - 1]);
    }), RUNS);
  });

  it("sort is stable: equal items keep their order", () => {
    // 0 and -0 compare equal but are told apart by Object.is, so their order shows.
    fc.assert(fc.property(fc.array(fc.constantFrom(0, -0, 1), { maxLength: 20 }), (l) => {
      const sorted = sortItems(l) as number[];
      const zeros = sorted.filter((v) => v === 0).map((v) => Object.is(v, -0));
      expect(zeros).toEqual(l.filter((v) => v === 0).map((v) => Object.is(v, -0)));
    }), RUNS);
  });
});

describe("rounding on the number as written", () => {
  it("agrees with rounding its decimal text by hand, half away from zero", () => {
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 5 }), (scaled, digits, places) => {
      // A number with `digits` decimals; rounding it to `places` on its text.
      const x = scaled / 10 ** digits;
      const written = String(x);
      if (written.includes("e")) return;
      const [whole, frac = ""] = written.replace("-", "").split(".");
      let expected = Number(written);
      if (frac.length > places) {
        const kept = BigInt(whole + frac.slice(0, places)) + (frac[places] >= "5" ? 1n : 0n);
        expected = (x < 0 ? -1 : 1) * Number(`${kept}e-${places}`) + 0;
      }
      expect(roundHalfAway(x, places)).toBe(expected);
    }), RUNS);
  });
});
