// Generated values are valid by construction (docs/testing.md): for random constrained types and seeds,
// the value written as an answer decodes as its type, back to the same value, and the same seed
// and type always give the same value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Constraints, Type } from "@jadpo/compiler";
import { generateValue } from "../../src/ai/defaults.ts";
import { decodeAnswer, formatDecodeErrorDetail } from "../../src/ai/decode.ts";
import { rng } from "../../src/seed.ts";
import { valuesEqual } from "../../src/values/equal.ts";
import { answerTextOf } from "../../src/values/json.ts";
import { printValue } from "../../src/values/print.ts";
import { BOOL, DURATION, INSTANT, LOCALE } from "./types-fixture.ts";

const range = (lo: number, hi: number): number[] => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

/** Realistic patterns, each with lengths its matches can have (so bounds drawn around one are satisfiable). */
const PATTERNS: ReadonlyArray<{ pattern: string; lengths: number[] }> = [
  { pattern: "[A-Z]{3}-[0-9]{4}", lengths: [8] },
  { pattern: "[a-z]+@[a-z]+\\.com", lengths: range(7, 40) },
  { pattern: "[a-z]{2,5}", lengths: range(2, 5) },
  { pattern: "\\d{3}-\\d{3}", lengths: [7] },
  { pattern: "(yes|no)", lengths: [2, 3] },
  { pattern: "[A-Z][a-z]{1,10}", lengths: range(2, 11) },
  { pattern: "#[0-9a-f]{6}", lengths: [7] },
  { pattern: "[a-z0-9_]+", lengths: range(1, 60) },
  { pattern: "v[0-9]+\\.[0-9]+\\.[0-9]+", lengths: range(6, 30) },
  { pattern: "https://[a-z]+\\.example\\.org/[a-z]*", lengths: range(22, 50) },
  { pattern: "\\+44 \\d{4} \\d{6}", lengths: [15] },
  { pattern: "[^\\s\"]{1,12}", lengths: range(1, 12) },
  { pattern: "\\p{Lu}\\p{Ll}+", lengths: range(2, 20) },
  { pattern: "(?:[A-Z]{2}\\d ?){2,3}", lengths: range(6, 12) },
  { pattern: "(red|green|blue)(-[0-9]{1,2})?", lengths: range(3, 8) },
];

let names = 0;
const named = (def: Extract<Type, { kind: "named" }>["decl"]["def"]): Type => ({
  kind: "named",
  decl: { name: `T${names++}`, module: "test", def },
});

const textConstraints: fc.Arbitrary<Constraints> = fc.oneof(
  fc.constant({}),
  fc.integer({ min: 0, max: 40 }).chain((min) =>
    fc.record({ min: fc.option(fc.constant(min)), max: fc.option(fc.integer({ min: Math.max(min, 1), max: min + 60 })) }).map(
      ({ min: lo, max: hi }) => ({ ...(lo === null ? {} : { min_length: lo }), ...(hi === null ? {} : { max_length: hi }) }),
    ),
  ),
  fc.constantFrom(...PATTERNS).chain(({ pattern, lengths }) =>
    fc.constantFrom(...lengths).chain((length) =>
      fc.record({ min: fc.option(fc.integer({ min: 0, max: length })), max: fc.option(fc.integer({ min: length, max: length + 15 })) }).map(
        ({ min, max }) => ({ pattern, ...(min === null ? {} : { min_length: min }), ...(max === null ? {} : { max_length: max }) }),
      ),
    ),
  ),
);

const numberBounds = (scale: number): fc.Arbitrary<Constraints> =>
  fc
    .record({ min: fc.option(fc.integer({ min: -1000, max: 1000 })), span: fc.option(fc.integer({ min: 0, max: 500 })) })
    .map(({ min, span }) => {
      const c: Constraints = {};
      if (min !== null) c.min = min / scale;
      if (span !== null) c.max = (min ?? 0) / scale + span / scale;
      if (c.min !== undefined && c.max !== undefined && c.max < c.min) c.max = c.min;
      return c;
    });

const scalarArb: fc.Arbitrary<Type> = fc.oneof(
  textConstraints.map((c) => named({ kind: "scalar", base: "Text", constraints: c })),
  numberBounds(1).map((c) => named({ kind: "scalar", base: "Int", constraints: c })),
  fc.oneof(numberBounds(100), numberBounds(1000)).map((c) => named({ kind: "scalar", base: "Decimal", constraints: c })),
  fc.constantFrom<Type>(BOOL, INSTANT, DURATION, LOCALE, { kind: "base", base: "Text" }, { kind: "base", base: "Int" }),
  fc.uniqueArray(fc.constantFrom("friendly", "formal", "casual", "brief", "long_winded"), { minLength: 1, maxLength: 4 }).map((members) =>
    named({ kind: "enum", members: members.map((m) => ({ name: m, tag: m })) }),
  ),
);

const listBounds = fc
  .record({ min: fc.option(fc.integer({ min: 0, max: 3 })), extra: fc.option(fc.integer({ min: 0, max: 4 })) })
  .map(({ min, extra }) => ({
    ...(min === null ? {} : { min_items: min }),
    ...(extra === null ? {} : { max_items: (min ?? 0) + extra }),
  }));

const { type: typeArb } = fc.letrec<{ type: Type; list: Type; optional: Type; object: Type }>((tie) => ({
  type: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalarArb, tie("list"), tie("optional"), tie("object")),
  list: fc.record({ item: tie("type"), bounds: listBounds }).map(({ item, bounds }): Type => ({ kind: "list", item, ...bounds })),
  optional: tie("type").map((inner): Type => (inner.kind === "optional" ? inner : { kind: "optional", inner })),
  object: fc
    .array(tie("type"), { minLength: 0, maxLength: 4 })
    .map((types) => named({ kind: "object", fields: types.map((type, i) => ({ name: `field_${i}`, type })) })),
}));

const SEEDS = range(1, 20);

describe("generated values", () => {
  it("decode as their type, back to the same value, for 500 random types × 20 seeds", () => {
    fc.assert(
      fc.property(typeArb, (type) => {
        for (const seed of SEEDS) {
          const value = generateValue(type, rng(seed, "defaults"));
          const answer = answerTextOf(type, value);
          const decoded = decodeAnswer(type, answer);
          if (!decoded.ok) {
            throw new Error(`seed ${seed}: ${printValue(type, value)} doesn't decode: ${formatDecodeErrorDetail(decoded.error)}`);
          }
          expect(valuesEqual(decoded.value, value)).toBe(true);
        }
      }),
      { numRuns: 500, seed: 20260101 },
    );
  });

  it("are the same for the same seed and type", () => {
    fc.assert(
      fc.property(typeArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), (type, seed) => {
        const a = generateValue(type, rng(seed, "defaults"));
        const b = generateValue(type, rng(seed, "defaults"));
        expect(b).toEqual(a);
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
