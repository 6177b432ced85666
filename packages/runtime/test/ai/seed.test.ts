import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { rng, testSeed } from "../../src/seed.ts";

describe("testSeed", () => {
  it("is the first four bytes of SHA-256(runSeed \\0 file \\0 name), big-endian", () => {
    expect(testSeed(1, "a.jadpotest", "x")).toBe(1477131498);
    const digest = createHash("sha256").update("3\u0000domains/support/x.jadpotest\u0000a test").digest();
    expect(testSeed(3, "domains/support/x.jadpotest", "a test")).toBe(digest.readUInt32BE(0));
  });

  it("differs by run seed, file and name", () => {
    const seeds = new Set([testSeed(1, "a", "t"), testSeed(2, "a", "t"), testSeed(1, "b", "t"), testSeed(1, "a", "u"), testSeed(1, "a\u0000t", "")]);
    expect(seeds.size).toBe(5);
  });
});

describe("rng", () => {
  it("repeats its sequence for the same seed and stream, on every machine", () => {
    const a = rng(1, "defaults");
    // Pinned: seedrandom's Alea is plain double arithmetic, the same everywhere.
    expect([a.next(), a.next(), a.int(0, 1000)]).toEqual([0.02327095954220848, 0.362427842674505, 273]);
  });

  it("gives independent streams per purpose", () => {
    expect(rng(1, "defaults").next()).not.toBe(rng(1, "random").next());
    expect(rng(1, "placeholders").next()).not.toBe(rng(2, "placeholders").next());
  });

  it("keeps int within inclusive bounds and reaches both ends", () => {
    const r = rng(5, "random");
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const n = r.int(-2, 3);
      expect(n).toBeGreaterThanOrEqual(-2);
      expect(n).toBeLessThanOrEqual(3);
      seen.add(n);
    }
    expect(seen).toEqual(new Set([-2, -1, 0, 1, 2, 3]));
    expect(r.int(4, 4)).toBe(4);
    for (let i = 0; i < 100; i++) expect(r.next()).toBeLessThan(1);
  });

  it("picks each element", () => {
    const r = rng(5, "random");
    const seen = new Set(Array.from({ length: 200 }, () => r.pick(["a", "b", "c"])));
    expect(seen).toEqual(new Set(["a", "b", "c"]));
  });
});
