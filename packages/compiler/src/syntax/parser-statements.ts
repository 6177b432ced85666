// The grammar of blocks and statements (docs/language.md): `var`, assignment, `if` / `else if` /
// `else` (read in a loop, however long the chain), `for`, `return`, `reject`, `assert`,
// `advance clock by`, and expression statements (bare ones are noted for syntax.bare_expression).
import type { TokenType } from "chevrotain";
import type * as A from "./ast.ts";
import * as T from "./tokens.ts";
import type { Tok } from "./tokens.ts";
import { OPEN } from "./open-constructs.ts";
import { buildIf, spanOf } from "./build-ast.ts";
import { PatternRules } from "./parser-patterns.ts";

const IF_BLOCK = { ARGS: [OPEN.ifBlock, "", false] as [string, string, boolean] };
const ELSE_BLOCK = { ARGS: [OPEN.elseBlock, "", false] as [string, string, boolean] };
const FOR_BLOCK = { ARGS: [OPEN.forBlock, "", false] as [string, string, boolean] };

type IfClause = { start: Tok; cond: A.Expr; then: A.Block };

function byIndex(entries: [TokenType, number][]): (number | undefined)[] {
  const table: (number | undefined)[] = [];
  for (const [type, alt] of entries) table[type.tokenTypeIdx!] = alt;
  return table;
}

export abstract class StatementRules extends PatternRules {
  private statementStep = (): void => {
    this.items.push(this.SUBRULE(this.statement));
  };

  /** A nested `{ ... }` block; an arm block's final bare expression is its value. */
  block = this.RULE("block", (template: string, name: string, armBlock: boolean): A.Block => {
    const open = this.tok(T.LBrace);
    this.push(template, name, open.startLine, "}");
    this.deeper(1, open);
    const base = this.items.length;
    this.MANY(this.statementStep);
    this.CONSUME(T.RBrace);
    this.depth--;
    this.openCount--;
    const statements = this.take<A.Stmt>(base);
    this.noteBare(statements, armBlock);
    return { statements, span: this.sp(open) };
  });

  /**
   * A declaration's body, filled in place as it is read, so a body cut short by an error keeps
   * the statements read before it.
   */
  body = this.RULE("body", (template: string, name: string, target: A.Block | undefined): A.Block => {
    const open = this.tok(T.LBrace);
    const block: A.Block = target ?? { statements: [], span: spanOf(this.file, open, open) };
    this.push(template, name, open.startLine, "}");
    this.deeper(1, open);
    this.MANY(() => {
      block.statements.push(this.SUBRULE(this.statement));
    });
    this.CONSUME(T.RBrace);
    this.depth--;
    this.openCount--;
    block.span = this.sp(open);
    this.noteBare(block.statements, false);
    return block;
  });

  /** `return` has a value unless `}` follows. */
  private returnOr = {
    DEF: [
      { ALT: (): A.Expr | null => this.SUBRULE2(this.expression) },
      { GATE: (): boolean => this.LA(1).tokenType === T.RBrace, ALT: (): A.Expr | null => null },
    ],
    ERR_MSG: "a value to return, or `}`",
  };

  private assertFails = (): A.Ident => {
    this.CONSUME(T.Fails);
    return this.id(this.tok(T.Ident, "a failure's name after `fails`", 2));
  };

  private statementOr = {
    DEF: [
      { ALT: (): A.Stmt => this.SUBRULE(this.varStmt) },
      { ALT: (): A.Stmt => this.SUBRULE(this.ifStmt) },
      {
        ALT: (): A.Stmt => {
          const kw = this.tok(T.For);
          const item = this.local(this.tok(T.Ident, "a name for each item after `for`"));
          this.tok(T.In, "`in` after {prev}");
          const list = this.SUBRULE(this.expression);
          const body = this.SUBRULE(this.block, FOR_BLOCK);
          return { kind: "for", item, list, body, span: this.sp(kw) };
        },
      },
      {
        ALT: (): A.Stmt => {
          const kw = this.tok(T.Return);
          const value = this.OR2(this.returnOr);
          return { kind: "return", value, span: this.sp(kw) };
        },
      },
      {
        ALT: (): A.Stmt => {
          const kw = this.tok(T.Reject);
          const failure = this.tok(T.Ident, "a failure's name after `reject`", 5);
          return { kind: "reject", failure: this.id(failure), span: this.sp(kw) };
        },
      },
      {
        ALT: (): A.Stmt => {
          const kw = this.tok(T.Assert);
          const expr = this.SUBRULE3(this.expression);
          // The OPTION's lookahead, written out: `fails` (nothing follows in the statement).
          const fails = this.RECORDING_PHASE ? (this.OPTION(this.assertFails) ?? null) : this.tokVector[this.currIdx + 1].tokenType === T.Fails ? this.assertFails() : null;
          return { kind: "assert", expr, fails, span: this.sp(kw) };
        },
      },
      {
        ALT: (): A.Stmt => {
          const kw = this.tok(T.Advance);
          const clock = this.tok(T.Ident, "`clock` after `advance`", 3);
          this.tok(T.By, "`by` and a duration after {prev}");
          const by = this.SUBRULE4(this.expression);
          return { kind: "advance", clock: this.id(clock), by, span: this.sp(kw) };
        },
      },
      {
        ALT: (): A.Stmt => {
          const target = this.tok(T.Ident, undefined, 4);
          this.CONSUME(T.Assign);
          const value = this.SUBRULE5(this.expression);
          return { kind: "assign", target: this.id(target), value, span: this.sp(target) };
        },
      },
      {
        ALT: (): A.Stmt => {
          const start = this.LA(1) as Tok;
          const expr = this.SUBRULE6(this.expression);
          // The statement is the expression: its span is the same (one object fewer).
          return { kind: "expr", expr, span: this.RECORDING_PHASE ? this.sp(start) : expr.span };
        },
      },
    ],
    ERR_MSG: "a statement",
  };

