// Output stays bounded and safe whatever a name or value holds: a quoted name or value longer than
// 80 characters is cut with `…`, and control characters (an escape sequence in a file name) are
// written as `\u{1B}`, so nothing raw reaches the terminal.

/** The longest quoted name or value a message shows. */
const QUOTE_LIMIT = 80;

/** `text` cut to `limit` code points with `…` when longer; by code point, so a surrogate pair is never split. */
export function cutCodePoints(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${[...text.slice(0, limit + 1)].slice(0, limit).join("")}…`;
}

function cut(text: string): string {
  return cutCodePoints(text, QUOTE_LIMIT);
}

/** Control characters, except the newline and tab a multi-line message may hold. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CONTROL_TEST = new RegExp(CONTROL.source);

/** No line of a message is longer than this, whatever it quotes. */
const MAX_TEXT = 4_000;

/** Reasons and steps repeat for every diagnostic of a rule: each is shortened once. */
const seen = new Map<string, string>();
const SEEN_MAX = 2_000;
/** Over-approximate tests (any stretch between two quote marks): when none holds, nothing needs cutting. */
const MAYBE_LONG = /`[^`\n]{81,}`|"[^"\n]{81,}"/;

/** A message line with every `quoted` or "quoted" part cut to QUOTE_LIMIT and control characters escaped. */
export function shortenQuoted(full: string): string {
  const known = seen.get(full);
  if (known !== undefined) return known;
  const shortened = full.length <= MAX_TEXT && !MAYBE_LONG.test(full) && !CONTROL_TEST.test(full) ? full : shortenNow(full);
  if (seen.size < SEEN_MAX && full.length <= MAX_TEXT) seen.set(full, shortened);
  return shortened;
}

function shortenNow(full: string): string {
  const text = full.length > MAX_TEXT ? `${full.slice(0, MAX_TEXT)}…` : full;
  // Pairs are taken from the left, so the text between two quoted parts is never taken for one.
  return text
    .replace(/`([^`\n]*)`/g, (whole, inner: string) => (inner.length > QUOTE_LIMIT ? `\`${cut(inner)}\`` : whole))
    .replace(/"((?:[^"\\\n]|\\.)*)"/g, (whole, inner: string) => (inner.length > QUOTE_LIMIT ? `"${cut(inner)}"` : whole))
    .replace(CONTROL, (ch) => `\\u{${ch.codePointAt(0)!.toString(16).toUpperCase()}}`);
}

/** The longest `got:`/`expected:` value shown (texts inside it are cut at QUOTE_LIMIT). */
const VALUE_LIMIT = 500;

/** A `got:`/`expected:` value as a whole: one line of at most VALUE_LIMIT characters. */
export function shortenValue(text: string): string {
  return shortenQuoted(cutCodePoints(text, VALUE_LIMIT));
}
