// The `match` expression: its arms and their patterns (`success(x)`, `failure F, G`, `some(x)`,
// `none`, `E.m`, `_`). A layer of the parser on top of expressions, below statements: its rules
// are defined right after the expression rules, in the order chevrotain always saw them.
import type * as A from "./ast.ts";
import * as T from "./tokens.ts";
import type { Tok } from "./tokens.ts";
import { OPEN } from "./open-constructs.ts";
import { ParseStop } from "./parse-errors.ts";
import { ExpressionRules } from "./parser-expressions.ts";

export const PATTERN = "a pattern (`success(x)`, `failure F`, `some(x)`, `none`, `E.m` or `_`)";

const ARM_BLOCK = { ARGS: [OPEN.armBlock, "", true] as [string, string, boolean] };

export abstract class PatternRules extends ExpressionRules {
  matchExpr = this.RULE("matchExpr", (): A.Expr => {
    const kw = this.tok(T.Match);
    const subject = this.SUBRULE(this.expression);
    const open = this.tok(T.LBrace, "`{` and the match arms after the value matched");
    this.push(OPEN.match, "", open.startLine, "}");
    this.deeper(1, open);
    const arms: A.MatchArm[] = [];
    this.MANY(() => {
      arms.push(this.matchArm());
    });
    this.CONSUME(T.RBrace);
    this.depth--;
    this.close();
    return { kind: "match", subject, arms, span: this.sp(kw) };
  });

  private armBodyOr = {
    DEF: [
      {
        ALT: (): A.ArmBody => {
          const kw = this.tok(T.Reject);
          const failure = this.tok(T.Ident, "a failure's name after `reject`");
          return { kind: "reject", failure: this.id(failure), span: this.sp(kw) };
        },
      },
      {
        ALT: (): A.ArmBody => {
          const first = this.LA(1) as Tok;
          const block = this.SUBRULE(this.block, ARM_BLOCK);
          return { kind: "block", block, span: this.sp(first) };
        },
      },
      {
        ALT: (): A.ArmBody => {
          const first = this.LA(1) as Tok;
          const expr = this.SUBRULE2(this.expression);
          return { kind: "expr", expr, span: this.sp(first) };
        },
      },
    ],
    ERR_MSG: "an expression, `reject` or a `{` block after `=>`",
  };

  /**
   * `pattern => body`, read inside the `match` rule: a rule of its own would take more stack for
   * each level of nesting, and nesting as deep as the limit must parse well inside Node's default stack.
   */
  private matchArm(): A.MatchArm {
    const start = this.LA(1) as Tok;
    const pattern = this.SUBRULE(this.pattern);
    // `Tone.formal, Tone.casual =>`: failure arms list several failures, enum arms don't. Say so,
    // rather than a bare "Expected `=>`".
    if (pattern.kind === "member" && this.LA(1).tokenType === T.Comma) {
      throw new ParseStop(
        this.LA(1) as Tok,
        `\`=>\` after \`${pattern.type.name}.${pattern.member.name}\` (an enum arm matches one member; only \`failure\` arms list several)`,
        `Write one arm per member, each with its own \`=>\`, or \`_ =>\` for every other member`,
      );
    }
    this.tok(T.FatArrow, "`=>` after the pattern");
    const body = this.OR(this.armBodyOr);
    return { pattern, body, span: this.sp(start) };
  }

  private patternOr = {
    DEF: [
      {
        ALT: (): A.Pattern => {
          const kw = this.tok(T.Success);
          const open = this.tok(T.LParen, "`(` and a name after `success`");
          this.push(OPEN.pattern, "success", open.startLine, ")");
          const binding = this.tok(T.Ident, "a name for the value after `success(`");
          this.CONSUME(T.RParen);
          this.close();
          return { kind: "success", binding: this.local(binding), span: this.sp(kw) };
        },
      },
      {
        ALT: (): A.Pattern => {
          const kw = this.tok(T.Failure);
          const first = this.tok(T.Ident, "a failure's name or `_` after `failure`", 2);
          const names = [this.id(first)];
          this.MANY(() => {
            this.CONSUME(T.Comma);
            names.push(this.id(this.tok(T.Ident, "a failure's name after `,`", 3)));
          });
          if (names.length === 1 && first.image === "_") return { kind: "failure_any", span: this.sp(kw) };
          return { kind: "failure", names, span: this.sp(kw) };
        },
      },
      {
        ALT: (): A.Pattern => {
          const kw = this.tok(T.Some);
          const open = this.tok(T.LParen, "`(` and a name after `some`", 2);
          this.push(OPEN.pattern, "some", open.startLine, ")");
          const binding = this.tok(T.Ident, "a name for the value after `some(`", 4);
          this.CONSUME2(T.RParen);
          this.close();
          return { kind: "some", binding: this.local(binding), span: this.sp(kw) };
        },
      },
      { ALT: (): A.Pattern => ({ kind: "none", span: this.sp(this.tok(T.None)) }) },
      {
        ALT: (): A.Pattern => {
          const first = this.tok(T.Ident, undefined, 5);
          const member = this.OPTION(() => {
            this.CONSUME(T.Dot);
            return this.tok(T.Ident, "a member's name after `.`", 6);
          });
          if (member !== undefined) return { kind: "member", type: this.id(first), member: this.id(member), span: this.sp(first) };
          // Any other name is no pattern (an ACTION: while chevrotain records, `first` is a placeholder).
          if (first.image !== "_") this.ACTION(() => {
            throw new ParseStop(first, PATTERN);
          });
          return { kind: "wildcard", span: this.sp(first) };
        },
      },
    ],
    ERR_MSG: PATTERN,
  };

  pattern = this.RULE("pattern", (): A.Pattern => this.OR(this.patternOr));
}
