// The formatter's types as written and expressions: one space around binary operators (a long
// row of them broken after each operator), none inside `( )` and `[ ]`, after a unary `-` or
// around `.`; lists and arguments on one line when they fit, else one item a line; a record
// literal's fields as braces of entries. Literals are written as the source spells them.
import type * as A from "../syntax/ast.ts";
import { FormatBase, ENTRIES, ITEMS, type Extent } from "./base.ts";
import { SPACE, indent, type Doc } from "./doc.ts";
import { binaryPrecedence } from "../syntax/build-ast.ts";

/** An argument: an expression, or `as: T` (ai.generate's named argument, written last). */
type Argument = A.Expr | { kind: "as"; type: A.TypeRef };

type BinaryExpr = Extract<A.Expr, { kind: "binary" }>;

/** A name and a value: a record literal's field, a type's constraint. */
type NamedValue = { name: A.Ident; value: A.Expr; span: A.Span };

/** Where an expression starts (a binary operation's span is made on every read: its left operand's start is enough). */
function startOf(e: A.Expr): number {
  let at = e;
  while (at.kind === "binary") at = at.left;
  return at.span.start;
}

const exprExtent = (e: A.Expr): Extent => e.span;
const argExtent = (a: Argument): Extent => (a.kind === "as" ? a.type.span : a.span);
export const spanExtent = (node: { span: A.Span }): Extent => node.span;

/** ` op` for each binary operator (a space or a line break follows it), made once. */
const SPACED: Record<A.BinaryOp, string> = {
  or: " or", and: " and", "==": " ==", "!=": " !=", "<": " <", "<=": " <=", ">": " >", ">=": " >=",
  "+": " +", "-": " -", "*": " *", "/": " /", "%": " %",
};

/** A record literal with fields or a list with items: it can break inside its own braces or brackets. */
function hugs(e: A.Expr): boolean {
  return (e.kind === "record" && e.fields.length > 0) || (e.kind === "list" && e.items.length > 0);
}

export abstract class FormatExpressions extends FormatBase {
  // The printers sequences call, made once (not a closure per list).
  protected readonly printExpr = (e: A.Expr): Doc => this.expr(e);
  private readonly printArg = (a: Argument): Doc => (a.kind === "as" ? ["as: ", this.typeChild(a.type)] : this.expr(a));
  private readonly printNamed = (entry: NamedValue): Doc => [entry.name.name, ": ", this.child(entry.value)];

  /** `match value { arms }` (statements.ts). */
  protected abstract matchExpr(e: A.MatchExpr): Doc;

  protected typeRef(t: A.TypeRef): Doc {
    switch (t.kind) {
      case "named":
        if (t.args.length === 0) return t.name.name;
        return [t.name.name, "<", ...this.joinTypes(t.args), this.lead(this.closerAfter(t.args[t.args.length - 1].span.end)), ">"];
      case "optional":
        return [this.typeRef(t.inner), this.lead(this.closerAfter(t.inner.span.end)), "?"];
      default:
        return unhandled(t);
    }
  }

  /** A type, with the comments before it. */
  protected typeChild(t: A.TypeRef): Doc {
    const before = this.lead(t.span.start);
    return before === "" ? this.typeRef(t) : [before, this.typeRef(t)];
  }

  /** A name, with the comments before it. */
  protected name(id: A.Ident): Doc {
    const before = this.lead(id.span.start);
    return before === "" ? id.name : [before, id.name];
  }

  private joinTypes(types: readonly A.TypeRef[]): Doc[] {
    const out: Doc[] = [];
    for (let i = 0; i < types.length; i++) out.push(i > 0 ? ", " : "", this.typeChild(types[i]));
    return out;
  }

  /** An expression, with the comments before it. */
  protected child(e: A.Expr): Doc {
    if (this.nextComment === Infinity) return this.expr(e);
    const at = startOf(e);
    return this.nextComment < at ? [this.leading(at)!, this.expr(e)] : this.expr(e);
  }

