// A file's tokens, kept compactly (typed arrays) so lexing a large file makes no object per token.
// Token objects for the parser are reused from one declaration to the next (StreamToken).
import type { TokenType } from "chevrotain";
import * as T from "./tokens.ts";
import type { Tok } from "./tokens.ts";

const typeByIdx: TokenType[] = [];
/** The fixed spelling of punctuation and keywords, so their tokens need no substring. */
const imageByIdx: (string | undefined)[] = [];
for (const type of T.allTokenTypes) {
  typeByIdx[type.tokenTypeIdx!] = type;
  const label = type.LABEL;
  if (label !== undefined && label.startsWith("`")) imageByIdx[type.tokenTypeIdx!] = label.slice(1, -1);
}

export class TokenStream {
  count = 0;
  // Set by `allocate`.
  types!: Uint16Array;
  starts!: Int32Array;
  ends!: Int32Array;
  lines!: Int32Array;
  columns!: Int32Array;
  /** The processed value of each Text token, by token index. */
  readonly texts = new Map<number, string>();

  constructor(readonly text: string) {
    this.allocate(Math.max(64, Math.ceil(text.length / 4)));
  }

  /** The five arrays as views of one buffer (one allocation per file, not five). */
  private allocate(capacity: number): void {
    const buffer = new ArrayBuffer(capacity * 18);
    this.starts = new Int32Array(buffer, 0, capacity);
    this.ends = new Int32Array(buffer, capacity * 4, capacity);
    this.lines = new Int32Array(buffer, capacity * 8, capacity);
    this.columns = new Int32Array(buffer, capacity * 12, capacity);
    this.types = new Uint16Array(buffer, capacity * 16, capacity);
  }

  add(type: TokenType, start: number, end: number, line: number, column: number): number {
    const i = this.count;
    if (i === this.types.length) this.grow();
    this.types[i] = type.tokenTypeIdx!;
    this.starts[i] = start;
    this.ends[i] = end;
    this.lines[i] = line;
    this.columns[i] = column;
    this.count = i + 1;
    return i;
  }

  private grow(): void {
    const { types, starts, ends, lines, columns } = this;
    this.allocate(types.length * 2);
    this.types.set(types);
    this.starts.set(starts);
    this.ends.set(ends);
    this.lines.set(lines);
    this.columns.set(columns);
  }

  type(i: number): TokenType {
    return typeByIdx[this.types[i]];
  }

  /** The token at `i` as an object of its own (for a diagnostic made after the parse moves on). */
  tok(i: number): Tok {
    const idx = this.types[i];
    const start = this.starts[i];
    const end = this.ends[i];
    return {
      image: imageByIdx[idx] ?? this.text.slice(start, end),
      startOffset: start, startLine: this.lines[i], startColumn: this.columns[i], end,
      tokenTypeIdx: idx, tokenType: typeByIdx[idx],
      value: valueOf(this, i), firstCharCode: this.text.charCodeAt(start),
    };
  }

  /**
   * Tokens `from` (inclusive) to `to` (exclusive) as objects for the parser. The array and its
   * objects are reused by the next call: the parser reads one declaration at a time and keeps
   * no token past it, and a large project has hundreds of thousands of tokens.
   */
  window(from: number, to: number): Tok[] {
    windowStream = this;
    const count = to - from;
    while (pool.length < count) pool.push(new WindowToken());
    const out = reusedWindow;
    out.length = count;
    for (let k = 0; k < count; k++) {
      const tok = pool[k];
      const i = from + k;
      const idx = this.types[i];
      tok.tokenTypeIdx = idx;
      tok.tokenType = typeByIdx[idx];
      tok.startOffset = this.starts[i];
      tok.startLine = this.lines[i];
      tok.startColumn = this.columns[i];
      tok.end = this.ends[i];
      tok.index = i;
      out[k] = tok;
    }
    return out;
  }
}

/** The processed value of a Text token, or the number of a numeric token (0 otherwise). */
function valueOf(stream: TokenStream, i: number): string | number {
  const type = typeByIdx[stream.types[i]];
  if (type === T.TextLit) return stream.texts.get(i) ?? "";
  if (type !== T.IntLit && type !== T.DecimalLit && type !== T.DurationLit) return 0;
  const image = stream.text.slice(stream.starts[i], stream.ends[i]);
  if (type === T.DurationLit) return Number(image.slice(0, image.length - (image.endsWith("ms") ? 2 : 1)));
  return parseFloat(image); // `30x` (reported) reads as 30
}

/** The stream the window's tokens belong to. */
let windowStream: TokenStream | null = null;

/**
 * A token of the current window, reused from one declaration to the next. It holds numbers and
 * its type only: a reused object sits in V8's old generation, and a young string or stream
 * stored into it on every refill makes each garbage collection slower. Its spelling and value
 * are read from the stream when asked for.
 */
class WindowToken implements Tok {
  tokenTypeIdx = 0;
  tokenType: TokenType = T.Ident;
  startOffset = 0;
  startLine = 0;
  startColumn = 0;
  end = 0;
  index = 0;

  get image(): string {
    const fixed = imageByIdx[this.tokenTypeIdx];
    if (fixed !== undefined) return fixed;
    const text = windowStream!.text;
    return this.tokenType === T.Ident ? intern(text, this.startOffset, this.end) : text.slice(this.startOffset, this.end);
  }

  get value(): string | number {
    return valueOf(windowStream!, this.index);
  }

  get firstCharCode(): number {
    return windowStream!.text.charCodeAt(this.startOffset);
  }
}

/**
 * Identifier spellings, one string per spelling: a project names the same few thousand things
 * over and over, and each name kept in a syntax tree would otherwise be a string of its own for
 * the garbage collector to move. Looked up by the fresh slice (V8 hashes it natively, where a
 * hash computed here runs in the interpreter for most of a short run); the slice is garbage
 * when the spelling is known.
 */
const spellings = new Map<string, string>();

function intern(text: string, start: number, end: number): string {
  const slice = text.slice(start, end);
  const known = spellings.get(slice);
  if (known !== undefined) return known;
  spellings.set(slice, slice);
  return slice;
}

/** The objects `window` hands out, made once and refilled. */
const pool: WindowToken[] = [];
const reusedWindow: Tok[] = [];
