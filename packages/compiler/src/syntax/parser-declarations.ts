// The grammar of top-level declarations other than tests (`use`, `type`, `failure`, `function`,
// `action`, `fixtures`, `prompt`, `connection`, `locales`), and their entry blocks. A layer of the
// parser on top of statements; tests and `fakes:` are the next layer (parser-tests.ts).
import type { ParserMethod, TokenType } from "chevrotain";
import type * as A from "./ast.ts";
import * as T from "./tokens.ts";
import type { Tok } from "./tokens.ts";
import { OPEN } from "./open-constructs.ts";
import { spanOf } from "./build-ast.ts";
import { ParseStop } from "./parse-errors.ts";
import { StatementRules } from "./parser-statements.ts";

/** The part of a function or action declaration that `failsAndResult` fills in. */
type Signature = Pick<A.FunctionDecl, "fails" | "failsSpan" | "returnType">;

interface Callables {
  function: A.FunctionDecl;
  action: A.ActionDecl;
}

export abstract class DeclarationRules extends StatementRules {
  /** `test "name" { ... }` (parser-tests.ts). */
  abstract testDecl: ParserMethod<[], A.TestDecl>;

  // ------------------------------------------------------------ declarations

  // Made once (not per declaration): the rules it names are class fields set further down, so
  // each alternative reads them when it runs.
  private declarationOr = {
    DEF: [
      { ALT: (): A.Decl => this.SUBRULE(this.useDecl) },
      { ALT: (): A.Decl => this.SUBRULE(this.typeDecl) },
      { ALT: (): A.Decl => this.SUBRULE(this.failureDecl) },
      { ALT: (): A.Decl => this.SUBRULE(this.functionDecl) },
      { ALT: (): A.Decl => this.SUBRULE(this.actionDecl) },
      { ALT: (): A.Decl => this.SUBRULE(this.fixturesDecl) },
      { ALT: (): A.Decl => this.SUBRULE(this.promptDecl) },
      { ALT: (): A.Decl => this.SUBRULE(this.connectionDecl) },
      { ALT: (): A.Decl => this.SUBRULE(this.localesDecl) },
      { ALT: (): A.Decl => this.SUBRULE(this.testDecl) },
    ],
    ERR_MSG: "a declaration",
  };

  declaration = this.RULE("declaration", (): A.Decl => this.OR(this.declarationOr));

  useDecl = this.RULE("useDecl", (): A.UseDecl => {
    const kw = this.tok(T.Use);
    const path = [this.id(this.CONSUME(T.Word, { ERR_MSG: "a module path after `use`" }) as Tok)];
    this.MANY(() => {
      this.CONSUME(T.Slash);
      path.push(this.id(this.CONSUME2(T.Word, { ERR_MSG: "a word of the module path after `/`" }) as Tok));
    });
    const decl: A.UseDecl = { kind: "use", path, names: [], span: spanOf(this.file, kw, kw) };
    this.partial = decl;
    const open = this.tok(T.LBrace, "`{` and the names to import after the module path");
    this.push(OPEN.useNames, "", open.startLine, "}");
    this.MANY2(() => {
      decl.names.push(this.id(this.tok(T.Ident, "a name to import")));
      this.OPTION(() => this.CONSUME(T.Comma));
    });
    this.CONSUME(T.RBrace);
    this.close();
    decl.span = this.sp(kw);
    return decl;
  });

  typeDecl = this.RULE("typeDecl", (): A.TypeDecl => {
    const kw = this.tok(T.Type);
    const nameTok = this.tok(T.Ident, "a name for the type after `type`");
    const decl: A.TypeDecl = {
      kind: "type", name: this.id(nameTok), body: { kind: "object", fields: [], span: spanOf(this.file, nameTok, nameTok) },
      span: spanOf(this.file, kw, kw),
    };
    this.partial = decl;
    this.tok(T.Assign, "`=` after the type's name");
    decl.body = this.OR({
      DEF: [
        {
          GATE: () => this.LA(1).image === "Enum" && this.LA(2).tokenType === T.LBrace,
          ALT: () => this.SUBRULE(this.enumBody, { ARGS: [decl] }),
        },
        {
          GATE: () => this.LA(1).image === "Object" && this.LA(2).tokenType === T.LBrace,
          ALT: () => this.SUBRULE(this.objectBody, { ARGS: [decl] }),
        },
        { ALT: () => this.SUBRULE(this.aliasBody, { ARGS: [nameTok.image] }) },
      ],
      IGNORE_AMBIGUITIES: true,
      ERR_MSG: "a type after `=`",
    });
    decl.span = this.sp(kw);
    return decl;
  });

