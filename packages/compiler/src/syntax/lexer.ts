// The lexer (docs/language.md): text (BOM dropped, CRLF read as LF) → a token stream, by hand for speed
// and exact positions. Problems become diagnostics here: one per bad character run, and only a
// few per file, so binary junk gives a handful rather than thousands.
import type { TokenType } from "chevrotain";
import type { Span } from "./ast.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { readEscape, processEscapes, processTripleQuoted } from "./text.ts";
import * as T from "./tokens.ts";
import { TokenStream } from "./token-stream.ts";

/** At most this many `syntax.invalid_character` per file. */
const MAX_INVALID_RUNS = 3;
/** At most this many other lexer diagnostics per file. */
const MAX_OTHER = 5;

export interface LexResult {
  stream: TokenStream;
  diagnostics: Diagnostic[];
  /** Every `//` comment's start and end offsets, in pairs, in order (the formatter keeps them). */
  comments: number[];
}

const durationUnits = new Set(["ms", "s", "m", "h"]);
const printable = /^[\p{L}\p{N}\p{P}\p{S}]$/u;

function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}
function isIdentPart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c >= 48 && c <= 57);
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Whether `c` is whitespace or may start a token; every other character is invalid. */
function startsSomething(c: number, next: number): boolean {
  if (isIdentPart(c)) return true;
  switch (c) {
    case 32: case 9: case 10: case 13: case 34:
    case 40: case 41: case 91: case 93: case 123: case 125: case 60: case 62: case 61:
    case 45: case 58: case 44: case 46: case 47: case 43: case 42: case 37: case 63:
      return true;
    case 33: // `!` only in `!=`
      return next === 61;
    default:
      return false;
  }
}

/** The token type of the punctuation at `c` (then `next`); `!` is only the start of `!=`. */
function punctuation(c: number, next: number): TokenType | null {
  switch (c) {
    case 40: return T.LParen;
    case 41: return T.RParen;
    case 91: return T.LBracket;
    case 93: return T.RBracket;
    case 123: return T.LBrace;
    case 125: return T.RBrace;
    case 60: return next === 61 ? T.LessEq : T.Less;
    case 62: return next === 61 ? T.GreaterEq : T.Greater;
    case 61: return next === 61 ? T.EqEq : next === 62 ? T.FatArrow : T.Assign;
    case 33: return next === 61 ? T.NotEq : null;
    case 45: return next === 62 ? T.Arrow : T.Minus;
    case 58: return T.Colon;
    case 44: return T.Comma;
    case 46: return T.Dot;
    case 47: return T.Slash;
    case 43: return T.Plus;
    case 42: return T.Star;
    case 37: return T.Percent;
    case 63: return T.Question;
    default: return null;
  }
}

/**
 * Keywords by length, first and last character, so telling a word from a keyword needs no
 * substring (most words are not keywords): candidates are compared in place.
 */
const keywordCandidates = new Map<number, [string, TokenType][]>();
const keywordKey = (length: number, first: number, last: number): number => (length * 128 + first) * 128 + last;
for (const [word, type] of T.keywords) {
  const key = keywordKey(word.length, word.charCodeAt(0), word.charCodeAt(word.length - 1));
  const list = keywordCandidates.get(key);
  if (list) list.push([word, type]);
  else keywordCandidates.set(key, [[word, type]]);
}

function keywordAt(text: string, from: number, to: number): TokenType | undefined {
  const candidates = keywordCandidates.get(keywordKey(to - from, text.charCodeAt(from), text.charCodeAt(to - 1)));
  if (candidates === undefined) return undefined;
  // Indexed: a for-of here would allocate an iterator result per identifier before V8 optimizes it.
  for (let k = 0; k < candidates.length; k++) if (text.startsWith(candidates[k][0], from)) return candidates[k][1];
  return undefined;
}

/** Two-character punctuation, by token type index. */
const TWO_CHARACTERS = T.typeTable([T.LessEq, T.GreaterEq, T.EqEq, T.FatArrow, T.NotEq, T.Arrow]);
/**
 * The rest of a word, and the plain run of a text, are matched by sticky regular expressions:
 * V8 runs them as compiled code from the first file on, where a loop runs in the interpreter
 * until it is optimized (late in a short run).
 */
