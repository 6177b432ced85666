// The grammar of blocks and statements (docs/language.md): `var`, assignment, `if` / `else if` /
// `else` (read in a loop, however long the chain), `for`, `return`, `reject`, `assert`,
// `advance clock by`, and expression statements (bare ones are noted for syntax.bare_expression).
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

export abstract class StatementRules extends PatternRules {
  /** A nested `{ ... }` block; an arm block's final bare expression is its value. */
  block = this.RULE("block", (template: string, name: string, armBlock: boolean): A.Block => {
    const open = this.tok(T.LBrace);
    this.push(template, name, open.startLine, "}");
    this.deeper(1, open);
    const statements: A.Stmt[] = [];
    this.MANY(() => {
      statements.push(this.SUBRULE(this.statement));
    });
    this.CONSUME(T.RBrace);
    this.depth--;
    this.close();
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
    this.close();
    block.span = this.sp(open);
    this.noteBare(block.statements, false);
    return block;
  });

  statement = this.RULE("statement", (): A.Stmt => this.OR(this.statementOr));

  // Made once, not at every statement (chevrotain's performance guide).
  private statementOr = {
    DEF: [
      { ALT: () => this.SUBRULE(this.varStmt) },
      { ALT: () => this.SUBRULE(this.ifStmt) },
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
          const fails = this.OPTION(() => {
            this.CONSUME(T.Fails);
            return this.id(this.tok(T.Ident, "a failure's name after `fails`", 2));
          }) ?? null;
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
          const expr = this.SUBRULE6(this.expression);
          // The statement is the expression: its span is the same object.
          return { kind: "expr", expr, span: expr.span };
        },
      },
    ],
    ERR_MSG: "a statement",
  };

  /** `return` has a value unless `}` follows. */
  private returnOr = {
    DEF: [
      { ALT: (): A.Expr | null => this.SUBRULE2(this.expression) },
      { GATE: this.closerNext(T.RBrace), ALT: () => null },
    ],
    ERR_MSG: "a value to return, or `}`",
  };

  varStmt = this.RULE("varStmt", (): A.Stmt => {
    const kw = this.tok(T.Var);
    const mutable = this.OPTION(() => this.tok(T.Mut)) !== undefined;
    const name = this.local(this.tok(T.Ident, "a name after {prev}"));
    const type = this.OPTION2(() => {
      this.CONSUME(T.Colon);
      return this.SUBRULE(this.typeRef);
    }) ?? null;
    this.tok(T.Assign, "`=` and a value after {prev}");
    const value = this.SUBRULE(this.expression);
    return { kind: "var", name, mutable, type, value, span: this.sp(kw) };
  });

  /** `if` with its `else if` chain read in a loop (no recursion, however long the chain). */
  ifStmt = this.RULE("ifStmt", (): A.Stmt => {
    const kw = this.tok(T.If);
    const cond = this.SUBRULE(this.expression);
    const then = this.SUBRULE(this.block, IF_BLOCK);
    const chain: IfClause[] = [{ start: kw, cond, then }];
    this.MANY(() => {
      this.CONSUME(T.Else);
      const elseIf = this.tok(T.If, undefined, 2);
      this.deeper(1, elseIf);
      const elseCond = this.SUBRULE2(this.expression);
      const elseThen = this.SUBRULE2(this.block, IF_BLOCK);
      chain.push({ start: elseIf, cond: elseCond, then: elseThen });
    });
    const elseBlock = this.OPTION(() => {
      this.CONSUME2(T.Else);
      return this.SUBRULE3(this.block, ELSE_BLOCK);
    }) ?? null;
    this.depth -= chain.length - 1;
    return this.ACTION(() => buildIf(chain, elseBlock));
  });
}
