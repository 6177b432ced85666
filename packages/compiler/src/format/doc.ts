// The formatter's layout language (after Wadler's "prettier printer", as Prettier and Gleam use
// it): the syntax tree becomes a Doc, and print-doc.ts lays the Doc out in 100 columns. A group
// stands on one line when it fits, else each of its line breaks is taken; a group holding a
// forced break (a comment, a block's statements) is never joined.

/** Text, a sequence of docs, or one of the nodes below. A plain string is ASCII on one line (its width is its length). */
export type Doc = string | readonly Doc[] | DocNode;

export type DocNode = Line | Group | Indent | Suffix | Wide;

export const LINE = 0;
export const GROUP = 1;
export const INDENT = 2;
export const SUFFIX = 3;
export const WIDE = 4;

/** A place a line may break: `flat` when its group is on one line, else a newline (two when `blank`) and the indentation. */
export interface Line {
  readonly k: typeof LINE;
  readonly flat: string;
  /** Always a newline, whatever its group. */
  readonly hard: boolean;
  /** A blank line when broken (kept from the source between statements and entries). */
  readonly blank: boolean;
}

export interface Group {
  readonly k: typeof GROUP;
  readonly doc: Doc;
  /** It holds a forced break, so it is never on one line. */
  readonly hard: boolean;
}

/** One level (four spaces) deeper for the lines `doc` breaks. */
export interface Indent {
  readonly k: typeof INDENT;
  readonly doc: Doc;
}

/** An end-of-line comment: written just before the next newline, wherever the doc is then. */
export interface Suffix {
  readonly k: typeof SUFFIX;
  readonly text: string;
}

/** Text whose width is not its length: non-ASCII (widths count code points), or a `"""` text of several lines, written as it is. */
export interface Wide {
  readonly k: typeof WIDE;
  readonly text: string;
  /** The width of its first line. */
  readonly width: number;
  /** The width of its last line, when it has more than one; -1 otherwise. */
  readonly last: number;
}

const line = (flat: string, blank: boolean): Line => ({ k: LINE, flat, hard: false, blank });

/** Breaks into nothing (inside brackets). */
export const SOFT = line("", false);
/** A space, or a break. */
export const SPACE = line(" ", false);
/** Two spaces between the entries of a one-line `{ }`, or a break. */
export const ENTRY = line("  ", false);
export const ENTRY_BLANK = line("  ", true);
/** `, ` between `use` names on one line, or a break. */
export const NAME = line(", ", false);
export const HARD: Line = { k: LINE, flat: "", hard: true, blank: false };
export const HARD_BLANK: Line = { k: LINE, flat: "", hard: true, blank: true };

export function indent(doc: Doc): Indent {
  return { k: INDENT, doc };
}

/** The number of code points of `text` (a surrogate pair is one). */
export function codePoints(text: string, from = 0, to = text.length): number {
  let n = to - from;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) n--;
  }
  return n;
}

const ASCII_LINE = /^[\x20-\x7e]*$/;

/** Source text kept as written (a text literal, a comment): a plain string when that is exact, else a Wide. */
export function verbatim(text: string): Doc {
  if (ASCII_LINE.test(text)) return text;
  const nl = text.indexOf("\n");
  if (nl < 0) return { k: WIDE, text, width: codePoints(text), last: -1 };
  return { k: WIDE, text, width: codePoints(text, 0, nl), last: codePoints(text, text.lastIndexOf("\n") + 1) };
}