  enumBody = this.RULE("enumBody", (decl: A.TypeDecl): A.TypeBody => {
    const start = this.tok(T.Ident);
    const body: A.TypeBody = { kind: "enum", members: [], span: spanOf(this.file, start, start) };
    const typeName = this.ACTION(() => {
      decl.body = body; // kept should the body break off
      return decl.name.name;
    });
    const open = this.tok(T.LBrace);
    this.push(OPEN.enumType, typeName, open.startLine, "}");
    this.MANY(() => {
      body.members.push(this.id(this.tok(T.Ident, "an enum member's name", 2)));
      this.OPTION(() => this.CONSUME(T.Comma));
    });
    this.CONSUME(T.RBrace);
    this.close();
    body.span = this.sp(start);
    return body;
  });

  objectBody = this.RULE("objectBody", (decl: A.TypeDecl): A.TypeBody => {
    const start = this.tok(T.Ident);
    const body: A.TypeBody = { kind: "object", fields: [], span: spanOf(this.file, start, start) };
    const typeName = this.ACTION(() => {
      decl.body = body; // kept should the body break off
      return decl.name.name;
    });
    const open = this.tok(T.LBrace);
    this.push(OPEN.recordType, typeName, open.startLine, "}");
    this.MANY(() => {
      const name = this.tok(T.Ident, "a field name", 2);
      this.tok(T.Colon, "`:` and a type after the field name {prev}");
      const type = this.SUBRULE(this.typeRef);
      const constraints = this.OPTION(() => this.SUBRULE(this.constraints, { ARGS: [OPEN.fieldConstraints, name.image] })) ?? [];
      this.optionalAfterType(name);
      this.OPTION2(() => this.CONSUME(T.Comma));
      body.fields.push({ name: this.id(name), type, constraints, span: this.sp(name) });
    });
    this.CONSUME(T.RBrace);
    this.close();
    body.span = this.sp(start);
    return body;
  });

  /** `name: Text optional` (another language's spelling): reported at `optional`, not at what follows it. */
  private optionalAfterType(field: Tok): void {
    const next = this.LA(1);
    if (next.tokenType !== T.Ident || next.image !== "optional" || this.LA(2).tokenType === T.Colon) return;
    throw new ParseStop(next as Tok, "`?` after the type for an optional field", `Write \`${field.image}: T?\` (an optional type ends with \`?\`), and remove \`optional\``);
  }

  aliasBody = this.RULE("aliasBody", (typeName: string): A.TypeBody => {
    const start = this.LA(1) as Tok;
    const base = this.SUBRULE(this.typeRef);
    const constraints = this.OPTION(() => this.SUBRULE(this.constraints, { ARGS: [OPEN.typeConstraints, typeName] })) ?? [];
    return { kind: "alias", base, constraints, span: this.sp(start) };
  });

  constraints = this.RULE("constraints", (template: string, name: string): A.ConstraintItem[] => {
    const items: A.ConstraintItem[] = [];
    const open = this.tok(T.LBrace);
    this.push(template, name, open.startLine, "}");
    this.MANY(() => {
      items.push(this.namedValue("a constraint's name", "`:` and a value after the constraint name {prev}"));
    });
    this.CONSUME(T.RBrace);
    this.close();
    return items;
  });

  failureDecl = this.RULE("failureDecl", (): A.FailureDecl => {
    const kw = this.tok(T.Failure);
    const name = this.tok(T.Ident, "a name for the failure after `failure`");
    const decl: A.FailureDecl = { kind: "failure", name: this.id(name), entries: [], span: spanOf(this.file, kw, kw) };
    this.partial = decl;
    this.SUBRULE(this.configBlock, { ARGS: [decl.entries, OPEN.failure, name.image] });
    decl.span = this.sp(kw);
    return decl;
  });

