// The grammar of tests: `test "name" { fakes: { ... } statements }` and the scripted items of
// `fakes:` (classified by shape in build-ast.ts). The last layer of the parser's rules, defined
// after the other declarations, in the order chevrotain always saw them.
import type * as A from "./ast.ts";
import * as T from "./tokens.ts";
import { isWord, type Tok } from "./tokens.ts";
import { OPEN } from "./open-constructs.ts";
import { ParseStop } from "./parse-errors.ts";
import { classifyFake, literal, spanOf, startsToolItem, startsWhen, toolCallsItem, toolItemExpected, whenShape } from "./build-ast.ts";
import { DeclarationRules } from "./parser-declarations.ts";

/** What a `when`'s braces must hold. */
const WHEN_FIELD = "a field of the prompt's values, such as `question: \"Sesame?\"`, after `when {`";

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

  private nextListedItem = {
    DEF: [
      { ALT: (): A.FakeItem | null => this.SUBRULE2(this.plainItem, { ARGS: [true] }) },
      { GATE: this.closerNext(T.RBracket), ALT: (): A.FakeItem | null => null },
    ],
    ERR_MSG: "an item or `]` after `,`",
  };

  /** One item of a script: a `when` item (`when` is a word only here, recognised by its spelling), or an ordinary one. */
  scriptItem = this.RULE("scriptItem", (): A.FakeItem => this.OR({
    DEF: [
      { GATE: () => startsWhen(this.LA(1) as Tok, this.LA(2) as Tok), ALT: () => this.SUBRULE(this.whenItem) },
      { ALT: () => this.SUBRULE(this.plainItem, { ARGS: [false] }) },
    ],
    IGNORE_AMBIGUITIES: true,
    ERR_MSG: "a scripted item",
  }));

  /**
   * `when { fields } => item`, `when "text" => item`, or either `=> [items]`: after `=>`, `[`
   * always opens the list of items (a list that is itself one item is written inside it).
   */
  whenItem = this.RULE("whenItem", (): A.FakeItem => {
    const word = this.tok(T.Ident);
    const match = this.OR1({
      DEF: [
        {
          ALT: (): A.WhenMatch => {
            const text = this.tok(T.TextLit);
            return { kind: "text", text: text.value as string, span: spanOf(this.file, text, text) };
          },
        },
        { ALT: (): A.WhenMatch => this.SUBRULE(this.whenFields, { ARGS: [word] }) },
      ],
      ERR_MSG: "fields in `{ }` or a text after `when`",
    });
    this.tok(T.FatArrow, "`=>` and the items for the calls it matches after {prev}");
    let list = false;
    const items = this.OR2({
      DEF: [
        {
          ALT: (): A.FakeItem[] => {
            list = true;
            return this.SUBRULE(this.whenList);
          },
        },
        { ALT: (): A.FakeItem[] => [this.SUBRULE2(this.plainItem, { ARGS: [true] })] },
      ],
      IGNORE_AMBIGUITIES: true,
      ERR_MSG: "an item, or `[` and items, after `=>`",
    });
    return this.ACTION((): A.FakeItem => {
      const next = this.LA(1) as Tok;
      // `after` times one answer: inside the list, it ends the item it times.
      if (list && isWord(next, "after")) throw new ParseStop(next, "`,` or `]` after the `when` item's list", "Write `after` inside the list, at the end of the item it times");
      return { ...whenShape(this.file, word, match, items, list, this.LA(0) as Tok), after: null };
    });
  });

  /** The `{ f: v  g: w }` of a `when` item (commas optional): at least one field. */
  whenFields = this.RULE("whenFields", (word: Tok): A.WhenMatch => {
    const open = this.tok(T.LBrace);
    this.push(OPEN.whenFields, word, open.startLine, "}");
    this.deeper(1, open);
    const fields: A.RecordFieldInit[] = [];
    this.MANY(() => {
      fields.push(this.namedValue("a field of the prompt's values", "`:` and a value after the field name {prev}"));
    });
    this.ACTION(() => {
      if (fields.length === 0) throw new ParseStop(this.LA(1) as Tok, WHEN_FIELD);
    });
    this.CONSUME(T.RBrace);
    this.depth--;
    this.close();
    return { kind: "fields", fields, span: this.sp(open) };
  });

  /** `[items]` after a `when`'s `=>`: ordinary items, a trailing comma allowed. */
  whenList = this.RULE("whenList", (): A.FakeItem[] => {
    const open = this.tok(T.LBracket);
    this.push(OPEN.whenList, "", open.startLine, "]");
    const items: A.FakeItem[] = [];
    this.commaSeparated(items, () => this.SUBRULE(this.plainItem, { ARGS: [true] }), this.nextListedItem);
    this.CONSUME(T.RBracket);
    this.close();
    return items;
  });

  /**
   * One ordinary scripted item and its optional `after <duration>`. `after` is a word only here: it
   * is read as a name token and recognised by its spelling, so `after` stays a valid name everywhere else.
   */
  plainItem = this.RULE("plainItem", (inWhen: boolean): A.FakeItem => {
    this.ACTION(() => {
      const next = this.LA(1) as Tok;
      if (!startsWhen(next, this.LA(2) as Tok)) return;
      // A `when` item's items are ordinary ones.
      if (inWhen) throw new ParseStop(next, "an item for the calls the `when` matches", "Write the items of one `when` in its list, and each other `when` item in the script itself");
      // A `when` whose match the `when` rule's lookahead didn't take: said as that rule says it.
      const text = this.LA(2).tokenType === T.TextLit;
      throw new ParseStop(this.LA(3) as Tok, text ? "`=>` and the items for the calls it matches after the text" : WHEN_FIELD);
    });
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
