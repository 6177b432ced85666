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
        return ["for ", this.name(s.item), " in ", this.child(s.list), " ", this.lead(s.body.span.start), this.block(s.body)];
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

  private ifStatement(s: A.IfStmt): Doc {
    const parts: Doc[] = ["if ", this.child(s.cond), " ", this.lead(s.then.span.start), this.block(s.then)];
    if (s.else !== null) {
      const tail = s.else;
      // A comment after `}` goes to the end of the `} else {` line.
      const after = this.trailing(s.then.span.end);
      if (after !== null) parts.push(after);
      parts.push(" else ", this.lead(tail.span.start), "kind" in tail ? this.ifStatement(tail) : this.block(tail));
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
