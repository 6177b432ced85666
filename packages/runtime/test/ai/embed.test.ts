import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cosine, embeddingFeatures, fakeEmbedding } from "../../src/ai/embed.ts";

const norm = (v: number[]): number => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

/** The derivation written out once more, plainly, to pin the implementation to it. */
function byHand(seed: number, features: string[], dims: number): number[] {
  const sum = new Array<number>(dims).fill(0);
  for (const f of features) {
    const d = createHash("sha256").update(`${seed}:${f}`).digest();
    sum[d.readUInt32BE(0) % dims] += (d[4] & 1) === 0 ? 1 : -1;
  }
  const n = norm(sum);
  return sum.map((x) => x / n);
}

const word = (letters: string) => fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 9 });
const words = (letters: string) => fc.array(word(letters), { minLength: 1, maxLength: 8 }).map((ws) => ws.join(" "));
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sim = (seed: number, a: string, b: string) => cosine(fakeEmbedding(seed, a, 16), fakeEmbedding(seed, b, 16))!;

describe("fakeEmbedding (lexical)", () => {
  it("lower-cases, splits into Unicode letter/digit words, and hashes each word and each trigram of `#word#` with the seed", () => {
    expect(embeddingFeatures("Bread, loaf!")).toEqual(["bread", "#br", "bre", "rea", "ead", "ad#", "loaf", "#lo", "loa", "oaf", "af#"]);
    expect(embeddingFeatures("Ünï 42 a")).toEqual(["ünï", "#ün", "ünï", "nï#", "42", "#42", "42#", "a", "#a#"]);
    expect(fakeEmbedding(7, "Bread, loaf!", 16)).toEqual(byHand(7, embeddingFeatures("bread loaf"), 16));
    expect(fakeEmbedding(7, "bread bread", 16)).toEqual(byHand(7, [...embeddingFeatures("bread"), ...embeddingFeatures("bread")], 16));
  });

  it("gives a text without words a unit vector from the seed alone", () => {
    const digest = createHash("sha256").update("7:").digest();
    const raw = Array.from({ length: 8 }, (_, i) => (digest.readUInt32BE(i * 4) / 2 ** 32) * 2 - 1);
    expect(fakeEmbedding(7, " -- !", 8)).toEqual(raw.map((x) => x / norm(raw)));
    expect(fakeEmbedding(7, "", 8)).toEqual(fakeEmbedding(7, "?", 8));
    expect(fakeEmbedding(7, "", 8)).not.toEqual(fakeEmbedding(8, "", 8));
  });

  it("gives unit vectors of the asked length, the same for the same seed and text", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 64 }), (text, seed, dims) => {
        const a = fakeEmbedding(seed, text, dims);
        expect(a).toHaveLength(dims);
        expect(norm(a)).toBeCloseTo(1, 10);
        expect(fakeEmbedding(seed, text, dims)).toEqual(a);
      }),
      { numRuns: 200, seed: 3 },
    );
  });

  it("over 1,000 random texts at 16 dimensions, a text and itself plus one word have mean similarity ≥ 0.6", () => {
    const cases = fc.sample(fc.tuple(words("abcdefghijklmnopqrstuvwxyzéø0123456789"), word("abcdefghijklmnopqrstuvwxyz"), fc.nat()), { numRuns: 1000, seed: 5 });
    const m = mean(cases.map(([text, extra, seed]) => sim(seed, text, `${text} ${extra}`)));
    expect(m).toBeGreaterThanOrEqual(0.6);
  });

  it("over 1,000 random pairs sharing no word or trigram, mean |similarity| ≤ 0.3", () => {
    // Disjoint alphabets share no word and no trigram (a `#` trigram always holds a letter).
    const cases = fc.sample(fc.tuple(words("abcdefghijklm"), words("nopqrstuvwxyzß"), fc.nat()), { numRuns: 1000, seed: 6 });
    for (const [a, b] of cases.slice(0, 50)) {
      const fb = new Set(embeddingFeatures(b));
      expect(embeddingFeatures(a).some((f) => fb.has(f))).toBe(false);
    }
    const m = mean(cases.map(([a, b, seed]) => Math.abs(sim(seed, a, b))));
    expect(m).toBeLessThanOrEqual(0.3);
  });

  it("over 1,000 seeds, \"bread\" is near \"bread loaf\" and not near \"cheese\" (at 16 dimensions any one seed is noisy)", () => {
    const seeds = Array.from({ length: 1000 }, (_, i) => i);
    expect(mean(seeds.map((s) => sim(s, "bread", "bread loaf")))).toBeGreaterThan(0.6);
    expect(mean(seeds.map((s) => Math.abs(sim(s, "bread", "cheese"))))).toBeLessThan(0.3);
  });
});

describe("cosine", () => {
  it("is 1 for the same direction, -1 for opposite, 0 for orthogonal or zero vectors", () => {
    expect(cosine([1, 2], [2, 4])).toBeCloseTo(1, 12);
    expect(cosine([1, 0], [-3, 0])).toBeCloseTo(-1, 12);
    expect(cosine([1, 0], [0, 5])).toBe(0);
    expect(cosine([0, 0], [1, 1])).toBe(0);
    const v = fakeEmbedding(1, "x", 16);
    expect(cosine(v, v)).toBeCloseTo(1, 12);
  });

  it("refuses vectors of different lengths rather than comparing over the shorter (null: the caller reports it)", () => {
    expect(cosine([1, 0, 0], [1, 0])).toBeNull();
  });
});
