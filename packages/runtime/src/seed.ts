// Per-test seeds and seeded random streams (docs/testing.md): the run seed, the test file and the test
// name give each test its own seed, so adding a test never changes another's values; each
// purpose draws from its own stream, so e.g. a new `random.int` call doesn't shift generated defaults.
import { sha256Uint32 } from "@jadpo/compiler";
import { Alea } from "./alea.ts";

export interface Rng {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One of `xs` (non-empty). */
  pick<T>(xs: readonly T[]): T;
}

/** The purposes that draw random numbers in a test; each is its own stream. */
export type RngStream = "defaults" | "random" | "placeholders" | "streams" | (string & {});

/** uint32 from the SHA-256 of `${runSeed}\0${file}\0${testName}`; `file` relative to the project root, with `/`. */
export function testSeed(runSeed: number, file: string, testName: string): number {
  return sha256Uint32(`${runSeed}\u0000${file}\u0000${testName}`);
}

/** A stream of random numbers for one purpose; the same seed and stream give the same sequence on every machine. */
export function rng(seed: number, stream: RngStream): Rng {
  // Alea: portable (pure double arithmetic, no platform entropy) and cheap to seed.
  const prng = new Alea(`${seed}\u0000${stream}`);
  const next = (): number => prng.double();
  const int = (min: number, max: number): number => {
    const lo = Math.ceil(min);
    const hi = Math.floor(max);
    if (hi <= lo) return lo;
    const n = lo + Math.floor(next() * (hi - lo + 1));
    return n > hi ? hi : n;
  };
  return {
    next,
    int,
    pick<T>(xs: readonly T[]): T {
      if (xs.length === 0) throw new Error("rng.pick from an empty list");
      return xs[int(0, xs.length - 1)];
    },
  };
}
