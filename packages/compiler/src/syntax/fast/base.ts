// What every layer of the hand-written parser shares: the declaration's tokens and a cursor over
// them, token classes by type index, spans and names made as the chevrotain grammar makes them,
// and the nesting count. No rule here throws: a rule that meets anything it does not expect
// returns null, and null travels up to `FastParser.parse`, which then answers "not handled"
// (parse-file.ts hands the declaration to the chevrotain parser).
import type * as A from "../ast.ts";
import type { Tok } from "../tokens.ts";
import { noteBare } from "../build-ast.ts";
import { MAX_DEPTH } from "../declarations.ts";
import { COMMA, EOF, IDENT, RBRACE } from "./indices.ts";

/** How far past the last token a rule may look (`ahead(3)` at the last token). */
const LOOKAHEAD = 4;

/**
 * Nesting (counted as the chevrotain grammar counts it) deeper than this is left to chevrotain,
 * well before its own limit, `MAX_DEPTH`: near the limit only chevrotain decides what is too deep.
 */
const FAST_MAX_DEPTH = MAX_DEPTH >> 1;

export abstract class FastBase {
  protected file = "";
  /** The declaration's tokens; `i` is the next one to read (never past `n`, their count). */
  protected t: Tok[] = [];
  protected n = 0;
  protected i = 0;
  protected depth = 0;
  /** Local names declared, as `JadpoParser.locals` holds them. */
  locals: A.Ident[] = [];
  /** Bare expression statements, as `JadpoParser.bare` holds them. */
  bare: A.Span[] = [];

  constructor() {
    // Two values before any code is optimized (parser-base.ts says why).
    this.file = "?";
    this.file = "";
  }

  /**
   * The tokens' type indices, then EOF for as far as any rule looks ahead: the rules read
   * `types[i]` (no bounds check, no token object) to decide, and touch a token object only to
   * take its spelling or position.
   */
  protected types = new Uint16Array(256);

  protected start(file: string, tokens: Tok[], typeIndices: Uint16Array): void {
    const n = tokens.length;
    if (this.types.length < n + LOOKAHEAD) this.types = new Uint16Array(2 * (n + LOOKAHEAD));
    const types = this.types;
    types.set(typeIndices);
    types.fill(EOF, n, n + LOOKAHEAD);
    this.file = file;
    this.t = tokens;
    this.n = n;
    this.i = 0;
    this.depth = 0;
    this.locals = [];
    this.bare = [];
  }

  /** The type index of the token `k` (at most 3) after the next one, EOF past the end. */
  protected ahead(k: number): number {
    return this.types[this.i + k];
  }

  /** The next token, taken (the caller has looked at its type). */
  protected take(): Tok {
    return this.t[this.i++];
  }

  /** The next token when it has type index `type`, else null. */
  protected expect(type: number): Tok | null {
    if (this.types[this.i] === type) return this.t[this.i++];
    return null;
  }

  /** A span from `first` to the last token read (ParserBase.sp). */
  protected sp(first: Tok): A.Span {
    return { file: this.file, line: first.startLine, column: first.startColumn, start: first.startOffset, end: this.t[this.i - 1].end };
  }

  /** A name token as an identifier (ParserBase.id). */
  protected id(tok: Tok): A.Ident {
    return { name: tok.image, span: { file: this.file, line: tok.startLine, column: tok.startColumn, start: tok.startOffset, end: tok.end } };
  }

  /** Names, commas between them optional, then `}` (taken): a `use`'s names, an enum's members. False when `}` doesn't follow. */
  protected namesThenBrace(names: A.Ident[]): boolean {
    while (this.types[this.i] === IDENT) {
      names.push(this.id(this.take()));
      if (this.types[this.i] === COMMA) this.i++;
    }
    return this.expect(RBRACE) !== null;
  }

  /**
   * Items separated by commas, a trailing comma allowed, up to `closer` (not taken): a list's
   * items, a function's parameters, a fake's script. Null when an item is.
   */
  protected commaSeparated<X>(closer: number, item: () => X | null): X[] | null {
    const items: X[] = [];
    if (this.types[this.i] === closer) return items;
    for (;;) {
      const read = item.call(this);
      if (read === null) return null;
      items.push(read);
      if (this.types[this.i] !== COMMA) return exact(items);
      this.i++;
      if (this.types[this.i] === closer) return exact(items);
    }
  }

  /** A declared local name, noted in `locals` (ParserBase.local). */
  protected local(tok: Tok): A.Ident {
    const ident = this.id(tok);
    this.locals.push(ident);
    return ident;
  }

  /** One level deeper; false when that is too deep for this parser. */
  protected deeper(): boolean {
    return ++this.depth <= FAST_MAX_DEPTH;
  }

  /** Records bare expression statements; an arm block's final one is its value. */
  protected noteBare(statements: A.Stmt[], armBlock: boolean): void {
    noteBare(statements, armBlock, this.bare);
  }
}

/**
 * `items` in an array of exactly their length, for arrays the tree keeps. An array grown by
 * `push` keeps spare room (17 slots after its first push): in a large project's trees, lists of
 * one parameter or two statements, that spare room was about a tenth of the heap.
 */
export function exact<X>(items: X[]): X[] {
  return items.length === 0 ? items : items.slice();
}
