// A file's tokens, kept compactly (typed arrays) so lexing a large file makes no object per token.
// Token objects for the parser are made one declaration at a time and die young.
import type { TokenType } from "chevrotain";
import * as T from "./tokens.ts";
import { makeTok, type Tok } from "./tokens.ts";

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
  types: Uint16Array;
  starts: Int32Array;
  ends: Int32Array;
  lines: Int32Array;
  columns: Int32Array;
  /** The processed value of each Text token, by token index. */
  readonly texts = new Map<number, string>();

  constructor(readonly text: string) {
    const capacity = Math.max(64, Math.ceil(text.length / 4));
    this.types = new Uint16Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.lines = new Int32Array(capacity);
    this.columns = new Int32Array(capacity);
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
    const size = this.types.length * 2;
    const grown = <A extends Uint16Array | Int32Array>(a: A, make: (n: number) => A): A => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.types = grown(this.types, (n) => new Uint16Array(n));
    this.starts = grown(this.starts, (n) => new Int32Array(n));
    this.ends = grown(this.ends, (n) => new Int32Array(n));
    this.lines = grown(this.lines, (n) => new Int32Array(n));
    this.columns = grown(this.columns, (n) => new Int32Array(n));
  }

  type(i: number): TokenType {
    return typeByIdx[this.types[i]];
  }

  /** The token at `i` as an object for the parser. */
  tok(i: number): Tok {
    const idx = this.types[i];
    const type = typeByIdx[idx];
    const start = this.starts[i];
    const end = this.ends[i];
    const image = imageByIdx[idx] ?? this.text.slice(start, end);
    let value: string | number = 0;
    if (type === T.TextLit) value = this.texts.get(i) ?? "";
    else if (type === T.IntLit || type === T.DecimalLit) value = parseFloat(image); // `30x` (reported) reads as 30
    else if (type === T.DurationLit) value = Number(image.slice(0, image.length - (image.endsWith("ms") ? 2 : 1)));
    return makeTok(type, image, start, end, this.lines[i], this.columns[i], value);
  }

  /** Tokens `from` (inclusive) to `to` (exclusive) as objects. */
  slice(from: number, to: number): Tok[] {
    const out: Tok[] = new Array(to - from);
    for (let i = from; i < to; i++) out[i - from] = this.tok(i);
    return out;
  }
}
