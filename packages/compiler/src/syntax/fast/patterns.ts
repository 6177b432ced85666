// The hand-written parser's `match` expression, its arms and their patterns (parser-patterns.ts).
import type * as A from "../ast.ts";
import { FastExpressions } from "./expressions.ts";
import { COMMA, DOT, FAILURE, FAT_ARROW, IDENT, LBRACE, LPAREN, NONE, RBRACE, REJECT, RPAREN, SOME, SUCCESS } from "./indices.ts";

export abstract class FastPatterns extends FastExpressions {
  /** A `{ ... }` block of statements (statements.ts); the next token is `{`. */
  protected abstract block(armBlock: boolean): A.Block | null;

  protected matchExpr(): A.Expr | null {
    const kw = this.take();
    const subject = this.expression();
    if (subject === null || this.expect(LBRACE) === null) return null;
    if (!this.deeper()) return null;
    const arms: A.MatchArm[] = [];
    while (this.types[this.i] !== RBRACE) {
      const arm = this.matchArm();
      if (arm === null) return null;
      arms.push(arm);
    }
    this.i++;
    this.depth--;
    return { kind: "match", subject, arms, span: this.sp(kw) };
  }

  private matchArm(): A.MatchArm | null {
    const start = this.t[this.i];
    const pattern = this.pattern();
    // `E.a, E.b =>` is an error the grammar words itself.
    if (pattern === null || (pattern.kind === "member" && this.types[this.i] === COMMA)) return null;
    if (this.expect(FAT_ARROW) === null) return null;
    const first = this.t[this.i];
    const type = this.types[this.i];
    let body: A.ArmBody;
    if (type === REJECT) {
      this.i++;
      const failure = this.expect(IDENT);
      if (failure === null) return null;
      body = { kind: "reject", failure: this.id(failure), span: this.sp(first) };
    } else if (type === LBRACE) {
      const block = this.block(true);
      if (block === null) return null;
      body = { kind: "block", block, span: this.sp(first) };
    } else {
      const expr = this.expression();
      if (expr === null) return null;
      body = { kind: "expr", expr, span: this.sp(first) };
    }
    return { pattern, body, span: this.sp(start) };
  }

  private pattern(): A.Pattern | null {
    const type = this.types[this.i];
    if (type === SUCCESS || type === SOME) {
      const kw = this.take();
      if (this.expect(LPAREN) === null) return null;
      const binding = this.expect(IDENT);
      if (binding === null || this.expect(RPAREN) === null) return null;
      return type === SUCCESS
        ? { kind: "success", binding: this.local(binding), span: this.sp(kw) }
        : { kind: "some", binding: this.local(binding), span: this.sp(kw) };
    }
    if (type === FAILURE) {
      const kw = this.take();
      const first = this.expect(IDENT);
      if (first === null) return null;
      const names = [this.id(first)];
      while (this.types[this.i] === COMMA) {
        this.i++;
        const name = this.expect(IDENT);
        if (name === null) return null;
        names.push(this.id(name));
      }
      if (names.length === 1 && first.image === "_") return { kind: "failure_any", span: this.sp(kw) };
      return { kind: "failure", names, span: this.sp(kw) };
    }
    if (type === NONE) return { kind: "none", span: this.sp(this.take()) };
    if (type !== IDENT) return null;
    const first = this.take();
    if (this.types[this.i] === DOT) {
      this.i++;
      const member = this.expect(IDENT);
      if (member === null) return null;
      return { kind: "member", type: this.id(first), member: this.id(member), span: this.sp(first) };
    }
    // Any other name is an error the grammar words itself.
    return first.image === "_" ? { kind: "wildcard", span: this.sp(first) } : null;
  }
}
