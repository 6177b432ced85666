// The grammar of types as written and of expressions (docs/language.md): precedence, prefix and postfix
// operators, calls with `as:`, lists and records (`match` is in parser-patterns.ts). These are the hottest rules, so their
// loops use callbacks made once and the shared stacks of ParserBase.
import type { ParserMethod, TokenType } from "chevrotain";
import type * as A from "./ast.ts";
import * as T from "./tokens.ts";
import type { Tok } from "./tokens.ts";
import { OPEN } from "./open-constructs.ts";
import { NO_TYPE_ARGS, buildOperand, foldBinary, literal, spanTo, type PostOp } from "./build-ast.ts";
import { ParserBase, isUpper, isWord } from "./parser-base.ts";
import { ParseStop } from "./parse-errors.ts";
import { toUpperCamel } from "../names/casing.ts";
import { BINARY, LITERAL, PREFIX } from "./fast/indices.ts";

/** The named argument `as: T` of a call. */
class AsArgument {
  constructor(readonly type: A.TypeRef) {}
}


export abstract class ExpressionRules extends ParserBase {
  /** A `{ ... }` block of statements (parser-statements.ts). */
  abstract block: ParserMethod<[string, string, boolean], A.Block>;
  /** `match value { arms }` (parser-patterns.ts). */
  abstract matchExpr: ParserMethod<[], A.Expr>;

  private opStack: Tok[] = [];
  private operandStack: A.Expr[] = [];
  private postStack: PostOp[] = [];

  protected override resetState(file: string): void {
    super.resetState(file);
    this.opStack.length = 0;
    this.operandStack.length = 0;
    this.postStack.length = 0;
  }

  protected closerNext = (closer: TokenType) => (): boolean => this.LA(1).tokenType === closer;

  // ------------------------------------------------------------ types as written

  private typeArgStep = (): void => {
    this.CONSUME(T.Comma);
    this.items.push(this.SUBRULE2(this.typeRef));
  };

  private typeArgs = (): void => {
    const lt = this.tok(T.Less);
    this.push(OPEN.typeArgs, this.LA(-1) as Tok, lt.startLine, ">");
    this.deeper(1, lt);
    this.items.push(this.SUBRULE(this.typeRef));
    this.MANY(this.typeArgStep);
    this.CONSUME(T.Greater);
    this.depth--;
    this.openCount--;
  };

  private questionStep = (): void => {
    const q = this.tok(T.Question);
    this.deeper(1, q);
    this.toks.push(q);
  };

  /** `Text`, `List<Text>`, `Text?`. */
  typeRef = this.RULE("typeRef", (): A.TypeRef => {
    const name = this.tok(T.Ident, "a type after {prev}");
    const base = this.items.length;
    if (this.RECORDING_PHASE) this.OPTION(this.typeArgs);
    else if (this.tokVector[this.currIdx + 1].tokenType === T.Less) this.typeArgs(); // the OPTION's lookahead
    const ident = this.id(name);
    // Most type refs are a bare name: they share its span and one empty argument list (syntax
    // trees are never changed after parsing), two objects fewer each.
    let ref: A.TypeRef = this.items.length === base
      ? { kind: "named", name: ident, args: NO_TYPE_ARGS, span: ident.span }
      : { kind: "named", name: ident, args: this.take<A.TypeRef>(base), span: this.sp(name) };
    const qBase = this.toks.length;
    if (this.RECORDING_PHASE) this.MANY2(this.questionStep);
    else while (this.tokVector[this.currIdx + 1].tokenType === T.Question) this.questionStep(); // the MANY2's lookahead, last in the rule
    const optionals = this.toks.length - qBase;
    if (optionals > 0) {
      this.depth -= optionals;
      for (let i = qBase; i < this.toks.length && !this.RECORDING_PHASE; i++) {
        ref = { kind: "optional", inner: ref, span: spanTo(ref.span, this.toks[i]) };
      }
      this.toks.length = qBase;
    }
    return ref;
  });

  // ------------------------------------------------------------ expressions

  private binaryStep = (): void => {
    const op = this.tok(T.BinaryOp);
    this.deeper(1, op);
    this.opStack.push(op);
    this.operandStack.push(this.SUBRULE2(this.operand));
  };

