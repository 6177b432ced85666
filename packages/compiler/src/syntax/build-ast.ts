// Building AST nodes from tokens: spans, literals, operator precedence, postfix chains, fake items.
// The grammar (parser.ts) calls these; nothing here knows about chevrotain.
import type * as A from "./ast.ts";
import type { Tok } from "./tokens.ts";
import * as T from "./tokens.ts";
import { FAKE_ITEM_KINDS, isAiFailureWord, isTransportFailureWord, type FakeItemKind } from "../vocabulary.ts";

export function spanOf(file: string, first: Tok, last: Tok): A.Span {
  return { file, line: first.startLine, column: first.startColumn, start: first.startOffset, end: last.end };
}

export function spanFrom(from: A.Span, to: A.Span): A.Span {
  return { file: from.file, line: from.line, column: from.column, start: from.start, end: to.end };
}

/** A span that runs from `from`'s start to the end of a token. */
export function spanTo(from: A.Span, last: Tok): A.Span {
  return { file: from.file, line: from.line, column: from.column, start: from.start, end: last.end };
}

export function identOf(file: string, tok: Tok): A.Ident {
  return { name: tok.image, span: spanOf(file, tok, tok) };
}

/**
 * The argument list of every type written without arguments: syntax trees are never changed
 * after parsing, so bare type names share one (frozen) empty array.
 */
export const NO_TYPE_ARGS: A.TypeRef[] = Object.freeze([]) as unknown as A.TypeRef[];

const durationFactor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** A literal token as an expression. */
export function literal(file: string, tok: Tok): A.Expr {
  const span = spanOf(file, tok, tok);
  switch (tok.tokenType) {
    case T.TextLit: return { kind: "text", value: tok.value as string, span };
    case T.IntLit: return { kind: "int", value: tok.value as number, span };
    case T.DecimalLit: return { kind: "decimal", value: tok.value as number, span };
    case T.DurationLit: {
      const unit: A.DurationUnit = tok.image.endsWith("ms") ? "ms" : (tok.image[tok.image.length - 1] as "s" | "m" | "h");
      const value = tok.value as number;
      return { kind: "duration", value, unit, ms: value * durationFactor[unit], span };
    }
    case T.True: return { kind: "bool", value: true, span };
    case T.False: return { kind: "bool", value: false, span };
    case T.None: return { kind: "none", span };
    default: return { kind: "name", name: tok.image, span };
  }
}

// ---------------------------------------------------------------- binary operators

const precedence: Record<string, number> = {
  or: 1, and: 2, "==": 3, "!=": 3, "<": 4, "<=": 4, ">": 4, ">=": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6,
};

/** How tightly a binary operator binds (higher binds tighter; operators of one level fold left to right). */
export function binaryPrecedence(op: A.BinaryOp): number {
  return precedence[op];
}

/** Thrown when comparisons are chained (`a < b < c`): they are non-associative. */
export class ChainedComparison {
  constructor(readonly op: Tok) {}
}

function isComparison(e: A.Expr): boolean {
  return e.kind === "binary" && precedence[e.op] === 4;
}

/**
 * The operator's own span, for a comparison (`==`, `<`…) only: the operators a diagnostic points
 * at. An arithmetic or logical one would be a span per operator that nothing reads (a large
 * project has millions).
 */
function opSpanOf(file: string, op: Tok): A.Span | null {
  const p = precedence[op.image];
  return p === 3 || p === 4 ? spanOf(file, op, op) : null;
}

/**
 * A binary operation. Its span runs from its left operand's start to its right operand's end,
 * so it is made when read instead of kept: binary operations are among the most numerous nodes
 * of a large project, and a span object is 64 bytes. A fresh object at each read.
 */
class BinaryNode {
  readonly kind = "binary";
  constructor(readonly op: A.BinaryOp, readonly left: A.Expr, readonly right: A.Expr, readonly opSpan: A.Span | null) {}
  get span(): A.Span {
    return spanFrom(this.left.span, this.right.span);
  }
}

function binary(file: string, op: Tok, left: A.Expr, right: A.Expr): A.Expr {
  return new BinaryNode(op.image as A.BinaryOp, left, right, opSpanOf(file, op));
}

/** Folds `operands[0] ops[0] operands[1] ...` by precedence, left-associative. */
export function foldBinary(file: string, operands: A.Expr[], ops: Tok[]): A.Expr {
  if (ops.length === 1) {
    const [left, right] = operands;
    const op = ops[0];
    return binary(file, op, left, right);
  }
  const values: A.Expr[] = [operands[0]];
  const stack: Tok[] = [];
  const reduce = (): void => {
    const op = stack.pop()!;
    const right = values.pop()!;
    const left = values.pop()!;
    const name = op.image as A.BinaryOp;
    if (precedence[name] === 4 && (isComparison(left) || isComparison(right))) throw new ChainedComparison(op);
    values.push(binary(file, op, left, right));
  };
  for (let i = 0; i < ops.length; i++) {
    const p = precedence[ops[i].image];
    while (stack.length > 0 && precedence[stack[stack.length - 1].image] >= p) reduce();
    stack.push(ops[i]);
    values.push(operands[i + 1]);
  }
  while (stack.length > 0) reduce();
  return values[0];
}

