// Where two versions of a file's text first differ: an editor's re-parse and re-check start there.

/** Compared a chunk at a time (the engine's own comparison), then character by character. */
const CHUNK = 4096;

/** The length of the longest common prefix of `a` and `b`. */
export function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i + CHUNK <= n && a.slice(i, i + CHUNK) === b.slice(i, i + CHUNK)) i += CHUNK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}
