import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cosine, fakeEmbedding } from "../../src/ai/embed.ts";

const norm = (v: number[]): number => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe("fakeEmbedding", () => {
  it("is SHA-256 of `<seed>:<text>` mapped into [-1, 1] and scaled to unit length", () => {
    const digest = createHash("sha256").update("7:sesame").digest();
    const raw = Array.from({ length: 8 }, (_, i) => (digest.readUInt32BE(i * 4) / 2 ** 32) * 2 - 1);
    const n = norm(raw);
    expect(fakeEmbedding(7, "sesame", 8)).toEqual(raw.map((x) => x / n));
  });

  it("extends past one hash by counter hashing `<seed>:<text>:<i>`", () => {
    const blocks = ["7:sesame", "7:sesame:1", "7:sesame:2"].map((input) => createHash("sha256").update(input).digest());
    const raw: number[] = [];
    for (const block of blocks) for (let i = 0; i < 32 && raw.length < 20; i += 4) raw.push((block.readUInt32BE(i) / 2 ** 32) * 2 - 1);
    const n = norm(raw);
    expect(fakeEmbedding(7, "sesame", 20)).toEqual(raw.map((x) => x / n));
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

  it("differs by seed, and distinct texts are far apart (1,000 random pairs, cosine < 0.99)", () => {
    expect(fakeEmbedding(1, "a", 16)).not.toEqual(fakeEmbedding(2, "a", 16));
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        fc.pre(a !== b);
        expect(cosine(fakeEmbedding(1, a, 16), fakeEmbedding(1, b, 16))).toBeLessThan(0.99);
      }),
      { numRuns: 1000, seed: 11 },
    );
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
