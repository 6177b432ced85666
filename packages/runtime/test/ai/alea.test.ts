// The runtime's Alea must give seedrandom's doubles exactly: every generated value, placeholder
// and pinned expectation was made with seedrandom's `alea`.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import alea from "seedrandom/lib/alea.js";
import { Alea } from "../../src/alea.ts";

function draws(next: () => number, count: number): number[] {
  return Array.from({ length: count }, () => next());
}

describe("Alea", () => {
  it("draws seedrandom's alea doubles for any seed text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.nat().map((n) => `${n}\u0000defaults`)), (seed) => {
        const ours = new Alea(seed);
        const theirs = alea(seed);
        expect(draws(() => ours.double(), 40)).toEqual(draws(() => theirs.double(), 40));
      }),
      { numRuns: 300 },
    );
  });

  it("draws its 32-bit values as seedrandom's prng() does", () => {
    const ours = new Alea("7\u0000random");
    const theirs = alea("7\u0000random");
    expect(draws(() => ours.next(), 1000)).toEqual(draws(() => theirs(), 1000));
  });
});