  /** A chain of operands and binary operators, folded by precedence. */
  expression = this.RULE("expression", (): A.Expr => {
    const opBase = this.opStack.length;
    const first = this.SUBRULE(this.operand);
    // The MANY's own lookahead (LL(1), last in the rule): most expressions are one operand.
    if (!this.RECORDING_PHASE && BINARY[this.tokVector[this.currIdx + 1].tokenTypeIdx] !== 1) return first;
    const operandBase = this.operandStack.length;
    this.operandStack.push(first);
    if (this.RECORDING_PHASE) this.MANY(this.binaryStep);
    else while (BINARY[this.tokVector[this.currIdx + 1].tokenTypeIdx] === 1) this.binaryStep();
    const count = this.opStack.length - opBase;
    if (count === 0) {
      this.operandStack.length = operandBase;
      return first;
    }
    this.depth -= count;
    const ops = this.opStack.splice(opBase, count);
    const operands = this.operandStack.splice(operandBase, count + 1);
    if (this.RECORDING_PHASE) return first;
    return foldBinary(this.file, operands, ops);
  });

  private prefixStep = (): void => {
    const p = this.tok(T.PrefixOp);
    this.deeper(1, p);
    this.toks.push(p);
  };

  private postfixAlts = [
    {
      ALT: (): void => {
        const dot = this.tok(T.Dot);
        this.deeper(1, dot);
        this.postStack.push({ kind: "member", name: this.tok(T.Ident, "a field name after `.`", 3) });
      },
    },
    { ALT: (): void => this.callArgs() },
  ];

  private postfixStep = (): void => {
    this.OR(this.postfixAlts);
  };

  private primaryOr = {
    DEF: [
      { ALT: (): A.Expr => literal(this.file, this.tok(T.Literal)) },
      {
        // A record literal: an UpperCamel name directly followed by `{`.
        GATE: (): boolean => isUpper(this.LA(1) as Tok) && this.LA(2).tokenType === T.LBrace,
        ALT: (): A.Expr => {
          const type = this.tok(T.Ident, undefined, 2);
          const fields = this.SUBRULE(this.recordFields, { ARGS: [type] });
          return { kind: "record", type: this.id(type), fields, span: this.sp(type) };
        },
      },
      { ALT: (): A.Expr => literal(this.file, this.tok(T.Ident)) },
      {
        ALT: (): A.Expr => {
          const open = this.tok(T.LParen);
          this.push(OPEN.paren, "", open.startLine, ")");
          this.deeper(1, open);
          const inner = this.SUBRULE(this.expression);
          this.CONSUME(T.RParen);
          this.depth--;
          this.openCount--;
          return { kind: "paren", inner, span: this.sp(open) };
        },
      },
      { ALT: (): A.Expr => this.SUBRULE(this.listLiteral) },
      { ALT: (): A.Expr => this.SUBRULE(this.matchExpr) },
    ],
    ERR_MSG: "an expression",
  };

  /**
   * The OR of `primaryOr`, with the alternative picked by the next tokens where that is plain:
   * chevrotain's choice among alternatives with a GATE scans every path and allocates on each
   * call, and this runs for every operand. Anything else (every error included) goes to the OR.
   */
  private primary(): A.Expr {
    if (!this.RECORDING_PHASE) {
      const next = this.tokVector[this.currIdx + 1];
      const alts = this.primaryOr.DEF;
      if (LITERAL[next.tokenTypeIdx] === 1) return alts[0].ALT();
      const type = next.tokenType;
      // A name not followed by `{` is a name (the common case: one look, no more).
      if (type === T.Ident && this.tokVector[this.currIdx + 2].tokenType !== T.LBrace) return alts[2].ALT();
      if (type === T.Ident && !isUpper(next as Tok) && this.looksLikeRecord()) {
        // `answer_question { question: q }`: a record literal names its type, and a prompt's
        // values type is the prompt's name in UpperCamel.
        const upper = toUpperCamel(next.image);
        throw new ParseStop(
          next as Tok,
          `a type's name before \`{ ${this.LA(3).image}: … }\` (types are UpperCamel)`,
          `Write \`${upper} { … }\`: a record names its type, and a prompt's values are the type named after it in UpperCamel`,
        );
      }
      if (type === T.Ident) return isUpper(next as Tok) && this.tokVector[this.currIdx + 2].tokenType === T.LBrace ? alts[1].ALT() : alts[2].ALT();
      if (type === T.LParen) return alts[3].ALT();
      if (type === T.LBracket) return alts[4].ALT();
      if (type === T.Match) return alts[5].ALT();
    }
    return this.OR2(this.primaryOr);
  }

