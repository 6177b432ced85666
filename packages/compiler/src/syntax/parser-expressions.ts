// The grammar of types as written and of expressions (docs/language.md): precedence, prefix and
// postfix operators, calls with `as:`, lists and records (`match` is in parser-patterns.ts).
import type { ParserMethod, TokenType } from "chevrotain";
import type * as A from "./ast.ts";
import * as T from "./tokens.ts";
import { isUpper, type Tok } from "./tokens.ts";
import { OPEN } from "./open-constructs.ts";
import { NO_TYPE_ARGS, buildOperand, foldBinary, literal, spanTo, type PostOp } from "./build-ast.ts";
import { ParserBase } from "./parser-base.ts";
import { ParseStop } from "./parse-errors.ts";
import { toUpperCamel } from "../names/casing.ts";

/** The named argument `as: T` of a call. */
class AsArgument {
  constructor(readonly type: A.TypeRef) {}
}

type Argument = A.Expr | AsArgument | null;

export abstract class ExpressionRules extends ParserBase {
  /** A `{ ... }` block of statements (parser-statements.ts). */
  abstract block: ParserMethod<[string, string, boolean], A.Block>;
  /** `match value { arms }` (parser-patterns.ts). */
  abstract matchExpr: ParserMethod<[], A.Expr>;

  /** A gate: the next token closes the list being read (an empty item before it: a trailing comma). */
  protected closerNext = (closer: TokenType) => (): boolean => this.LA(1).tokenType === closer;

  // ------------------------------------------------------------ types as written

  /** `Text`, `List<Text>`, `Text?`. */
  typeRef = this.RULE("typeRef", (): A.TypeRef => {
    const name = this.tok(T.Ident, "a type after {prev}");
    const args: A.TypeRef[] = [];
    this.OPTION(() => {
      const lt = this.tok(T.Less);
      this.push(OPEN.typeArgs, name, lt.startLine, ">");
      this.deeper(1, lt);
      args.push(this.SUBRULE(this.typeRef));
      this.MANY(() => {
        this.CONSUME(T.Comma);
        args.push(this.SUBRULE2(this.typeRef));
      });
      this.CONSUME(T.Greater);
      this.depth--;
      this.close();
    });
    const ident = this.id(name);
    // A bare type name shares its name's span and the one empty argument list (syntax trees are
    // never changed after parsing), as the hand-written parser's does.
    let ref: A.TypeRef = args.length === 0
      ? { kind: "named", name: ident, args: NO_TYPE_ARGS, span: ident.span }
      : { kind: "named", name: ident, args, span: this.sp(name) };
    let optionals = 0;
    this.MANY2(() => {
      const q = this.tok(T.Question);
      this.deeper(1, q);
      optionals++;
      ref = { kind: "optional", inner: ref, span: spanTo(ref.span, q) };
    });
    this.depth -= optionals;
    return ref;
  });

  // ------------------------------------------------------------ expressions

  /** A chain of operands and binary operators, folded by precedence. */
  expression = this.RULE("expression", (): A.Expr => {
    const first = this.SUBRULE(this.operand);
    const operands = [first];
    const ops: Tok[] = [];
    this.MANY(() => {
      const op = this.tok(T.BinaryOp);
      this.deeper(1, op);
      ops.push(op);
      operands.push(this.SUBRULE2(this.operand));
    });
    if (ops.length === 0) return first;
    this.depth -= ops.length;
    return this.ACTION(() => foldBinary(this.file, operands, ops));
  });

  /** Prefix operators, a primary, then `.field` and call postfixes. */
  operand = this.RULE("operand", (): A.Expr => {
    const prefixes: Tok[] = [];
    this.MANY(() => {
      const p = this.tok(T.PrefixOp);
      this.deeper(1, p);
      prefixes.push(p);
    });
    const primary = this.primary();
    const postfixes: PostOp[] = [];
    this.MANY2(() => {
      postfixes.push(this.OR(this.postfixOr));
    });
    if (prefixes.length === 0 && postfixes.length === 0) return primary;
    // Each prefix and postfix was one level deeper (a call's `(` too).
    this.depth -= prefixes.length + postfixes.length;
    return this.ACTION(() => buildOperand(this.file, prefixes.length === 0 ? null : prefixes, primary, postfixes.length === 0 ? null : postfixes));
  });

  // The alternatives of the operand rule's ORs are made once, as chevrotain's performance guide
  // advises (not at every operand, which is every few tokens).

  /** `.field` or a call's arguments. */
  private postfixOr = [
    {
      ALT: (): PostOp => {
        const dot = this.tok(T.Dot);
        this.deeper(1, dot);
        return { kind: "member", name: this.tok(T.Ident, "a field name after `.`", 3) };
      },
    },
    { ALT: (): PostOp => this.callArgs() },
  ];

  /**
   * A literal, a name, a record, `( … )`, a list or a `match`. Read inside the operand rule, as
   * `callArgs` is: a rule of their own would take more stack for each level of nesting, and
   * nesting as deep as the limit (`MAX_DEPTH`) must parse well inside Node's default stack.
   */
  private primary(): A.Expr {
    return this.OR2(this.primaryOr);
  }

