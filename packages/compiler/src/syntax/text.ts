// Text literal processing (docs/language.md): escapes, and the dedent of `"""` multi-line text.
// Shared by the lexer and by the checker (prompt versions are computed from `"""` text).

/** One escape read at a backslash: its text, or null when it is not an escape Jadpo knows. */
export interface Escape {
  text: string | null;
  /** How many UTF-16 units it spans, backslash included (at least 1). */
  length: number;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** Reads the escape whose backslash is at `at` in `s`. */
export function readEscape(s: string, at: number): Escape {
  const c = s.charCodeAt(at + 1);
  switch (c) {
    case 34: return { text: '"', length: 2 };
    case 92: return { text: "\\", length: 2 };
    case 110: return { text: "\n", length: 2 };
    case 114: return { text: "\r", length: 2 };
    case 116: return { text: "\t", length: 2 };
    case 123: return { text: "{", length: 2 };
    case 117: return readUnicodeEscape(s, at);
    default:
      // A backslash at the end of the text or of a line is a bad escape on its own.
      if (Number.isNaN(c) || c === 10) return { text: null, length: 1 };
      return { text: null, length: c >= 0xd800 && c <= 0xdbff ? 3 : 2 };
  }
}

function readUnicodeEscape(s: string, at: number): Escape {
  if (s.charCodeAt(at + 2) !== 123) return { text: null, length: 2 };
  let j = at + 3;
  let value = 0;
  let digits = 0;
  for (;;) {
    const h = hexValue(s.charCodeAt(j));
    if (h < 0) break;
    if (digits < 7) value = value * 16 + h;
    digits++;
    j++;
  }
  if (s.charCodeAt(j) !== 125) return { text: null, length: j - at };
  const length = j + 1 - at;
  const valid = digits >= 1 && digits <= 6 && value <= 0x10ffff && !(value >= 0xd800 && value <= 0xdfff);
  return valid ? { text: String.fromCodePoint(value), length } : { text: null, length };
}

/** The escapes of a text processed; a bad escape (already reported by the lexer) is kept as written. */
export function processEscapes(raw: string): string {
  let at = raw.indexOf("\\");
  if (at < 0) return raw;
  let out = "";
  let from = 0;
  while (at >= 0) {
    const escape = readEscape(raw, at);
    out += raw.slice(from, at) + (escape.text ?? raw.slice(at, at + escape.length));
    from = at + escape.length;
    at = raw.indexOf("\\", from);
  }
  return out + raw.slice(from);
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

function indentOf(line: string): string {
  let i = 0;
  while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  return line.slice(0, i);
}

/**
 * The `"""` layout rules without escapes: `raw` is the text between the delimiters. A
 * whitespace-only first and last line are dropped, the common indent of the non-blank lines is
 * removed, blank lines become empty, and lines are joined with `\n` (no trailing newline).
 */
export function dedentTripleQuoted(raw: string): string {
  const lines = raw.split("\n");
  if (lines.length > 0 && isBlank(lines[0])) lines.shift();
  if (lines.length > 0 && isBlank(lines[lines.length - 1])) lines.pop();
  let common: string | null = null;
  for (const line of lines) {
    if (isBlank(line)) continue;
    const indent = indentOf(line);
    if (common === null) common = indent;
    else {
      let k = 0;
      while (k < common.length && k < indent.length && common.charCodeAt(k) === indent.charCodeAt(k)) k++;
      common = common.slice(0, k);
    }
  }
  const cut = common === null ? 0 : common.length;
  return lines.map((line) => (isBlank(line) ? "" : line.slice(cut))).join("\n");
}

/** The full `"""` processing (docs/language.md): the layout rules, then escapes. `raw` is the text between the delimiters. */
export function processTripleQuoted(raw: string): string {
  return processEscapes(dedentTripleQuoted(raw));
}