  /** `name { field: …`: only a record literal reads so (a block never starts with `field:`). */
  private looksLikeRecord(): boolean {
    return this.tokVector[this.currIdx + 2].tokenType === T.LBrace && this.tokVector[this.currIdx + 3].tokenType === T.Ident && this.tokVector[this.currIdx + 4].tokenType === T.Colon;
  }

  /** Prefix operators, a primary, then `.field` and call postfixes. */
  operand = this.RULE("operand", (): A.Expr => {
    const preBase = this.toks.length;
    const recording = this.RECORDING_PHASE;
    // The loops are chevrotain's MANY and OR written out: each decision is the next token alone
    // (prefixes are followed by a primary, which never starts with one; the postfixes are last).
    if (recording) this.MANY(this.prefixStep);
    else while (PREFIX[this.tokVector[this.currIdx + 1].tokenTypeIdx] === 1) this.prefixStep();
    const primary = this.primary();
    const postBase = this.postStack.length;
    if (recording) this.MANY2(this.postfixStep);
    else {
      for (let type = this.tokVector[this.currIdx + 1].tokenType; ; type = this.tokVector[this.currIdx + 1].tokenType) {
        if (type === T.Dot) this.postfixAlts[0].ALT();
        else if (type === T.LParen) this.callArgs();
        else break;
      }
    }
    const pre = this.toks.length - preBase;
    const post = this.postStack.length - postBase;
    if (pre === 0 && post === 0) return primary;
    this.depth -= pre + post;
    const prefixes = pre === 0 ? null : this.toks.splice(preBase, pre);
    const postfixes = post === 0 ? null : this.postStack.splice(postBase, post);
    if (this.RECORDING_PHASE) return primary;
    return buildOperand(this.file, prefixes, primary, postfixes);
  });

  private argumentAlts = [
    {
      GATE: (): boolean => this.LA(1).image === "as" && this.LA(2).tokenType === T.Colon,
      ALT: (): A.Expr | AsArgument | null => {
        this.CONSUME4(T.Ident);
        this.CONSUME(T.Colon);
        return new AsArgument(this.SUBRULE(this.typeRef));
      },
    },
    { ALT: (): A.Expr | AsArgument | null => this.SUBRULE3(this.expression) },
  ];

  /** The first argument, or none before `)`. */
  private firstArgument = {
    DEF: [...this.argumentAlts, { GATE: this.closerNext(T.RParen), ALT: (): A.Expr | AsArgument | null => null }],
    ERR_MSG: "an argument or `)`",
  };

  /** After a `,`: another argument, or `)` (a trailing comma). */
  private nextArgument = {
    DEF: [
      {
        GATE: (): boolean => this.LA(1).image === "as" && this.LA(2).tokenType === T.Colon,
        ALT: (): A.Expr | AsArgument | null => {
          this.CONSUME5(T.Ident);
          this.CONSUME2(T.Colon);
          return new AsArgument(this.SUBRULE2(this.typeRef));
        },
      },
      { ALT: (): A.Expr | AsArgument | null => this.SUBRULE2(this.expression) },
      { GATE: this.closerNext(T.RParen), ALT: (): A.Expr | AsArgument | null => null },
    ],
    ERR_MSG: "an argument or `)` after `,`",
  };

  /**
   * The alternative of an argument OR (`as: T`, an expression, or `)`) picked by the next tokens
   * where that is plain, as `primary` does; undefined leaves it to the OR.
   */
  private argument(alts: readonly { ALT: () => A.Expr | AsArgument | null }[]): A.Expr | AsArgument | null | undefined {
    if (this.RECORDING_PHASE) return undefined;
    const next = this.tokVector[this.currIdx + 1];
    const type = next.tokenType;
    if (type === T.Ident) return isWord(next as Tok, "as") && this.tokVector[this.currIdx + 2].tokenType === T.Colon ? alts[0].ALT() : alts[1].ALT();
    if (LITERAL[next.tokenTypeIdx] === 1) return alts[1].ALT();
    if (type === T.RParen) return alts[2].ALT();
    return undefined;
  }

