// The hand-written parser's blocks and statements (parser-statements.ts): `var`, assignment,
// `if` / `else if` / `else`, `for`, `return`, `reject`, `assert`, `advance clock by`, and
// expression statements (bare ones noted, as the grammar notes them).
import type * as A from "../ast.ts";
import type { Tok } from "../tokens.ts";
import { buildIf } from "../build-ast.ts";
import { FastPatterns } from "./patterns.ts";
import { exact } from "./base.ts";
import { ADVANCE, ASSERT, ASSIGN, BY, COLON, ELSE, FAILS, FOR, IDENT, IF, IN, LBRACE, MUT, RBRACE, REJECT, RETURN, VAR } from "./indices.ts";

type IfClause = { start: Tok; cond: A.Expr; then: A.Block };

export abstract class FastStatements extends FastPatterns {
  /** Statements up to `}` into `statements`; false on anything else. */
  protected statementsInto(statements: A.Stmt[]): boolean {
    while (this.types[this.i] !== RBRACE) {
      const statement = this.statement();
      if (statement === null) return false;
      statements.push(statement);
    }
    this.i++;
    return true;
  }

  /** A nested `{ ... }` block; an arm block's final bare expression is its value. */
  protected block(armBlock: boolean): A.Block | null {
    const open = this.expect(LBRACE);
    if (open === null || !this.deeper()) return null;
    const statements: A.Stmt[] = [];
    if (!this.statementsInto(statements)) return null;
    this.depth--;
    this.noteBare(statements, armBlock);
    return { statements: exact(statements), span: this.sp(open) };
  }

  protected statement(): A.Stmt | null {
    const type = this.types[this.i];
    if (type === IDENT) return this.ahead(1) === ASSIGN ? this.assign() : this.expressionStatement();
    if (type === VAR) return this.varStmt();
    if (type === IF) return this.ifStmt();
    if (type === FOR) return this.forStmt();
    if (type === RETURN) {
      const kw = this.take();
      let value: A.Expr | null = null;
      if (this.types[this.i] !== RBRACE && (value = this.expression()) === null) return null;
      return { kind: "return", value, span: this.sp(kw) };
    }
    if (type === REJECT) {
      const kw = this.take();
      const failure = this.expect(IDENT);
      if (failure === null) return null;
      return { kind: "reject", failure: this.id(failure), span: this.sp(kw) };
    }
    if (type === ASSERT) {
      const kw = this.take();
      const expr = this.expression();
      if (expr === null) return null;
      let fails: A.Ident | null = null;
      if (this.types[this.i] === FAILS) {
        this.i++;
        const name = this.expect(IDENT);
        if (name === null) return null;
        fails = this.id(name);
      }
      return { kind: "assert", expr, fails, span: this.sp(kw) };
    }
    if (type === ADVANCE) {
      const kw = this.take();
      const clock = this.expect(IDENT);
      if (clock === null || this.expect(BY) === null) return null;
      const by = this.expression();
      if (by === null) return null;
      return { kind: "advance", clock: this.id(clock), by, span: this.sp(kw) };
    }
    return this.expressionStatement();
  }

  private expressionStatement(): A.Stmt | null {
    const expr = this.expression();
    // The statement is the expression: its span is the same object.
    return expr === null ? null : { kind: "expr", expr, span: expr.span };
  }

  private assign(): A.Stmt | null {
    const target = this.take();
    this.i++; // `=`
    const value = this.expression();
    if (value === null) return null;
    return { kind: "assign", target: this.id(target), value, span: this.sp(target) };
  }

  private varStmt(): A.Stmt | null {
    const kw = this.take();
    const mutable = this.types[this.i] === MUT;
    if (mutable) this.i++;
    const nameTok = this.expect(IDENT);
    if (nameTok === null) return null;
    const name = this.local(nameTok);
    let type: A.TypeRef | null = null;
    if (this.types[this.i] === COLON) {
      this.i++;
      if ((type = this.typeRef()) === null) return null;
    }
    if (this.expect(ASSIGN) === null) return null;
    const value = this.expression();
    if (value === null) return null;
    return { kind: "var", name, mutable, type, value, span: this.sp(kw) };
  }

  private forStmt(): A.Stmt | null {
    const kw = this.take();
    const itemTok = this.expect(IDENT);
    if (itemTok === null) return null;
    const item = this.local(itemTok);
    if (this.expect(IN) === null) return null;
    const list = this.expression();
    if (list === null) return null;
    const body = this.block(false);
    if (body === null) return null;
    return { kind: "for", item, list, body, span: this.sp(kw) };
  }

  /** `if` with its `else if` chain read in a loop. */
  private ifStmt(): A.Stmt | null {
    const kw = this.take();
    const cond = this.expression();
    if (cond === null) return null;
    const then = this.block(false);
    if (then === null) return null;
    const clauses: IfClause[] = [{ start: kw, cond, then }];
    while (this.types[this.i] === ELSE && this.ahead(1) === IF) {
      this.i++;
      const start = this.take();
      if (!this.deeper()) return null;
      const elseCond = this.expression();
      if (elseCond === null) return null;
      const elseThen = this.block(false);
      if (elseThen === null) return null;
      clauses.push({ start, cond: elseCond, then: elseThen });
    }
    let elseBlock: A.Block | null = null;
    if (this.types[this.i] === ELSE) {
      this.i++;
      if ((elseBlock = this.block(false)) === null) return null;
    }
    this.depth -= clauses.length - 1;
    return buildIf(clauses, elseBlock);
  }
}
