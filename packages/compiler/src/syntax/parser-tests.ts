// The grammar of tests: `test "name" { fakes: { ... } statements }` and the scripted items of
// `fakes:` (classified by shape in build-ast.ts). The last layer of the parser's rules, defined
// after the other declarations, in the order chevrotain always saw them.
import type * as A from "./ast.ts";
import * as T from "./tokens.ts";
import { isWord, type Tok } from "./tokens.ts";
import { OPEN } from "./open-constructs.ts";
import { ParseStop } from "./parse-errors.ts";
import { classifyFake, literal, spanOf, startsToolItem, toolCallsItem, toolItemExpected } from "./build-ast.ts";
import { DeclarationRules } from "./parser-declarations.ts";

export abstract class TestRules extends DeclarationRules {
  private nextScriptItem = {
    DEF: [
      { ALT: (): A.FakeItem | null => this.SUBRULE2(this.scriptItem) },
      { GATE: this.closerNext(T.RBracket), ALT: (): A.FakeItem | null => null },
    ],
    ERR_MSG: "a scripted item or `]` after `,`",
  };

  testDecl = this.RULE("testDecl", (): A.TestDecl => {
    const kw = this.tok(T.Test);
    const name = this.tok(T.TextLit, "the test's name, as a text, after `test`");
    const decl: A.TestDecl = {
      kind: "test", name: name.value as string, nameSpan: spanOf(this.file, name, name), fakes: null,
      body: { statements: [], span: spanOf(this.file, name, name) }, span: spanOf(this.file, kw, kw),
    };
    this.partial = decl;
    const open = this.tok(T.LBrace);
    this.push(OPEN.test, name, open.startLine, "}");
    this.OPTION(() => {
      decl.fakes = this.SUBRULE(this.fakesBlock);
    });
    this.MANY(() => {
      decl.body.statements.push(this.SUBRULE(this.statement));
    });
    if (this.LA(1).tokenType === T.Fakes) {
      throw new ParseStop(this.LA(1) as Tok, "`fakes:` first in the test's body, before any statement", "Move the `fakes:` block to the start of the test's body");
    }
    this.CONSUME(T.RBrace);
    this.close();
    decl.body.span = this.sp(open);
    this.noteBare(decl.body.statements, false);
    decl.span = this.sp(kw);
    return decl;
  });

  fakesBlock = this.RULE("fakesBlock", (): A.FakesBlock => {
    const kw = this.tok(T.Fakes);
    this.tok(T.Colon, "`:` after `fakes`");
    const open = this.tok(T.LBrace);
    this.push(OPEN.fakes, "", open.startLine, "}");
    const entries: A.FakeEntry[] = [];
    this.MANY(() => {
      entries.push(this.SUBRULE(this.fakeEntry));
    });
    this.CONSUME(T.RBrace);
    this.close();
    return { entries, span: this.sp(kw) };
  });

  /**
   * One scripted item and its optional `after <duration>`. `after` is a word only here: it is read
   * as a name token and recognised by its spelling, so `after` stays a valid name everywhere else.
   */
  scriptItem = this.RULE("scriptItem", (): A.FakeItem => {
    // `call t(args)` / `calls [...]`: the word is a name token recognised by its spelling, as `after` is.
    let word: Tok | null = null;
    this.OPTION2({
      GATE: () => startsToolItem(this.LA(1) as Tok, this.LA(2) as Tok),
      DEF: () => {
        word = this.tok(T.Ident, "a tool call", 2);
      },
    });
    const first = this.LA(1) as Tok;
    const expr = this.SUBRULE(this.expression);
    let after: A.FakeAfter | null = null;
    this.OPTION({
      GATE: () => this.LA(1).image === "after",
      DEF: () => {
        this.tok(T.Ident);
        const d = this.tok(T.DurationLit, "a duration such as `2s` or `100ms` after `after`");
        const lit = literal(this.file, d);
        if (lit.kind === "duration") after = { ms: lit.ms, span: lit.span };
      },
    });
    return this.ACTION((): A.FakeItem => {
      if (word === null) return { ...classifyFake(expr), after };
      const shape = toolCallsItem(this.file, word, expr);
      if (shape === null) throw new ParseStop(first, toolItemExpected(word));
      return { ...shape, after };
    });
  });

  fakeEntry = this.RULE("fakeEntry", (): A.FakeEntry => {
    const ai = this.tok(T.Ident, "`ai.<prompt>` or `ai.embed`");
    this.ACTION(() => {
      if (!isWord(ai, "ai")) throw new ParseStop(ai, "`ai.<prompt>` or `ai.embed`");
    });
    this.tok(T.Dot, "`.` and a prompt's name after `ai`");
    const target = this.tok(T.Ident, "a prompt's name or `embed` after `ai.`", 2);
    this.tok(T.Colon, "`:` and the scripted items after {prev}");
    const open = this.tok(T.LBracket, "`[` and the scripted items after `:`");
    this.push(OPEN.script, target, open.startLine, "]");
    const items: A.FakeItem[] = [];
    this.commaSeparated(items, () => this.SUBRULE(this.scriptItem), this.nextScriptItem);
    this.CONSUME(T.RBracket);
    this.close();
    return { target: this.id(target), items, span: this.sp(ai) };
  });
}
