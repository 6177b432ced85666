// "Did you mean": the closest candidate by edit distance, when it is close enough to be a likely typo.

/** Names longer than this get no suggestion: nobody mistypes a 65-character name by one letter. */
const MAX_NAME = 64;
/** At most this many candidates are weighed per name, so a scope of 100,000 names costs no more. */
const MAX_CANDIDATES = 2_000;

/**
 * Optimal string alignment distance: an insertion, deletion, substitution or swap of two adjacent
 * characters costs 1; a character that differs only in case costs 0.5. Past `limit` the exact value
 * doesn't matter: the table stops as soon as every cell of a row is over it.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  if (Math.abs(a.length - b.length) > limit) return Math.abs(a.length - b.length);
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1];
      const y = b[j - 1];
      const cost = x === y ? 0 : lowerA[i - 1] === lowerB[j - 1] ? 0.5 : 1;
      let best = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y) best = Math.min(best, prevPrev[j - 2] + 1);
      row.push(best);
      if (best < rowBest) rowBest = best;
    }
    if (rowBest > limit) return rowBest;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length];
}

/**
 * The candidate closest to `name`, or null when none is within a third of its length (at least 1).
 * A difference in case only always wins; ties go to the alphabetically first, so the answer is stable.
 * Bounded work whatever the input: long names get no suggestion, candidates whose length is too
 * different are skipped before any table, and only the first MAX_CANDIDATES are weighed.
 */
export function closest(name: string, candidates: Iterable<string>): string | null {
  if (name.length > MAX_NAME) return null;
  const limit = Math.max(1, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  let best: string | null = null;
  let bestScore = Infinity;
  let seen = 0;
  for (const candidate of candidates) {
    if (++seen > MAX_CANDIDATES) break;
    if (candidate === name || Math.abs(candidate.length - name.length) > limit) continue;
    const score = candidate.length === name.length && candidate.toLowerCase() === lower ? 0.25 : editDistance(name, candidate, limit);
    if (score > limit) continue;
    if (score < bestScore || (score === bestScore && best !== null && candidate < best)) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The one spelling of a suggestion: "Did you mean `near`?" when there is a near name (already
 * written as the user would write it: `ai.answer`, `{question.text}`), else `otherwise`.
 */
export function didYouMean(near: string | null, otherwise: string): string {
  return near === null ? otherwise : `Did you mean \`${near}\`?`;
}
