// The hand-written parser's tests: `test "name" { fakes: { ... } statements }` and the scripted
// items of `fakes:` (parser-tests.ts), classified by shape through build-ast.ts.
import type * as A from "../ast.ts";
import { classifyFake, literal, spanOf, startsToolItem, startsWhen, toolCallsItem, whenShape } from "../build-ast.ts";
import { isWord } from "../tokens.ts";
import { FastDeclarations } from "./declarations.ts";
import { COLON, DOT, DURATION, FAKES, FAT_ARROW, IDENT, LBRACE, LBRACKET, RBRACE, RBRACKET, TEXT } from "./indices.ts";

export abstract class FastTests extends FastDeclarations {
  protected testDecl(): A.TestDecl | null {
    const kw = this.take();
    const name = this.expect(TEXT);
    if (name === null) return null;
    const open = this.expect(LBRACE);
    if (open === null) return null;
    let fakes: A.FakesBlock | null = null;
    if (this.types[this.i] === FAKES && (fakes = this.fakesBlock()) === null) return null;
    // `fakes:` after a statement is not a statement: the grammar's error, as anything but `}` is.
    const statements: A.Stmt[] = [];
    if (!this.statementsInto(statements)) return null;
    this.noteBare(statements, false);
    const body: A.Block = { statements, span: this.sp(open) };
    return { kind: "test", name: name.value as string, nameSpan: spanOf(this.file, name, name), fakes, body, span: this.sp(kw) };
  }

  private fakesBlock(): A.FakesBlock | null {
    const kw = this.take();
    if (this.expect(COLON) === null || this.expect(LBRACE) === null) return null;
    const entries: A.FakeEntry[] = [];
    while (this.types[this.i] === IDENT) {
      const entry = this.fakeEntry();
      if (entry === null) return null;
      entries.push(entry);
    }
    if (this.expect(RBRACE) === null) return null;
    return { entries, span: this.sp(kw) };
  }

  /** `ai.<target>: [items]`, a trailing comma allowed. */
  private fakeEntry(): A.FakeEntry | null {
    const ai = this.take();
    if (!isWord(ai, "ai") || this.expect(DOT) === null) return null;
    const target = this.expect(IDENT);
    if (target === null || this.expect(COLON) === null || this.expect(LBRACKET) === null) return null;
    const items = this.commaSeparated(RBRACKET, this.scriptItem);
    if (items === null || this.expect(RBRACKET) === null) return null;
    return { target: this.id(target), items, span: this.sp(ai) };
  }

  /** One item of a script: a `when` item, or an ordinary one. */
  private scriptItem(): A.FakeItem | null {
    return this.i + 1 < this.n && startsWhen(this.t[this.i], this.t[this.i + 1]) ? this.whenItem() : this.plainItem();
  }

  /** `when { fields } => item`, `when "text" => item`, or either `=> [items]` (`[` always opens the list). */
  private whenItem(): A.FakeItem | null {
    const word = this.take();
    let match: A.WhenMatch;
    if (this.types[this.i] === TEXT) {
      const text = this.take();
      match = { kind: "text", text: text.value as string, span: spanOf(this.file, text, text) };
    } else {
      const open = this.take();
      if (!this.deeper()) return null;
      const fields = this.namedValues();
      if (fields === null || fields.length === 0) return null;
      this.depth--;
      match = { kind: "fields", fields, span: this.sp(open) };
    }
    if (this.expect(FAT_ARROW) === null) return null;
    const list = this.types[this.i] === LBRACKET;
    let items: A.FakeItem[] | null;
    if (list) {
      this.i++;
      items = this.commaSeparated(RBRACKET, this.plainItem);
      if (items === null || this.expect(RBRACKET) === null) return null;
      if (this.types[this.i] === IDENT && isWord(this.t[this.i], "after")) return null;
    } else {
      const one = this.plainItem();
      items = one === null ? null : [one];
    }
    return items === null ? null : { ...whenShape(this.file, word, match, items, list, this.t[this.i - 1]), after: null };
  }

  /** One ordinary item and its optional `after <duration>` (`after` is a word only here); never a `when`. */
  private plainItem(): A.FakeItem | null {
    if (this.i + 1 < this.n && startsWhen(this.t[this.i], this.t[this.i + 1])) return null;
    const word = this.i + 1 < this.n && startsToolItem(this.t[this.i], this.t[this.i + 1]) ? this.take() : null;
    const expr = this.expression();
    if (expr === null) return null;
    let after: A.FakeAfter | null = null;
    if (this.types[this.i] === IDENT && isWord(this.t[this.i], "after")) {
      this.i++;
      const d = this.expect(DURATION);
      if (d === null) return null;
      const lit = literal(this.file, d);
      if (lit.kind === "duration") after = { ms: lit.ms, span: lit.span };
    }
    if (word !== null) {
      const shape = toolCallsItem(this.file, word, expr);
      return shape === null ? null : { ...shape, after };
    }
    return { ...classifyFake(expr), after };
  }
}