  configBlock = this.RULE("configBlock", (target: A.ConfigEntry[] | undefined, template: string, name: string): void => {
    const entries = target ?? []; // rule arguments are absent while chevrotain records the grammar
    const open = this.tok(T.LBrace);
    this.push(template, name, open.startLine, "}");
    this.MANY(() => {
      entries.push(this.SUBRULE(this.configEntry));
    });
    this.CONSUME(T.RBrace);
    this.close();
  });

  configEntry = this.RULE("configEntry", (): A.ConfigEntry => {
    const key = this.tok(T.Ident, "an entry's name");
    this.tok(T.Colon, "`:` and a value after the entry name {prev}");
    const value = this.OR({
      DEF: [
        {
          ALT: (): A.ConfigValue => {
            const start = this.LA(1) as Tok;
            const entries: A.ConfigEntry[] = [];
            this.SUBRULE(this.configBlock, { ARGS: [entries, OPEN.entry, key.image] });
            return { kind: "block", entries, span: this.sp(start) };
          },
        },
        {
          ALT: (): A.ConfigValue => {
            const expr = this.SUBRULE(this.expression);
            return { kind: "expr", expr, span: expr.span };
          },
        },
      ],
      ERR_MSG: "a value after {prev}",
    });
    this.OPTION(() => this.CONSUME(T.Comma));
    return { name: this.id(key), value, span: this.sp(key) };
  });

  private nextParam = {
    DEF: [
      { ALT: (): A.Param | null => this.SUBRULE2(this.param) },
      { GATE: this.closerNext(T.RParen), ALT: (): A.Param | null => null },
    ],
    ERR_MSG: "a parameter or `)` after `,`",
  };

  paramList = this.RULE("paramList", (template: string, name: string): A.Param[] => {
    const params: A.Param[] = [];
    const open = this.tok(T.LParen, "`(` and the parameters after {prev}");
    this.push(template, name, open.startLine, ")");
    this.commaSeparated(params, () => this.SUBRULE(this.param), this.nextParam);
    this.CONSUME(T.RParen);
    this.close();
    return params;
  });

  param = this.RULE("param", (): A.Param => {
    const name = this.tok(T.Ident, "a parameter name");
    this.tok(T.Colon, "`:` and a type after the parameter name {prev}");
    const type = this.SUBRULE(this.typeRef);
    return { name: this.id(name), type, span: this.sp(name) };
  });

  /** `-> T fails F`: the parser names the construct rather than asking for a bare `{`. */
  private failsAfterResult(): void {
    if (this.LA(1).tokenType === T.Fails) {
      throw new ParseStop(this.LA(1) as Tok, "`{` to start the body", "`fails` goes after the parameters and before `->`: write `(…) fails F -> T {`");
    }
  }

  /** What follows a function's or an action's parameters, the same for both: `fails F, G`, then `-> T`. */
  failsAndResult = this.RULE("failsAndResult", (target: Signature | undefined): void => {
    const decl: Signature = target ?? { fails: [], failsSpan: null, returnType: null };
    this.OPTION(() => {
      const fails = this.tok(T.Fails);
      decl.fails.push(this.id(this.tok(T.Ident, "a failure's name after {prev}", 3)));
      this.MANY(() => {
        this.CONSUME(T.Comma);
        decl.fails.push(this.id(this.CONSUME2(T.Ident, { ERR_MSG: "a failure's name after `,`" }) as Tok));
      });
      decl.failsSpan = this.sp(fails);
    });
    this.OPTION2(() => {
      this.CONSUME(T.Arrow);
      decl.returnType = this.SUBRULE(this.typeRef);
    });
    this.failsAfterResult();
  });

  functionDecl = this.callableRule("function", T.Function, OPEN.functionParams, OPEN.functionBody);
  actionDecl = this.callableRule("action", T.Action, OPEN.actionParams, OPEN.actionBody);

