// The hand-written parser's types as written and expressions: parser-expressions.ts's rules, in
// the same order of decisions, building the same objects through build-ast.ts. `match` is the
// next layer (patterns.ts).
import type * as A from "../ast.ts";
import { NO_TYPE_ARGS, buildOperand, foldBinary, literal, spanTo, type PostOp } from "../build-ast.ts";
import { isUpper, isWord, type Tok } from "../tokens.ts";
import { FastBase, exact } from "./base.ts";
import { BINARY, COLON, COMMA, DOT, GREATER, IDENT, LBRACE, LBRACKET, LESS, LITERAL, LPAREN, MATCH, PREFIX, QUESTION, RBRACE, RBRACKET, RPAREN } from "./indices.ts";

export abstract class FastExpressions extends FastBase {
  /** `match value { arms }` (patterns.ts). */
  protected abstract matchExpr(): A.Expr | null;

  /** `Text`, `List<Text>`, `Text?`. */
  protected typeRef(): A.TypeRef | null {
    const name = this.expect(IDENT);
    if (name === null) return null;
    let args: A.TypeRef[] | null = null;
    if (this.types[this.i] === LESS) {
      this.i++;
      if (!this.deeper()) return null;
      const first = this.typeRef();
      if (first === null) return null;
      args = [first];
      while (this.types[this.i] === COMMA) {
        this.i++;
        const arg = this.typeRef();
        if (arg === null) return null;
        args.push(arg);
      }
      if (this.expect(GREATER) === null) return null;
      this.depth--;
    }
    const ident = this.id(name);
    // A bare name shares its span and the one empty argument list, as the grammar's does.
    let ref: A.TypeRef = args === null
      ? { kind: "named", name: ident, args: NO_TYPE_ARGS, span: ident.span }
      : { kind: "named", name: ident, args, span: this.sp(name) };
    let optionals = 0;
    while (this.types[this.i] === QUESTION) {
      const q = this.take();
      optionals++;
      if (!this.deeper()) return null;
      ref = { kind: "optional", inner: ref, span: spanTo(ref.span, q) };
    }
    this.depth -= optionals;
    return ref;
  }

  /** A chain of operands and binary operators, folded by precedence. */
  protected expression(): A.Expr | null {
    const first = this.operand();
    if (first === null || BINARY[this.types[this.i]] !== 1) return first;
    const operands = [first];
    const ops: Tok[] = [];
    while (BINARY[this.types[this.i]] === 1) {
      ops.push(this.take());
      if (!this.deeper()) return null;
      const operand = this.operand();
      if (operand === null) return null;
      operands.push(operand);
    }
    this.depth -= ops.length;
    // Chained comparisons throw ChainedComparison: an error, caught by FastParser.parse.
    return foldBinary(this.file, operands, ops);
  }

  /** Prefix operators, a primary, then `.field` and call postfixes. */
  protected operand(): A.Expr | null {
    let prefixes: Tok[] | null = null;
    while (PREFIX[this.types[this.i]] === 1) {
      (prefixes ??= []).push(this.take());
      if (!this.deeper()) return null;
    }
    const primary = this.primary();
    if (primary === null) return null;
    let post: PostOp[] | null = null;
    for (let type = this.types[this.i]; ; type = this.types[this.i]) {
      if (type === DOT) {
        this.i++;
        if (!this.deeper()) return null;
        const name = this.expect(IDENT);
        if (name === null) return null;
        (post ??= []).push({ kind: "member", name });
      } else if (type === LPAREN) {
        const call = this.callArgs();
        if (call === null) return null;
        (post ??= []).push(call);
      } else break;
    }
    if (prefixes === null && post === null) return primary;
    this.depth -= (prefixes === null ? 0 : prefixes.length) + (post === null ? 0 : post.length);
    return buildOperand(this.file, prefixes, primary, post);
  }

  /** A literal, a name, a record literal, `( … )`, a list or a `match`. */
  private primary(): A.Expr | null {
    const type = this.types[this.i];
    if (LITERAL[type] === 1) return literal(this.file, this.take());
    if (type === IDENT) {
      if (this.ahead(1) !== LBRACE) return literal(this.file, this.take());
      if (isUpper(this.t[this.i])) return this.record();
      // `name { field: …`: the grammar stops with its own message (a record names its type).
      if (this.ahead(2) === IDENT && this.ahead(3) === COLON) return null;
      return literal(this.file, this.take());
    }
    if (type === LPAREN) return this.paren();
    if (type === LBRACKET) return this.list();
    if (type === MATCH) return this.matchExpr();
    return null;
  }

  /** `T { f: v  g: w }` (commas optional); a field's span takes in its comma, as the grammar's does. */
  private record(): A.Expr | null {
    const type = this.take();
    this.i++; // `{`
    if (!this.deeper()) return null;
    const fields = this.namedValues();
    if (fields === null) return null;
    this.depth--;
    return { kind: "record", type: this.id(type), fields, span: this.sp(type) };
  }

  private paren(): A.Expr | null {
    const open = this.take();
    if (!this.deeper()) return null;
    const inner = this.expression();
    if (inner === null || this.expect(RPAREN) === null) return null;
    this.depth--;
    return { kind: "paren", inner, span: this.sp(open) };
  }

  /** `[a, b]`, a trailing comma allowed. */
  private list(): A.Expr | null {
    const open = this.take();
    if (!this.deeper()) return null;
    const items = this.commaSeparated(RBRACKET, this.expression);
    if (items === null || this.expect(RBRACKET) === null) return null;
    this.depth--;
    return { kind: "list", items, span: this.sp(open) };
  }

  /**
   * `name: value` entries (commas optional; an entry's span takes in its comma) up to and with
   * `}`: a record literal's fields, a type's constraints.
   */
  protected namedValues(): { name: A.Ident; value: A.Expr; span: A.Span }[] | null {
    const entries: { name: A.Ident; value: A.Expr; span: A.Span }[] = [];
    while (this.types[this.i] === IDENT) {
      const name = this.take();
      if (this.expect(COLON) === null) return null;
      const value = this.expression();
      if (value === null) return null;
      if (this.types[this.i] === COMMA) this.i++;
      entries.push({ name: this.id(name), value, span: this.sp(name) });
    }
    return this.expect(RBRACE) === null ? null : entries;
  }

  /** `(a, b, as: T)` after a callee; its depth is given back by the operand. */
  private callArgs(): PostOp | null {
    this.i++; // `(`
    if (!this.deeper()) return null;
    const args: A.Expr[] = [];
    let asType: A.TypeRef | null = null;
    if (this.types[this.i] !== RPAREN) {
      for (;;) {
        if (this.types[this.i] === IDENT && this.ahead(1) === COLON && isWord(this.t[this.i], "as")) {
          this.i += 2;
          asType = this.typeRef(); // the last `as:` counts, as in the grammar
          if (asType === null) return null;
        } else {
          const arg = this.expression();
          if (arg === null) return null;
          args.push(arg);
        }
        if (this.types[this.i] !== COMMA) break;
        this.i++;
        if (this.types[this.i] === RPAREN) break;
      }
    }
    const close = this.expect(RPAREN);
    if (close === null) return null;
    return { kind: "call", args: exact(args), asType, close };
  }
}
