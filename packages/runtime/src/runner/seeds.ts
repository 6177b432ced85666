// `--seeds A..B`: the range of run seeds a sweep runs each test under (docs/seeds-and-coverage.md).

export interface SeedRange {
  first: number;
  last: number;
}

/** A sweep runs each test at most this many times (before shrinking). */
export const MAX_SEEDS = 10_000;

export function seedCount(range: SeedRange): number {
  return range.last - range.first + 1;
}

/** Parses `A..B` (whole numbers, A ≤ B, at most MAX_SEEDS seeds); null when it isn't one. */
export function parseSeedRange(text: string): SeedRange | null {
  const match = /^(\d+)\.\.(\d+)$/.exec(text.trim());
  if (!match) return null;
  const first = Number(match[1]);
  const last = Number(match[2]);
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || first > last) return null;
  if (last - first + 1 > MAX_SEEDS) return null;
  return { first, last };
}