  /** `function` and `action` have one shape (name, parameters, `fails`, `-> T`, body); only the words differ. */
  private callableRule<K extends keyof Callables>(kind: K, keyword: TokenType, params: string, body: string): ParserMethod<[], Callables[K]> {
    return this.RULE(`${kind}Decl`, (): Callables[K] => {
      const kw = this.tok(keyword);
      const name = this.tok(T.Ident, `a name for the ${kind} after \`${kind}\``);
      const decl = {
        kind, name: this.id(name), params: [], fails: [], failsSpan: null, returnType: null,
        body: { statements: [], span: spanOf(this.file, name, name) }, span: spanOf(this.file, kw, kw),
      } as A.FunctionDecl | A.ActionDecl as Callables[K];
      this.partial = decl;
      decl.params = this.SUBRULE(this.paramList, { ARGS: [params, name.image] });
      this.SUBRULE(this.failsAndResult, { ARGS: [decl] });
      this.SUBRULE(this.body, { ARGS: [body, name.image, decl.body] });
      decl.span = this.sp(kw);
      return decl;
    });
  }

  fixturesDecl = this.RULE("fixturesDecl", (): A.FixturesDecl => {
    const kw = this.tok(T.Fixtures);
    const name = this.tok(T.Ident, "a name for the fixtures after `fixtures`");
    const decl: A.FixturesDecl = { kind: "fixtures", name: this.id(name), members: [], span: spanOf(this.file, kw, kw) };
    this.partial = decl;
    const open = this.tok(T.LBrace);
    this.push(OPEN.fixtures, name.image, open.startLine, "}");
    this.MANY(() => {
      decl.members.push(this.SUBRULE(this.fixtureMember));
    });
    this.CONSUME(T.RBrace);
    this.close();
    decl.span = this.sp(kw);
    return decl;
  });

  fixtureMember = this.RULE("fixtureMember", (): A.FixtureMember => {
    const name = this.tok(T.Ident, "a fixture's name");
    const params = this.OPTION(() => this.SUBRULE(this.paramList, { ARGS: [OPEN.fixtureParams, name.image] })) ?? null;
    this.tok(T.Arrow, "`->` and the fixture's type after {prev}");
    const returnType = this.SUBRULE(this.typeRef);
    const body = this.SUBRULE(this.body, { ARGS: [OPEN.fixtureBody, name.image, undefined] });
    return { name: this.id(name), params, returnType, body, span: this.sp(name) };
  });

  promptDecl = this.RULE("promptDecl", (): A.PromptDecl => {
    const kw = this.tok(T.Prompt);
    const name = this.tok(T.Ident, "a name for the prompt after `prompt`");
    const decl: A.PromptDecl = { kind: "prompt", name: this.id(name), params: [], entries: [], span: spanOf(this.file, kw, kw) };
    this.partial = decl;
    decl.params = this.SUBRULE(this.paramList, { ARGS: [OPEN.promptParams, name.image] });
    this.SUBRULE(this.configBlock, { ARGS: [decl.entries, OPEN.prompt, name.image] });
    decl.span = this.sp(kw);
    return decl;
  });

  connectionDecl = this.RULE("connectionDecl", (): A.ConnectionDecl => {
    const kw = this.tok(T.Connection);
    const name = this.tok(T.Ident, "a name for the connection after `connection`");
    const decl: A.ConnectionDecl = { kind: "connection", name: this.id(name), entries: [], span: spanOf(this.file, kw, kw) };
    this.partial = decl;
    this.SUBRULE(this.configBlock, { ARGS: [decl.entries, OPEN.connection, name.image] });
    decl.span = this.sp(kw);
    return decl;
  });

  localesDecl = this.RULE("localesDecl", (): A.LocalesDecl => {
    const kw = this.tok(T.Locales);
    const decl: A.LocalesDecl = { kind: "locales", entries: [], span: spanOf(this.file, kw, kw) };
    this.partial = decl;
    this.SUBRULE(this.configBlock, { ARGS: [decl.entries, OPEN.locales, ""] });
    decl.span = this.sp(kw);
    return decl;
  });
}
