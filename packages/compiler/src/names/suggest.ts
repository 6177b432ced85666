// "Did you mean": the closest candidate by edit distance, when it is close enough to be a likely typo.

/**
 * Optimal string alignment distance: an insertion, deletion, substitution or swap of two adjacent
 * characters costs 1; a character that differs only in case costs 0.5.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1];
      const y = b[j - 1];
      const cost = x === y ? 0 : x.toLowerCase() === y.toLowerCase() ? 0.5 : 1;
      let best = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y) best = Math.min(best, prevPrev[j - 2] + 1);
      row.push(best);
    }
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length];
}

/**
 * The candidate closest to `name`, or null when none is within a third of its length (at least 1).
 * A difference in case only always wins; ties go to the alphabetically first, so the answer is stable.
 */
export function closest(name: string, candidates: Iterable<string>): string | null {
  const limit = Math.max(1, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  let best: string | null = null;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const score = candidate.toLowerCase() === lower ? 0.25 : editDistance(name, candidate);
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
