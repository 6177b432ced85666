// The hand-written parser's top-level declarations other than tests (parser-declarations.ts):
// `use`, `type`, `failure`, `function`, `action`, `fixtures`, `prompt`, `connection`, `locales`.
// Each object has its properties in the order the grammar's objects have them; a declaration is
// made whole once read (this parser never returns half of one).
import type * as A from "../ast.ts";
import { isWord } from "../tokens.ts";
import { FastStatements } from "./statements.ts";
import { ARROW, ASSIGN, COLON, COMMA, FAILS, IDENT, LBRACE, LPAREN, RBRACE, RPAREN, SLASH, WORD } from "./indices.ts";

/** The part of a function or action declaration that `failsAndResult` fills in. */
type Signature = Pick<A.FunctionDecl, "fails" | "failsSpan" | "returnType">;

export abstract class FastDeclarations extends FastStatements {
  protected useDecl(): A.UseDecl | null {
    const kw = this.take();
    if (WORD[this.types[this.i]] !== 1) return null;
    const path = [this.id(this.take())];
    while (this.types[this.i] === SLASH) {
      this.i++;
      if (WORD[this.types[this.i]] !== 1) return null;
      path.push(this.id(this.take()));
    }
    const names: A.Ident[] = [];
    if (this.expect(LBRACE) === null || !this.namesThenBrace(names)) return null;
    return { kind: "use", path, names, span: this.sp(kw) };
  }

  protected typeDecl(): A.TypeDecl | null {
    const kw = this.take();
    const nameTok = this.expect(IDENT);
    if (nameTok === null) return null;
    if (this.expect(ASSIGN) === null) return null;
    let body: A.TypeBody | null;
    if (this.types[this.i] === IDENT && this.ahead(1) === LBRACE && isWord(this.t[this.i], "Enum")) body = this.enumBody();
    else if (this.types[this.i] === IDENT && this.ahead(1) === LBRACE && isWord(this.t[this.i], "Object")) body = this.objectBody();
    else body = this.aliasBody();
    if (body === null) return null;
    return { kind: "type", name: this.id(nameTok), body, span: this.sp(kw) };
  }

  private enumBody(): A.TypeBody | null {
    const start = this.take();
    const members: A.Ident[] = [];
    this.i++; // `{`
    if (!this.namesThenBrace(members)) return null;
    return { kind: "enum", members, span: this.sp(start) };
  }

  private objectBody(): A.TypeBody | null {
    const start = this.take();
    const fields: A.FieldDecl[] = [];
    this.i++; // `{`
    while (this.types[this.i] === IDENT) {
      const name = this.take();
      if (this.expect(COLON) === null) return null;
      const type = this.typeRef();
      if (type === null) return null;
      const constraints = this.types[this.i] === LBRACE ? this.constraints() : [];
      if (constraints === null) return null;
      if (this.types[this.i] === COMMA) this.i++;
      fields.push({ name: this.id(name), type, constraints, span: this.sp(name) });
    }
    if (this.expect(RBRACE) === null) return null;
    return { kind: "object", fields, span: this.sp(start) };
  }

  private aliasBody(): A.TypeBody | null {
    const start = this.t[this.i];
    const base = this.typeRef();
    if (base === null) return null;
    const constraints = this.types[this.i] === LBRACE ? this.constraints() : [];
    if (constraints === null) return null;
    return { kind: "alias", base, constraints, span: this.sp(start) };
  }

  /** `{ name: value … }` after a type; the next token is `{`. */
  private constraints(): A.ConstraintItem[] | null {
    this.i++;
    return this.namedValues();
  }

  /** `{ name: value … }` entries into `entries`; false on anything else. */
  protected configBlock(entries: A.ConfigEntry[]): boolean {
    if (this.expect(LBRACE) === null) return false;
    while (this.types[this.i] === IDENT) {
      const entry = this.configEntry();
      if (entry === null) return false;
      entries.push(entry);
    }
    return this.expect(RBRACE) !== null;
  }

