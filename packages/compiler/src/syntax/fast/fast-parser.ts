// The hand-written parser, tried first on every declaration (parse-file.ts). It mirrors the
// chevrotain grammar (parser-*.ts) rule for rule and returns exactly what `JadpoParser.parseDecl`
// returns for a declaration that parses without error: the same objects, with their properties
// in the same order, the same shared spans and argument lists, the same `locals` and `bare`. On
// anything else — a token no rule expects, an error of any kind, deep nesting — it returns
// null and the chevrotain parser reads the declaration, so every error stays chevrotain's.
// bench/fuzz and test/syntax/fast-parser.test.ts check that the two agree.
import type * as A from "../ast.ts";
import type { Tok } from "../tokens.ts";
import { FastTests } from "./tests.ts";
import { ACTION, CONNECTION, FAILURE, FIXTURES, FUNCTION, LOCALES, PROMPT, TEST, TYPE, USE } from "./indices.ts";

export class FastParser extends FastTests {
  /**
   * The declaration `tokens` hold (all of them), or null when the chevrotain parser must read it.
   * `types`: the tokens' type indices, as the token stream holds them (`types.subarray(from, to)`).
   */
  parse(file: string, tokens: Tok[], types: Uint16Array): A.Decl | null {
    this.start(file, tokens, types);
    try {
      const decl = this.declaration();
      return decl !== null && this.i === this.n ? decl : null;
    } catch {
      // Only errors throw here (a chained comparison in build-ast.ts's foldBinary): chevrotain's to word.
      return null;
    }
  }

  private declaration(): A.Decl | null {
    switch (this.types[this.i]) {
      case USE: return this.useDecl();
      case TYPE: return this.typeDecl();
      case FAILURE: return this.namedConfigDecl("failure");
      case FUNCTION: return this.callableDecl("function");
      case ACTION: return this.callableDecl("action");
      case FIXTURES: return this.fixturesDecl();
      case PROMPT: return this.promptDecl();
      case CONNECTION: return this.namedConfigDecl("connection");
      case LOCALES: return this.localesDecl();
      case TEST: return this.testDecl();
      default: return null;
    }
  }
}