const WORD_REST = /[A-Za-z0-9_]*/y;
/** Characters of a text that `scanText` passes over (the set its loop tests for, negated). */
const PLAIN_TEXT = /[^"\\\n\udc00-\uffff]*/y;
/** ASCII characters that start a word. */
const IDENT_START = new Uint8Array(128);
for (let c = 0; c < 128; c++) IDENT_START[c] = isIdentStart(c) ? 1 : 0;

export function lex(text: string, file: string, badUtf8 = false): LexResult {
  const lexer = new Lexer(text, file, badUtf8);
  lexer.run();
  return { stream: lexer.stream, diagnostics: lexer.diagnostics, comments: lexer.comments };
}

class Lexer {
  readonly stream: TokenStream;
  readonly diagnostics: Diagnostic[] = [];
  readonly comments: number[] = [];
  private line = 1;
  private lineStart = 0;
  /** Low surrogates seen on the current line before `i` (columns count code points). */
  private astral = 0;
  private invalidRuns = 0;
  private others = 0;
  /** Whether the text `scanText` read last holds a backslash. */
  private escapes = false;
  private readonly n: number;

  constructor(private readonly text: string, private readonly file: string, private readonly badUtf8: boolean) {
    this.stream = new TokenStream(text);
    this.n = text.length;
  }

  private column(offset: number): number {
    return offset - this.lineStart - this.astral + 1;
  }

  private span(start: number, end: number, line: number, column: number): Span {
    return { file: this.file, line, column, start, end };
  }

  private report(d: Diagnostic): void {
    if (this.others < MAX_OTHER) this.diagnostics.push(d);
    this.others++;
  }

  private reportInvalid(start: number, end: number, column: number): void {
    if (this.invalidRuns < MAX_INVALID_RUNS) {
      const what = describeRun(this.text.slice(start, end), this.badUtf8);
      this.diagnostics.push(diagnostic("syntax.invalid_character", this.span(start, end, this.line, column), { what }));
    }
    this.invalidRuns++;
  }

  private newline(at: number): void {
    this.line++;
    this.lineStart = at + 1;
    this.astral = 0;
  }

  run(): void {
    // A line per call: the loop of one call stays short, so V8 optimizes `lexLine` as a function
    // (once, when hot) rather than also compiling an on-stack replacement of a long-running loop.
    const n = this.n;
    let i = 0;
    while (i < n) i = this.lexLine(i);
  }

  /** The tokens from `from` up to and including the next newline; returns the offset after it. */
  private lexLine(from: number): number {
    const text = this.text;
    const n = this.n;
    const stream = this.stream;
    let i = from;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32) {
        i++;
        while (text.charCodeAt(i) === 32) i++;
      } else if (c === 10) {
        this.newline(i);
        return i + 1;
      } else if (c === 9 || c === 13) {
        i++;
      } else if (c < 128 && IDENT_START[c] === 1) {
        WORD_REST.lastIndex = i + 1;
        WORD_REST.test(text);
        const j = WORD_REST.lastIndex;
        const type = j - i <= 10 ? keywordAt(text, i, j) : undefined;
        stream.add(type ?? T.Ident, i, j, this.line, i - this.lineStart - this.astral + 1);
        i = j;
      } else if (c >= 48 && c <= 57) {
        i = this.number(i);
      } else if (c === 34) {
        i = this.textLiteral(i);
      } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
        i = this.comment(i);
      } else {
        const type = punctuation(c, text.charCodeAt(i + 1));
        if (type !== null) {
          const length = TWO_CHARACTERS[type.tokenTypeIdx!] === 1 ? 2 : 1;
          stream.add(type, i, i + length, this.line, i - this.lineStart - this.astral + 1);
          i += length;
        } else {
          i = this.invalidRun(i);
        }
      }
    }
    return i;
  }

  /** A `//` comment up to (not including) the newline. */
  private comment(from: number): number {
    const nl = this.text.indexOf("\n", from);
    const stop = nl < 0 ? this.n : nl;
    this.comments.push(from, stop);
    if (this.badUtf8) {
      for (let k = from; k < stop; k++) {
        if (this.text.charCodeAt(k) === 0xfffd) {
          this.reportInvalid(k, k + 1, this.column(k));
          break;
        }
      }
    }
    return stop;
  }

  /** A run of characters that can't start anything: one diagnostic. */
  private invalidRun(from: number): number {
    const column = this.column(from);
    let j = from;
    while (j < this.n && !startsSomething(this.text.charCodeAt(j), this.text.charCodeAt(j + 1))) {
      if (isLowSurrogate(this.text.charCodeAt(j))) this.astral++;
      j++;
    }
    if (j === from) j = from + 1;
    this.reportInvalid(from, j, column);
    return j;
  }

  private number(from: number): number {
    const text = this.text;
    let j = from;
    while (j < this.n && isDigit(text.charCodeAt(j))) j++;
    let decimal = false;
    if (text.charCodeAt(j) === 46 && isDigit(text.charCodeAt(j + 1))) {
      decimal = true;
      j++;
      while (j < this.n && isDigit(text.charCodeAt(j))) j++;
    }
    const column = this.column(from);
    let type = decimal ? T.DecimalLit : T.IntLit;
    let end = j;
    if (isIdentStart(text.charCodeAt(j))) {
      // Letters right after digits: a duration's unit, or a mistake (`30x`, `1.5s`).
      let k = j;
      while (k < this.n && isIdentPart(text.charCodeAt(k))) k++;
      if (!decimal && durationUnits.has(text.slice(j, k))) type = T.DurationLit;
      else {
        const found = "`" + text.slice(from, k) + "`";
        this.report(diagnostic("syntax.expected", this.span(from, k, this.line, column), {
          expected: "a number or a duration (`500ms`, `5s`, `15m`, `2h`)",
          found,
          step: "Write a number, or a whole number with one of the units `ms`, `s`, `m` or `h`",
        }));
      }
      end = k;
    }
    if (!decimal && j - from > 15 && Number(text.slice(from, j)) > Number.MAX_SAFE_INTEGER) {
      this.report(diagnostic("syntax.number_too_large", this.span(from, j, this.line, column), { number: text.slice(from, j) }));
    }
    this.stream.add(type, from, end, this.line, column);
    return end;
  }

  /** `"..."` or `"""..."""`; the processed value is kept in the stream. */
  private textLiteral(from: number): number {
    const text = this.text;
    const column = this.column(from);
    const line = this.line;
    const triple = text.charCodeAt(from + 1) === 34 && text.charCodeAt(from + 2) === 34;
    const inner = from + (triple ? 3 : 1);
    const close = this.scanText(inner, triple);
    const escapes = this.escapes;
    let end: number;
    let raw: string;
    if (close < 0) {
      const closer = triple ? '`"""`' : '`"`';
      this.report(diagnostic("syntax.unterminated_text", this.span(from, inner, line, column), { closer }));
      end = triple ? this.n : lineEndFrom(text, inner);
      raw = text.slice(inner, end);
    } else {
      raw = text.slice(inner, close);
      end = close + (triple ? 3 : 1);
    }
    const value = triple ? processTripleQuoted(raw) : escapes ? processEscapes(raw) : raw;
    const index = this.stream.add(T.TextLit, from, end, line, column);
    this.stream.texts.set(index, value);
    return end; // an unclosed `"` stops before the newline, which the main loop reads
  }

  /**
   * Scans a text's inside from `from`; returns the offset of its closing quote(s), or -1, and
   * notes in `escapes` whether it holds a backslash (a field, so no result object per text).
   */
  private scanText(from: number, triple: boolean): number {
    const text = this.text;
    const n = this.n;
    let j = from;
    let escapes = false;
    this.escapes = false;
    while (j < n) {
      const c = text.charCodeAt(j);
      // Most characters are none of the ones handled below: a run of them is skipped at once.
      if (c !== 34 && c !== 92 && c !== 10 && c < 0xdc00) {
        PLAIN_TEXT.lastIndex = j + 1;
        PLAIN_TEXT.test(text);
        j = PLAIN_TEXT.lastIndex;
        continue;
      }
      if (c === 34) {
        if (!triple || (text.charCodeAt(j + 1) === 34 && text.charCodeAt(j + 2) === 34)) {
          this.escapes = escapes;
          return j;
        }
        j++;
      } else if (c === 92) {
        escapes = true;
        const escape = readEscape(text, j);
        if (escape.text === null) {
          const shown = showEscape(text.slice(j, j + escape.length));
          this.report(diagnostic("syntax.bad_escape", this.span(j, j + escape.length, this.line, this.column(j)), { escape: shown }));
        }
        for (let k = 1; k < escape.length; k++) if (isLowSurrogate(text.charCodeAt(j + k))) this.astral++;
        j += escape.length; // a backslash before a newline is one long: the newline is read next
      } else if (c === 10) {
        if (!triple) {
          this.escapes = escapes;
          return -1;
        }
        this.newline(j);
        j++;
      } else {
        if (isLowSurrogate(c)) this.astral++;
        else if (c === 0xfffd && this.badUtf8) this.reportInvalid(j, j + 1, this.column(j));
        j++;
      }
    }
    this.escapes = escapes;
    return -1;
  }
}

function lineEndFrom(text: string, from: number): number {
  const nl = text.indexOf("\n", from);
  return nl < 0 ? text.length : nl;
}

function codePoint(ch: string): string {
  return "U+" + ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
}

/** A bad escape as shown in its diagnostic: characters that don't print are named by code point. */
function showEscape(escape: string): string {
  return [...escape].map((ch) => (ch === "\\" || printable.test(ch) ? ch : ch === "\n" ? "" : codePoint(ch))).join("");
}

/** How an invalid run is named in its diagnostic. */
function describeRun(run: string, badUtf8: boolean): string {
  if (badUtf8 && run.includes("\uFFFD")) return "Bytes that are not valid UTF-8";
  const chars = [...run];
  if (chars.every((ch) => printable.test(ch))) return "`" + (chars.length > 12 ? chars.slice(0, 12).join("") + "…" : run) + "`";
  const first = chars.find((ch) => !printable.test(ch)) ?? chars[0];
  return chars.length === 1 ? `The character ${codePoint(first)}` : `The character ${codePoint(first)} (in a run of ${chars.length})`;
}