  /** The alternative of `statementOr` each statement keyword starts, by token type index. */
  private readonly statementByKeyword: (number | undefined)[] = byIndex([
    [T.Var, 0], [T.If, 1], [T.For, 2], [T.Return, 3], [T.Reject, 4], [T.Assert, 5], [T.Advance, 6],
  ]);

  /**
   * The OR of `statementOr`, with the alternative picked by the next tokens where that is plain
   * (a keyword; a name, then `=` or not): chevrotain's choice scans every path of every
   * alternative. Anything else (every error included) goes to the OR.
   */
  statement = this.RULE("statement", (): A.Stmt => {
    if (!this.RECORDING_PHASE) {
      const next = this.tokVector[this.currIdx + 1];
      const alts = this.statementOr.DEF;
      const byKeyword = this.statementByKeyword[next.tokenTypeIdx];
      if (byKeyword !== undefined) return alts[byKeyword].ALT();
      if (next.tokenType === T.Ident) return this.tokVector[this.currIdx + 2].tokenType === T.Assign ? alts[7].ALT() : alts[8].ALT();
    }
    return this.OR(this.statementOr);
  });

  private mutable = (): Tok => this.tok(T.Mut);

  private varType = (): A.TypeRef => {
    this.CONSUME(T.Colon);
    return this.SUBRULE(this.typeRef);
  };

  varStmt = this.RULE("varStmt", (): A.Stmt => {
    const kw = this.tok(T.Var);
    // The OPTIONs' lookaheads written out: `mut` (a name follows), `:` (`=` follows).
    const recording = this.RECORDING_PHASE;
    const mutable = recording ? this.OPTION(this.mutable) !== undefined : this.tokVector[this.currIdx + 1].tokenType === T.Mut && this.mutable() !== undefined;
    const name = this.local(this.tok(T.Ident, "a name after {prev}"));
    const type = recording ? (this.OPTION2(this.varType) ?? null) : this.tokVector[this.currIdx + 1].tokenType === T.Colon ? this.varType() : null;
    this.tok(T.Assign, "`=` and a value after {prev}");
    const value = this.SUBRULE(this.expression);
    return { kind: "var", name, mutable, type, value, span: this.sp(kw) };
  });

  private elseIfStep = (): void => {
    this.CONSUME(T.Else);
    const kw = this.tok(T.If, undefined, 2);
    this.deeper(1, kw);
    const cond = this.SUBRULE2(this.expression);
    const then = this.SUBRULE2(this.block, IF_BLOCK);
    this.items.push({ start: kw, cond, then });
  };

  private elseStep = (): A.Block => {
    this.CONSUME2(T.Else);
    return this.SUBRULE3(this.block, ELSE_BLOCK);
  };

  /** `if` with its `else if` chain read in a loop (no recursion, however long the chain). */
  ifStmt = this.RULE("ifStmt", (): A.Stmt => {
    const kw = this.tok(T.If);
    const cond = this.SUBRULE(this.expression);
    const then = this.SUBRULE(this.block, IF_BLOCK);
    const base = this.items.length;
    this.MANY(this.elseIfStep);
    const elseBlock = this.OPTION(this.elseStep) ?? null;
    const chain = this.take<IfClause>(base);
    this.depth -= chain.length;
    if (this.RECORDING_PHASE) return undefined as unknown as A.Stmt;
    return buildIf([{ start: kw, cond, then }, ...chain], elseBlock);
  });
}
