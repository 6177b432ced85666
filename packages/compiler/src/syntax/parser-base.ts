// What every layer of the grammar shares: the chevrotain parser, per-declaration state (open
// constructs for error messages, nesting depth, the declaration being read) and small helpers.
// The grammar is split by construct into layers: parser-expressions.ts → parser-patterns.ts →
// parser-statements.ts → parser-declarations.ts → parser-tests.ts, each extending the one before.
//
// Chevrotain runs every rule once before any input, to record the grammar (`RECORDING_PHASE`):
// rule arguments are then absent and DSL calls return placeholders. Code that would fail on
// those, or that builds the tree, runs inside `ACTION`, which recording skips.
import { EmbeddedActionsParser, type IParserErrorMessageProvider, type OrMethodOpts, type TokenType } from "chevrotain";
import type * as A from "./ast.ts";
import * as T from "./tokens.ts";
import type { Tok } from "./tokens.ts";
import type { OpenConstruct } from "./open-constructs.ts";
import { MAX_DEPTH } from "./declarations.ts";
import { TooDeep, MARK_REDUNDANT, MARK_TOKEN } from "./parse-errors.ts";
import { identOf, noteBare, spanOf } from "./build-ast.ts";

// Chevrotain's messages never reach a user: only markers and Jadpo's own phrases pass through
// here, and parse-errors.ts turns them into diagnostics.
const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected }) => MARK_TOKEN + expected.name,
  buildNotAllInputParsedMessage: () => MARK_REDUNDANT,
  buildNoViableAltMessage: ({ customUserDescription }) => customUserDescription ?? "something else",
  buildEarlyExitMessage: ({ customUserDescription }) => customUserDescription ?? "something else",
};

export abstract class ParserBase extends EmbeddedActionsParser {
  protected file = "";
  /** Constructs open at the current point, innermost last. */
  private openStack: OpenConstruct[] = [];
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
   * `validateGrammar` runs chevrotain's checks of the grammar itself (ambiguities, left recursion).
   * They cost every start-up about 12 ms and can only fail when the grammar is edited, so the
   * parser's tests run them and `jadpo` skips them.
   */
  constructor(validateGrammar: boolean) {
    super(T.allTokenTypes, { recoveryEnabled: false, maxLookahead: 3, errorMessageProvider: messages, skipValidations: !validateGrammar });
  }

  protected resetState(file: string): void {
    this.file = file;
    this.openStack = [];
    this.partial = null;
    this.bare = [];
    this.locals = [];
    this.depth = 0;
    this.deepest = null;
    this.deepestDepth = 0;
  }

  /** A construct opened, until `close`: what a missing closer belongs to. */
  protected push(template: string, name: string | Tok, line: number, closer: string): void {
    this.openStack.push({ template, name, line, closer });
  }

  protected close(): void {
    this.openStack.pop();
  }

  /** The constructs open where the parse stopped, innermost last. */
  get open(): OpenConstruct[] {
    return this.openStack.slice();
  }

  protected deeper(by: number, at: Tok): void {
    this.depth += by;
    if (this.depth > this.deepestDepth) {
      this.deepestDepth = this.depth;
      this.deepest = at;
    }
    if (this.depth > MAX_DEPTH) throw new TooDeep(at);
  }

  /** A span from `first` to the last token read. */
  protected sp(first: Tok): A.Span {
    return spanOf(this.file, first, this.LA(0) as Tok);
  }

  /** A name token as an identifier. */
  protected id(tok: Tok): A.Ident {
    return identOf(this.file, tok);
  }

  /** The name a `var`, a `for` or a `success(x)`/`some(x)` pattern declares, noted in `locals`. */
  protected local(tok: Tok): A.Ident {
    const ident = this.id(tok);
    this.locals.push(ident);
    return ident;
  }

  /** CONSUME with occurrence `idx` (unique per token type within a rule) and Jadpo's phrase for a miss. */
  protected tok(type: TokenType, errMsg?: string, idx = 0): Tok {
    return this.consume(idx, type, errMsg === undefined ? undefined : { ERR_MSG: errMsg }) as Tok;
  }

  /**
   * Items separated by `,`, a trailing comma allowed, up to a closer the caller reads: a list's
   * items, a function's parameters, a fake's script. `first` reads an item; `next` is the OR of an
   * item or none before the closer, with its words for anything else. Used once per rule (its
   * OPTION, MANY, OR and `,` are the rule's first).
   */
  protected commaSeparated<X>(items: X[], first: () => X, next: OrMethodOpts<X | null>): void {
    this.OPTION(() => {
      items.push(first());
      this.MANY(() => {
        this.CONSUME(T.Comma);
        const item = this.OR(next);
        if (item !== null) items.push(item);
      });
    });
  }

  /** Records bare expression statements; an arm block's final one is its value. */
  protected noteBare(statements: A.Stmt[], armBlock: boolean): void {
    this.ACTION(() => noteBare(statements, armBlock, this.bare));
  }
}