// ---------------------------------------------------------------- unary and postfix

export type PostOp =
  | { kind: "member"; name: Tok }
  | { kind: "call"; args: A.Expr[]; asType: A.TypeRef | null; close: Tok };

function applyPost(file: string, e: A.Expr, post: PostOp[], from: number, to: number): A.Expr {
  for (let i = from; i < to; i++) {
    const op = post[i];
    e = op.kind === "member"
      ? { kind: "member", object: e, name: identOf(file, op.name), span: spanTo(e.span, op.name) }
      : { kind: "call", callee: e, args: op.args, asType: op.asType, span: spanTo(e.span, op.close) };
  }
  return e;
}

/**
 * Prefix operators, a primary and its postfix chain. `not`/`-` take the whole postfix chain;
 * `attempt` takes the chain up to its last call, so `attempt f(x).reply` is `(attempt f(x)).reply`.
 */
export function buildOperand(file: string, prefixes: Tok[] | null, primary: A.Expr, post: PostOp[] | null): A.Expr {
  if (prefixes === null) return post === null ? primary : applyPost(file, primary, post, 0, post.length);
  const chain = post ?? [];
  let split = chain.length;
  const innermost = prefixes[prefixes.length - 1];
  if (innermost.tokenType === T.Attempt) {
    let lastCall = -1;
    for (let i = 0; i < chain.length; i++) if (chain[i].kind === "call") lastCall = i;
    if (lastCall >= 0) split = lastCall + 1;
  }
  let e = applyPost(file, primary, chain, 0, split);
  for (let i = prefixes.length - 1; i >= 0; i--) {
    const p = prefixes[i];
    const span = spanFrom(spanOf(file, p, p), e.span);
    e = p.tokenType === T.Attempt
      ? { kind: "attempt", operand: e, span }
      : { kind: "unary", op: p.tokenType === T.Not ? "not" : "-", operand: e, span };
    if (i === prefixes.length - 1 && split < chain.length) e = applyPost(file, e, chain, split, chain.length);
  }
  return e;
}

// ---------------------------------------------------------------- fakes

// The item shapes are exactly the vocabulary's kinds: these lines fail to typecheck when either side lacks one.
const everyShapeListed: readonly FakeItemKind[] = [] as A.FakeItemShape["kind"][];
const everyKindShaped: readonly A.FakeItemShape["kind"][] = FAKE_ITEM_KINDS;
void everyShapeListed;
void everyKindShaped;

/** Classifies a scripted item by its shape (docs/testing.md); anything else is a literal value. */
export function classifyFake(e: A.Expr): A.FakeItemShape {
  if (e.kind === "name") {
    if (isAiFailureWord(e.name)) return { kind: "failure", word: e.name, span: e.span };
    if (e.name === "malformed") return { kind: "malformed", span: e.span };
    if (isTransportFailureWord(e.name)) return { kind: "transport", word: e.name, args: null, span: e.span };
    if (e.name === "generated") return { kind: "generated", span: e.span };
  }
  if (e.kind === "call" && e.callee.kind === "name" && e.asType === null) {
    const [first, second] = e.args;
    const callee = e.callee.name;
    if ((callee === "raw" || callee === "recorded") && e.args.length === 1 && first.kind === "text") {
      return callee === "raw"
        ? { kind: "raw", text: first.value, textSpan: first.span, span: e.span }
        : { kind: "recorded", name: first.value, nameSpan: first.span, span: e.span };
    }
    // `rate_limited(20s)`: its arguments are checked (one duration written out) where the item is.
    if (callee === "rate_limited") return { kind: "transport", word: callee, args: e.args, span: e.span };
    if (callee === "like") return { kind: "like", args: e.args, span: e.span };
    if (callee === "raw_call" && e.args.length === 2 && first.kind === "text" && second.kind === "text") {
      return { kind: "calls", calls: [rawCall(e, first, second)], span: e.span };
    }
    if (callee === "partial" && e.args.length === 2 && second.kind === "name" && isAiFailureWord(second.name)) {
      if (first.kind === "text") return { kind: "partial", text: first.value, textSpan: first.span, pieces: null, stop: second.name, span: e.span };
      if (first.kind === "list") {
        // Pieces as written; the checker reports one that is not a non-empty text literal.
        const text = first.items.map((p) => (p.kind === "text" ? p.value : "")).join("");
        return { kind: "partial", text, textSpan: first.span, pieces: first.items, stop: second.name, span: e.span };
      }
    }
  }
  return { kind: "value", expr: e, span: e.span };
}

