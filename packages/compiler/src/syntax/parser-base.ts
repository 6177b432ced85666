// What every layer of the grammar shares: the chevrotain parser, per-declaration state (open
// constructs for error messages, nesting depth, the declaration being read) and small helpers.
// The grammar is split by construct into layers: parser-expressions.ts → parser-statements.ts →
// parser.ts (declarations), each extending the one before.
import { type ConsumeMethodOpts, type IParserErrorMessageProvider, type TokenType } from "chevrotain";
import type * as A from "./ast.ts";
import * as T from "./tokens.ts";
import type { Tok } from "./tokens.ts";
import type { OpenConstruct } from "./open-constructs.ts";
import { TooDeep, MARK_REDUNDANT, MARK_TOKEN } from "./parse-errors.ts";
import { noteBare } from "./build-ast.ts";
import { ParserEngine } from "./parser-engine.ts";

/** Nesting deeper than this (brackets, blocks, expression operators) is `limit.too_deep`. */
export const MAX_DEPTH = 256;

// Chevrotain's messages never reach a user: only markers and Jadpo's own phrases pass through
// here, and parse-errors.ts turns them into diagnostics.
const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected }) => MARK_TOKEN + expected.name,
  buildNotAllInputParsedMessage: () => MARK_REDUNDANT,
  buildNoViableAltMessage: ({ customUserDescription }) => customUserDescription ?? "something else",
  buildEarlyExitMessage: ({ customUserDescription }) => customUserDescription ?? "something else",
};

const optsCache = new Map<string, ConsumeMethodOpts>();
function errOpts(errMsg: string): ConsumeMethodOpts {
  let opts = optsCache.get(errMsg);
  if (opts === undefined) optsCache.set(errMsg, (opts = { ERR_MSG: errMsg }));
  return opts;
}

export const isUpper = (tok: Tok): boolean => {
  const c = tok.firstCharCode;
  return c >= 65 && c <= 90;
};

/** Whether `tok` is spelled `word` (lengths compared first: most tokens are not, and `image` costs). */
export const isWord = (tok: Tok, word: string): boolean => tok.end - tok.startOffset === word.length && tok.image === word;

export abstract class ParserBase extends ParserEngine {
  protected file = "";
  /**
   * Constructs open at the current point, innermost last: the first `openCount` of a pool
   * whose objects are refilled (one is opened per bracket, and read only for an error).
   */
  private openPool: OpenConstruct[] = [];
  protected openCount = 0;
  /** The declaration being read, kept when it breaks off. */
  partial: A.Decl | null = null;
  /** Bare expression statements found (docs/language.md), reported as `syntax.bare_expression`. */
  bare: A.Span[] = [];
  /** Local names declared so far (see `SyntaxFile.locals`). */
  locals: A.Ident[] = [];
  protected depth = 0;
  /** Where the nesting was deepest, for `limit.too_deep` should the stack run out before the limit. */
  deepest: Tok | null = null;
  private deepestDepth = 0;
  /**
   * Shared stacks for the pieces of lists being read (items, tokens, postfixes). A rule notes the
   * length, lets cached callbacks push, then takes its part back: no closure per call, and
   * nested rules stack above it.
   */
  protected items: unknown[] = [];
  protected toks: Tok[] = [];

  /**
   * `validateGrammar` runs chevrotain's checks of the grammar itself (ambiguities, left recursion).
   * They cost every start-up about 12 ms and can only fail when the grammar is edited, so the
   * parser's tests run them and `jadpo` skips them.
   */
  constructor(validateGrammar: boolean) {
    super(T.allTokenTypes, { recoveryEnabled: false, maxLookahead: 3, errorMessageProvider: messages, skipValidations: !validateGrammar });
    // Two values before any code is optimized: V8 treats a field that has held one value as a
    // constant, and the second file parsed would otherwise throw away the optimized code of
    // every rule that makes a span.
    this.file = "?";
    this.file = "";
  }

  protected resetState(file: string): void {
    this.file = file;
    this.openCount = 0;
    this.partial = null;
    this.bare = [];
    this.locals = [];
    this.depth = 0;
    this.deepest = null;
    this.deepestDepth = 0;
    this.items.length = 0;
    this.toks.length = 0;
  }

  protected push(template: string, name: string | Tok, line: number, closer: string): void {
    const reused = this.openPool[this.openCount];
    if (reused === undefined) this.openPool.push({ template, name, line, closer });
    else {
      reused.template = template;
      reused.name = name;
      reused.line = line;
      reused.closer = closer;
    }
    this.openCount++;
  }

  /** The constructs open where the parse stopped, innermost last. */
  get open(): OpenConstruct[] {
    return this.openPool.slice(0, this.openCount);
  }

  protected deeper(by: number, at: Tok): void {
    this.depth += by;
    if (this.depth > this.deepestDepth) {
      this.deepestDepth = this.depth;
      this.deepest = at;
    }
    if (this.depth > MAX_DEPTH && !this.RECORDING_PHASE) throw new TooDeep(at);
  }

  // `sp` and `id` build their objects in place rather than through build-ast.ts's helpers: they
  // run for most tokens of a project, often before V8 optimizes them, where each call costs.

  /** A span from `first` to the last token read (build-ast.ts's `spanOf`). */
  protected sp(first: Tok): A.Span {
    return { file: this.file, line: first.startLine, column: first.startColumn, start: first.startOffset, end: (this.RECORDING_PHASE ? (this.LA(0) as Tok) : this.tokVector[this.currIdx]).end };
  }

  /** A name token as an identifier (build-ast.ts's `identOf`). */
  protected id(tok: Tok): A.Ident {
    return { name: tok.image, span: { file: this.file, line: tok.startLine, column: tok.startColumn, start: tok.startOffset, end: tok.end } };
  }

  /** The name a `var`, a `for` or a `success(x)`/`some(x)` pattern declares, noted in `locals`. */
  protected local(tok: Tok): A.Ident {
    const ident = this.id(tok);
    if (!this.RECORDING_PHASE) this.locals.push(ident);
    return ident;
  }

  /** CONSUME with occurrence `idx` (unique per token type within a rule) and Jadpo's phrase for a miss. */
  protected tok(type: TokenType, errMsg?: string, idx = 0): Tok {
    return this.consume(idx, type, errMsg === undefined ? undefined : errOpts(errMsg)) as Tok;
  }

  /** The items pushed since `base`, taken off the stack. */
  protected take<X>(base: number): X[] {
    return this.items.length === base ? [] : (this.items.splice(base) as X[]);
  }

  /** Records bare expression statements; an arm block's final one is its value. */
  protected noteBare(statements: A.Stmt[], armBlock: boolean): void {
    if (!this.RECORDING_PHASE) noteBare(statements, armBlock, this.bare);
  }
}
