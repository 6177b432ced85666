// A test run's command-line syntax, read into what the runtime takes: `--seeds A..B`, `--shard i/n`
// and `file:line`. Pure parsing, so `jadpo test` checks its flags (and shows a run kept from an
// identical earlier one) before it loads the runtime.
import type { SeedRange, Shard } from "@jadpo/runtime";

/** A sweep runs each test at most this many times (before shrinking). */
export const MAX_SEEDS = 10_000;

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

/** Parses `i/n` with 1 ≤ i ≤ n; null when it isn't one. */
export function parseShard(text: string): Shard | null {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) return null;
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(count)) return null;
  if (count < 1 || index < 1 || index > count) return null;
  return { index, count };
}

/** Splits `path:12` into its path and line; a path without a numeric suffix has no line. */
export function splitLineSuffix(argument: string): { path: string; line: number | null } {
  const match = /^(.*):(\d+)$/.exec(argument);
  if (!match || match[1] === "") return { path: argument, line: null };
  return { path: match[1], line: Number(match[2]) };
}