  private argumentStep = (): void => {
    this.CONSUME(T.Comma);
    const next = this.argument(this.nextArgument.DEF) ?? this.OR3(this.nextArgument);
    if (next !== null) this.items.push(next);
  };

  /**
   * `(a, b, as: T)` after a callee, read inside the operand rule (fewer stack frames per nested
   * call); its depth is given back by the operand with the other postfixes.
   */
  private callArgs(): void {
    const callee = this.LA(0) as Tok;
    const open = this.tok(T.LParen, undefined, 2);
    this.deeper(1, open);
    const named = callee.tokenType === T.Ident;
    this.push(named ? OPEN.call : OPEN.callAnon, named ? callee : "", open.startLine, ")");
    const base = this.items.length;
    const first = this.argument(this.firstArgument.DEF) ?? this.OR4(this.firstArgument);
    if (first !== null) {
      this.items.push(first);
      if (this.RECORDING_PHASE) this.MANY3(this.argumentStep);
      else while (this.tokVector[this.currIdx + 1].tokenType === T.Comma) this.argumentStep(); // the MANY3's lookahead: `,` (`)` follows)
    }
    const close = this.tok(T.RParen, undefined, 2);
    this.openCount--;
    const args = this.take<A.Expr | AsArgument>(base);
    let asType: A.TypeRef | null = null;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (arg instanceof AsArgument) {
        asType = arg.type;
        args.splice(i--, 1);
      }
    }
    this.postStack.push({ kind: "call", args: args as A.Expr[], asType, close });
  }

  private commaStep = (): void => {
    this.CONSUME(T.Comma);
  };

  private fieldStep = (): void => {
    const name = this.tok(T.Ident, "a field name");
    this.tok(T.Colon, "`:` and a value after the field name {prev}");
    const value = this.SUBRULE(this.expression);
    if (this.RECORDING_PHASE) this.OPTION(this.commaStep);
    else if (this.tokVector[this.currIdx + 1].tokenType === T.Comma) this.commaStep(); // the OPTION's lookahead (a name or `}` follows)
    this.items.push({ name: this.id(name), value, span: this.sp(name) });
  };

  /** The `{ f: v  g: w }` of a record literal, after its type's name (commas optional). */
  recordFields = this.RULE("recordFields", (typeName: Tok): A.RecordFieldInit[] => {
    const open = this.tok(T.LBrace);
    this.push(OPEN.record, typeName, open.startLine, "}");
    this.deeper(1, open);
    const base = this.items.length;
    this.MANY(this.fieldStep);
    this.CONSUME(T.RBrace);
    this.depth--;
    this.openCount--;
    return this.take<A.RecordFieldInit>(base);
  });

  private nextListItem = {
    DEF: [
      { ALT: (): A.Expr | null => this.SUBRULE2(this.expression) },
      { GATE: this.closerNext(T.RBracket), ALT: (): A.Expr | null => null },
    ],
    ERR_MSG: "an item or `]` after `,`",
  };

  /** The alternative of `nextListItem` picked by the next token where that is plain, as `primary` does. */
  private listItem(): A.Expr | null | undefined {
    if (this.RECORDING_PHASE) return undefined;
    const next = this.tokVector[this.currIdx + 1];
    const alts = this.nextListItem.DEF;
    if (next.tokenType === T.Ident || LITERAL[next.tokenTypeIdx] === 1) return alts[0].ALT();
    if (next.tokenType === T.RBracket) return alts[1].ALT();
    return undefined;
  }

  private listItemStep = (): void => {
    this.CONSUME(T.Comma);
    const next = this.listItem() ?? this.OR(this.nextListItem);
    if (next !== null) this.items.push(next);
  };

  private listItems = (): void => {
    this.items.push(this.SUBRULE(this.expression));
    this.MANY(this.listItemStep);
  };

  listLiteral = this.RULE("listLiteral", (): A.Expr => {
    const open = this.tok(T.LBracket);
    this.push(OPEN.list, "", open.startLine, "]");
    this.deeper(1, open);
    const base = this.items.length;
    this.OPTION(this.listItems);
    this.CONSUME(T.RBracket);
    this.depth--;
    this.openCount--;
    return { kind: "list", items: this.take<A.Expr>(base), span: this.sp(open) };
  });
}
