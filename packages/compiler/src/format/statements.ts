// The formatter's blocks, statements and `match`: one statement a line, at most one blank line
// between two (as the source has it), none after `{` or before `}`; `} else {` on one line; one arm
// a line.
import type * as A from "../syntax/ast.ts";
import { LINES } from "./base.ts";
import type { Doc } from "./doc.ts";
import { FormatExpressions, spanExtent, unhandled } from "./expressions.ts";

export abstract class FormatStatements extends FormatExpressions {
  protected readonly printStatement = (s: A.Stmt): Doc => this.statement(s);
  private readonly printArm = (arm: A.MatchArm): Doc => this.arm(arm);

  /** `{`, the statements, `}` (`{ }` when empty). */
  protected block(b: A.Block): Doc {
    return this.lines("{", b.statements, this.printStatement, b.span.end - 1);
  }

  /** `open`, `items` one a line, `}` (at `closeAt` in the source). */
  protected lines<T extends { span: A.Span }>(open: string, items: readonly T[], print: (item: T) => Doc, closeAt: number): Doc {
    return this.sequence(open, items, spanExtent, print, "}", closeAt, LINES);
  }

  protected statement(s: A.Stmt): Doc {
    switch (s.kind) {
      case "var":
        return ["var ", s.mutable ? "mut " : "", this.name(s.name), s.type === null ? "" : [": ", this.typeChild(s.type)], " = ", this.child(s.value)];
      case "assign":
        return [s.target.name, " = ", this.child(s.value)];
      case "if":
        return this.ifStatement(s);
      case "for":
        return ["for ", this.name(s.item), " in ", this.child(s.list), " ", this.block(s.body)];
      case "return":
        return s.value === null ? "return" : ["return ", this.child(s.value)];
      case "reject":
        return ["reject ", this.name(s.failure)];
      case "assert":
        return ["assert ", this.child(s.expr), s.fails === null ? "" : [" fails ", this.name(s.fails)]];
      case "advance":
        return ["advance ", this.name(s.clock), " by ", this.child(s.by)];
      case "expr":
        return this.expr(s.expr);
      default:
        return unhandled(s);
    }
  }

  // A block's `{` stays on the line of what opens it (`if`, `else`, `for`, an arm's `=>`): comments
  // written before the `{` go into the block (`block` takes every comment before its first
  // statement), one after code on the head's line at the end of the `{` line.
  private ifStatement(s: A.IfStmt): Doc {
    const tail = s.else;
    // Before an `else if`, comments on lines of their own become the last lines of the block
    // above, so that `} else if c {` stays one line.
    const thenCloseAt = tail !== null && "kind" in tail && this.aloneBefore(tail.span.start) ? tail.span.start : s.then.span.end - 1;
    const parts: Doc[] = ["if ", this.child(s.cond), " ", this.lines("{", s.then.statements, this.printStatement, thenCloseAt)];
    if (tail !== null) {
      // A comment after `}` goes to the end of the `} else {` line.
      const after = this.trailing(s.then.span.end);
      if (after !== null) parts.push(after);
      parts.push(" else ", "kind" in tail ? [this.lead(tail.span.start), this.ifStatement(tail)] : this.block(tail));
    }
    return parts;
  }

  protected matchExpr(e: A.MatchExpr): Doc {
    return ["match ", this.child(e.subject), " ", this.lines("{", e.arms, this.printArm, e.span.end - 1)];
  }

  private arm(arm: A.MatchArm): Doc {
    return [this.pattern(arm.pattern), " => ", this.lead(arm.body.span.start), this.armBody(arm.body)];
  }

  private armBody(body: A.ArmBody): Doc {
    switch (body.kind) {
      case "expr":
        return this.expr(body.expr);
      case "reject":
        return ["reject ", this.name(body.failure)];
      case "block":
        return this.block(body.block);
      default:
        return unhandled(body);
    }
  }

  private pattern(p: A.Pattern): Doc {
    switch (p.kind) {
      case "success":
        return ["success(", p.binding.name, ")"];
      case "some":
        return ["some(", p.binding.name, ")"];
      case "failure":
        return ["failure ", p.names.map((n) => n.name).join(", ")];
      case "failure_any":
        return "failure _";
      case "none":
        return "none";
      case "member":
        return [p.type.name, ".", p.member.name];
      case "wildcard":
        return "_";
      default:
        return unhandled(p);
    }
  }
}