  private configEntry(): A.ConfigEntry | null {
    const key = this.take();
    if (this.expect(COLON) === null) return null;
    let value: A.ConfigValue;
    if (this.types[this.i] === LBRACE) {
      const start = this.t[this.i];
      const entries: A.ConfigEntry[] = [];
      if (!this.configBlock(entries)) return null;
      value = { kind: "block", entries, span: this.sp(start) };
    } else {
      const expr = this.expression();
      if (expr === null) return null;
      value = { kind: "expr", expr, span: expr.span };
    }
    if (this.types[this.i] === COMMA) this.i++;
    return { name: this.id(key), value, span: this.sp(key) };
  }

  /** `failure Name { … }` and `connection Name { … }`: a name and a block of settings. */
  protected namedConfigDecl(kind: "failure" | "connection"): A.FailureDecl | A.ConnectionDecl | null {
    const kw = this.take();
    const name = this.expect(IDENT);
    if (name === null) return null;
    const entries: A.ConfigEntry[] = [];
    if (!this.configBlock(entries)) return null;
    return { kind, name: this.id(name), entries, span: this.sp(kw) };
  }

  private paramList(): A.Param[] | null {
    if (this.expect(LPAREN) === null) return null;
    const params = this.commaSeparated(RPAREN, this.param);
    return params === null || this.expect(RPAREN) === null ? null : params;
  }

  private param(): A.Param | null {
    const name = this.expect(IDENT);
    if (name === null || this.expect(COLON) === null) return null;
    const type = this.typeRef();
    if (type === null) return null;
    return { name: this.id(name), type, span: this.sp(name) };
  }

  /** `fails F, G`, then `-> T`; `fails` after the result is the grammar's error. */
  private failsAndResult(decl: Signature): boolean {
    if (this.types[this.i] === FAILS) {
      const fails = this.take();
      for (;;) {
        const name = this.expect(IDENT);
        if (name === null) return false;
        decl.fails.push(this.id(name));
        if (this.types[this.i] !== COMMA) break;
        this.i++;
      }
      decl.failsSpan = this.sp(fails);
    }
    if (this.types[this.i] === ARROW) {
      this.i++;
      if ((decl.returnType = this.typeRef()) === null) return false;
    }
    return this.types[this.i] !== FAILS;
  }

  /** `function` and `action`: name, parameters, `fails`, `-> T`, body. */
  protected callableDecl(kind: "function" | "action"): A.FunctionDecl | A.ActionDecl | null {
    const kw = this.take();
    const name = this.expect(IDENT);
    if (name === null) return null;
    const params = this.paramList();
    if (params === null) return null;
    const sig: Signature = { fails: [], failsSpan: null, returnType: null };
    if (!this.failsAndResult(sig)) return null;
    const body = this.block(false);
    if (body === null) return null;
    const { fails, failsSpan, returnType } = sig;
    return { kind, name: this.id(name), params, fails, failsSpan, returnType, body, span: this.sp(kw) };
  }

  protected fixturesDecl(): A.FixturesDecl | null {
    const kw = this.take();
    const name = this.expect(IDENT);
    if (name === null) return null;
    const members: A.FixtureMember[] = [];
    if (this.expect(LBRACE) === null) return null;
    while (this.types[this.i] === IDENT) {
      const member = this.fixtureMember();
      if (member === null) return null;
      members.push(member);
    }
    if (this.expect(RBRACE) === null) return null;
    return { kind: "fixtures", name: this.id(name), members, span: this.sp(kw) };
  }

  private fixtureMember(): A.FixtureMember | null {
    const name = this.take();
    let params: A.Param[] | null = null;
    if (this.types[this.i] === LPAREN && (params = this.paramList()) === null) return null;
    if (this.expect(ARROW) === null) return null;
    const returnType = this.typeRef();
    if (returnType === null) return null;
    const body = this.block(false);
    if (body === null) return null;
    return { name: this.id(name), params, returnType, body, span: this.sp(name) };
  }

  protected promptDecl(): A.PromptDecl | null {
    const kw = this.take();
    const name = this.expect(IDENT);
    if (name === null) return null;
    const params = this.paramList();
    const entries: A.ConfigEntry[] = [];
    if (params === null || !this.configBlock(entries)) return null;
    return { kind: "prompt", name: this.id(name), params, entries, span: this.sp(kw) };
  }

  protected localesDecl(): A.LocalesDecl | null {
    const kw = this.take();
    const entries: A.ConfigEntry[] = [];
    if (!this.configBlock(entries)) return null;
    return { kind: "locales", entries, span: this.sp(kw) };
  }
}