  private primaryOr = {
    DEF: [
      { ALT: () => literal(this.file, this.tok(T.Literal)) },
      {
        // A record literal: an UpperCamel name directly followed by `{`.
        GATE: () => isUpper(this.LA(1) as Tok) && this.LA(2).tokenType === T.LBrace,
        ALT: () => {
          const type = this.tok(T.Ident, undefined, 1);
          const fields = this.SUBRULE(this.recordFields, { ARGS: [type] });
          return { kind: "record", type: this.id(type), fields, span: this.sp(type) };
        },
      },
      {
        ALT: () => {
          this.lowerCaseRecord();
          return literal(this.file, this.tok(T.Ident));
        },
      },
      {
        ALT: () => {
          const open = this.tok(T.LParen);
          this.push(OPEN.paren, "", open.startLine, ")");
          this.deeper(1, open);
          const inner = this.SUBRULE(this.expression);
          this.CONSUME(T.RParen);
          this.depth--;
          this.close();
          return { kind: "paren", inner, span: this.sp(open) };
        },
      },
      { ALT: () => this.SUBRULE(this.listLiteral) },
      { ALT: () => this.SUBRULE(this.matchExpr) },
    ],
    ERR_MSG: "an expression",
  };

  /**
   * `answer_question { question: q }`: only a record literal reads so (a block never starts with
   * `field:`), and a record names its type, while a prompt's values type is the prompt's name in
   * UpperCamel. Said so, rather than an error at the `{`.
   */
  private lowerCaseRecord(): void {
    const next = this.LA(1) as Tok;
    if (this.LA(2).tokenType !== T.LBrace || this.LA(3).tokenType !== T.Ident || this.LA(4).tokenType !== T.Colon) return;
    throw new ParseStop(
      next,
      `a type's name before \`{ ${this.LA(3).image}: … }\` (types are UpperCamel)`,
      `Write \`${toUpperCamel(next.image)} { … }\`: a record names its type, and a prompt's values are the type named after it in UpperCamel`,
    );
  }

  /** `(a, b, as: T)` after a callee, in the operand rule; its depth is given back by the operand with the other postfixes. */
  private callArgs(): PostOp {
    const callee = this.LA(0) as Tok;
    const open = this.tok(T.LParen, undefined, 2);
    this.deeper(1, open);
    const named = callee.tokenType === T.Ident;
    this.push(named ? OPEN.call : OPEN.callAnon, named ? callee : "", open.startLine, ")");
    const args: Argument[] = [];
    const first = this.OR3(this.firstArgument);
    if (first !== null) {
      args.push(first);
      this.MANY3(() => {
        this.CONSUME(T.Comma);
        const next = this.OR4(this.nextArgument);
        if (next !== null) args.push(next);
      });
    }
    const close = this.tok(T.RParen, undefined, 2);
    this.close();
    let asType: A.TypeRef | null = null;
    const values: A.Expr[] = [];
    for (const arg of args) {
      if (arg instanceof AsArgument) asType = arg.type;
      else if (arg !== null) values.push(arg);
    }
    return { kind: "call", args: values, asType, close };
  }

  private firstArgument = this.argumentAlts(0, "an argument or `)`");
  private nextArgument = this.argumentAlts(1, "an argument or `)` after `,`");

  /**
   * An argument (`as: T` or an expression), or none before `)`. `idx` is 0 for the first argument
   * and 1 after a comma: it keeps each DSL call's occurrence number unique within the operand rule.
   */
  private argumentAlts(idx: number, ERR_MSG: string): { DEF: { GATE?: () => boolean; ALT: () => Argument }[]; ERR_MSG: string } {
    return {
      DEF: [
        {
          GATE: () => this.LA(1).image === "as" && this.LA(2).tokenType === T.Colon,
          ALT: () => {
            this.consume(4 + idx, T.Ident);
            this.consume(idx, T.Colon);
            return new AsArgument(this.subrule(idx, this.typeRef));
          },
        },
        { ALT: () => this.subrule(2 + idx, this.expression) },
        { GATE: this.closerNext(T.RParen), ALT: () => null },
      ],
      ERR_MSG,
    };
  }

  /** The `{ f: v  g: w }` of a record literal, after its type's name (commas optional). */
  recordFields = this.RULE("recordFields", (typeName: Tok): A.RecordFieldInit[] => {
    const open = this.tok(T.LBrace);
    this.push(OPEN.record, typeName, open.startLine, "}");
    this.deeper(1, open);
    const fields: A.RecordFieldInit[] = [];
    this.MANY(() => {
      fields.push(this.namedValue("a field name", "`:` and a value after the field name {prev}"));
    });
    this.CONSUME(T.RBrace);
    this.depth--;
    this.close();
    return fields;
  });

  /** `name: value`, then `,` or not: a record literal's field, a type's constraint (in its rule's MANY). */
  protected namedValue(nameMsg: string, colonMsg: string): { name: A.Ident; value: A.Expr; span: A.Span } {
    const name = this.tok(T.Ident, nameMsg);
    this.tok(T.Colon, colonMsg);
    const value = this.SUBRULE(this.expression);
    this.OPTION(() => this.CONSUME(T.Comma));
    return { name: this.id(name), value, span: this.sp(name) };
  }

  private nextListItem = {
    DEF: [
      { ALT: (): A.Expr | null => this.SUBRULE2(this.expression) },
      { GATE: this.closerNext(T.RBracket), ALT: () => null },
    ],
    ERR_MSG: "an item or `]` after `,`",
  };

  listLiteral = this.RULE("listLiteral", (): A.Expr => {
    const open = this.tok(T.LBracket);
    this.push(OPEN.list, "", open.startLine, "]");
    this.deeper(1, open);
    const items: A.Expr[] = [];
    this.commaSeparated(items, () => this.SUBRULE(this.expression), this.nextListItem);
    this.CONSUME(T.RBracket);
    this.depth--;
    this.close();
    return { kind: "list", items, span: this.sp(open) };
  });
}