  protected expr(e: A.Expr): Doc {
    switch (e.kind) {
      case "text":
        return this.literal(e.span);
      case "int":
      case "decimal":
      case "duration":
        return this.slice(e.span);
      case "bool":
        return e.value ? "true" : "false";
      case "none":
        return "none";
      case "name":
        return e.name;
      case "list":
        return this.list(e.items, e.span.end - 1);
      case "record":
        return [e.type.name, " ", this.lead(this.closerAfter(e.type.span.end)), this.namedValues(e.fields, e.span.end - 1)];
      case "member":
        return [this.expr(e.object), ".", this.name(e.name)];
      case "call":
        return [this.expr(e.callee), this.args(e.asType === null ? e.args : [...e.args, { kind: "as", type: e.asType }], e.span.end - 1)];
      case "unary":
        return [e.op === "not" ? "not " : "-", this.child(e.operand)];
      case "attempt":
        return ["attempt ", this.child(e.operand)];
      case "binary":
        return this.binary(e);
      case "paren":
        return ["(", this.child(e.inner), this.leading(e.span.end - 1) ?? "", ")"];
      case "match":
        return this.matchExpr(e);
      default:
        return unhandled(e);
    }
  }

  /**
   * `a + b - c`: the operations of one precedence in a row are one group, on one line when it
   * fits, else broken after each operator, the operands after the first indented one level (an
   * operand of another precedence is a group of its own, broken only if it still doesn't fit).
   * One operation whose right operand is a record literal or a list stays on its line, the
   * operand's braces or brackets breaking instead (`assert reply == Reply {`, as in a test).
   */
  private binary(e: BinaryExpr): Doc {
    const level = binaryPrecedence(e.op);
    /** The operations of the row, last first. */
    const row: BinaryExpr[] = [];
    let first: A.Expr = e;
    while (first.kind === "binary" && binaryPrecedence(first.op) === level) {
      row.push(first);
      first = first.left;
    }
    const mark = this.mark();
    const head = this.expr(first);
    if (row.length === 1 && hugs(e.right) && this.nextComment >= startOf(e.right)) {
      // `x == Reply { … }`: the braces break on their own, the operator stays on the first line.
      return [head, SPACED[e.op], " ", this.expr(e.right)];
    }
    const rest: Doc[] = [];
    for (let k = row.length - 1; k >= 0; k--) {
      const { op, right } = row[k];
      // A comment before the operand ends the operator's line (or takes lines of its own): the line breaks there.
      const before = this.nextComment < startOf(right) ? this.leading(startOf(right))! : null;
      rest.push(SPACED[op], before ?? SPACE, this.expr(right));
    }
    return this.group([head, indent(rest)], mark);
  }

  /** `[a, b]`; `closeAt`: where its `]` is. */
  protected list(items: readonly A.Expr[], closeAt: number): Doc {
    return this.sequence("[", items, exprExtent, this.printExpr, "]", closeAt, ITEMS);
  }

  /** `(a, b, as: T)`; `closeAt`: where its `)` is. */
  protected args(args: readonly Argument[], closeAt: number): Doc {
    return this.sequence("(", args, argExtent, this.printArg, ")", closeAt, ITEMS);
  }

  /** `{ name: value  name: value }`: a record literal's fields, a type's constraints. */
  protected namedValues(entries: readonly NamedValue[], closeAt: number): Doc {
    return this.sequence("{", entries, spanExtent, this.printNamed, "}", closeAt, ENTRIES);
  }

  /** Where the next token after `offset` is, past spaces, comments and commas (a closer the tree doesn't locate). */
  protected closerAfter(offset: number): number {
    const text = this.text;
    let i = offset;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 44) i++;
      else if (c === 47 && text.charCodeAt(i + 1) === 47) {
        const nl = text.indexOf("\n", i);
        if (nl < 0) return text.length;
        i = nl;
      } else return i;
    }
  }
}

/** The default of a switch over a closed union: a kind added to the union without a case here is a type error. */
export function unhandled(value: never): never {
  throw new Error(`the formatter has no layout for ${JSON.stringify((value as { kind?: unknown }).kind)}`);
}
