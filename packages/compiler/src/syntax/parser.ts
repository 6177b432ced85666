// The Jadpo parser: a chevrotain embedded-actions parser that builds AST objects directly, written
// in chevrotain's public DSL only (RULE, CONSUME, SUBRULE, OR, OPTION, MANY, ACTION, LA). One
// declaration is parsed per call (parse-file.ts cuts the file into declarations). Recovery is
// off: the first error ends the declaration, which is kept as far as it was read (`partial`).
// Error texts are made in parse-errors.ts from the phrases given in the rules. The rules are in
// layers, each extending the one before: parser-base → parser-expressions → parser-patterns →
// parser-statements → parser-declarations → parser-tests → this class.
//
// It is the second of two parsers: parse-file.ts first tries the hand-written parser in fast/,
// which mirrors these rules and returns the very same tree for a declaration without errors,
// and comes here only for a declaration that one gives up on. So this parser has the last word
// on every error, and it is built only when some declaration needs it. A change to the grammar
// here needs the same change in fast/ (test/syntax/fast-parser.test.ts and `pnpm fuzz` compare the two).
import type * as A from "./ast.ts";
import type { Tok } from "./tokens.ts";
import { TestRules } from "./parser-tests.ts";

export class JadpoParser extends TestRules {
  constructor(options: { validateGrammar?: boolean } = {}) {
    super(options.validateGrammar ?? false);
    this.performSelfAnalysis();
  }

  /** Reads one declaration from `tokens`, from a fresh state. */
  parseDecl(file: string, tokens: Tok[]): A.Decl | undefined {
    this.resetState(file);
    this.input = tokens;
    return this.declaration();
  }
}

let shared: JadpoParser | null = null;

/**
 * The one chevrotain parser of the process, built on first use: building it analyses the grammar,
 * which takes a while, and parse-file.ts needs it only for a declaration the hand-written parser
 * leaves to it.
 */
export function theParser(): JadpoParser {
  shared ??= new JadpoParser();
  return shared;
}

/** Whether `theParser` has built the parser yet (for tests). */
export function parserBuilt(): boolean {
  return shared !== null;
}