type TextExpr = Extract<A.Expr, { kind: "text" }>;

function rawCall(e: A.Expr, tool: TextExpr, text: TextExpr): A.FakeToolCall {
  return { kind: "raw", tool: tool.value, toolSpan: tool.span, text: text.value, textSpan: text.span, span: e.span };
}

/** `t(args)` or `raw_call("t", "json")` as one tool call of a step; null for any other shape. */
function toolCallOf(e: A.Expr): A.FakeToolCall | null {
  if (e.kind !== "call" || e.callee.kind !== "name" || e.asType !== null) return null;
  const [first, second] = e.args;
  if (e.callee.name === "raw_call") {
    return e.args.length === 2 && first.kind === "text" && second.kind === "text" ? rawCall(e, first, second) : null;
  }
  return { kind: "typed", tool: { name: e.callee.name, span: e.callee.span }, args: e.args, span: e.span };
}

/**
 * Whether the tokens at `word` start a tool-calling item: `call <name>` or `calls [`. The words are
 * words only here (a `fakes:` item's position), so `call` and `calls` stay names elsewhere.
 */
export function startsToolItem(word: Tok, next: Tok): boolean {
  if (word.tokenType !== T.Ident) return false;
  if (word.image === "call") return next.tokenType === T.Ident && next.image !== "after";
  return word.image === "calls" && next.tokenType === T.LBracket;
}

/**
 * Whether the tokens at `word` start a `when` item: `when {` or `when "text"`. The word is a word
 * only here (a `fakes:` item's position), so `when` stays a name elsewhere.
 */
export function startsWhen(word: Tok, next: Tok): boolean {
  return word.tokenType === T.Ident && word.image === "when" && (next.tokenType === T.LBrace || next.tokenType === T.TextLit);
}

/** The item `when <match> => <items>`, from its parts as read (`word` is `when`, `last` the last token read). */
export function whenShape(file: string, word: Tok, match: A.WhenMatch, items: A.FakeItem[], list: boolean, last: Tok): A.FakeItemShape {
  return { kind: "when", match, items, list, span: spanOf(file, word, last) };
}

/** What a tool item's word must be followed by, as a parse error says it. */
export function toolItemExpected(word: Tok): string {
  return word.image === "call"
    ? "a tool call such as `find_order(OrderQuery { code: \"ABC-1234\" })` after `call`"
    : "a list of tool calls such as `[find_order(OrderQuery { code: \"ABC-1234\" })]` after `calls`";
}

/** The item `call t(args)` or `calls [...]` (`word` read before `e`); null when `e` has another shape. */
export function toolCallsItem(file: string, word: Tok, e: A.Expr): A.FakeItemShape | null {
  const span = spanFrom(spanOf(file, word, word), e.span);
  if (word.image === "call") {
    const one = toolCallOf(e);
    return one !== null && one.kind === "typed" ? { kind: "calls", calls: [one], span } : null;
  }
  if (e.kind !== "list" || e.items.length === 0) return null;
  const calls: A.FakeToolCall[] = [];
  for (const item of e.items) {
    const one = toolCallOf(item);
    if (one === null) return null;
    calls.push(one);
  }
  return { kind: "calls", calls, span };
}

// ---------------------------------------------------------------- statements

/** Builds the `else if` chain from the end, so no recursion is needed while parsing. */
export function buildIf(
  clauses: { start: Tok; cond: A.Expr; then: A.Block }[],
  elseBlock: A.Block | null,
): A.IfStmt {
  let tail: A.Block | A.IfStmt | null = elseBlock;
  for (let i = clauses.length - 1; i >= 0; i--) {
    const c = clauses[i];
    const end: A.Node = tail ?? c.then;
    tail = {
      kind: "if",
      cond: c.cond,
      then: c.then,
      else: tail,
      span: { file: c.then.span.file, line: c.start.startLine, column: c.start.startColumn, start: c.start.startOffset, end: end.span.end },
    };
  }
  return tail as A.IfStmt;
}

/** Whether a statement that is a bare expression may stand (docs/language.md). */
export function mayStandAlone(e: A.Expr): boolean {
  return e.kind === "match" || e.kind === "attempt";
}

/** Adds to `bare` the span of each bare expression statement that may not stand; an arm block's final one is its value. */
export function noteBare(statements: A.Stmt[], armBlock: boolean, bare: A.Span[]): void {
  const last = statements.length - 1;
  for (let i = 0; i <= last; i++) {
    const s = statements[i];
    if (s.kind === "expr" && !mayStandAlone(s.expr) && !(armBlock && i === last)) bare.push(s.span);
  }
}
