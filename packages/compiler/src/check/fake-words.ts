// The scripted items written as their own word, for every kind of call: a transport failure
// (`unavailable`, `rate_limited(20s)`) and an embedding by example (`like("…")`), each argument a
// literal checked when the test compiles; `like` anywhere but `ai.embed`'s script is `test.fake_type`.
import type { Expr, FakeItem, Span } from "../syntax/ast.ts";
import type { CheckedFakeShape, PromptInfo } from "./program.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { DURATION, TEXT, type Type } from "../types/types.ts";
import { printType } from "../types/print-type.ts";
import { formatProblemDetail } from "../values/problem.ts";
import { THE_ANSWER, isAiFailureWord, isTransportFailureWord } from "../vocabulary.ts";
import { report } from "./context.ts";
import type { Body } from "./body.ts";

/**
 * `unavailable`, `rate_limited` or `rate_limited(20s)`, the same for every kind of call: a request
 * that failed in transport, which the connection's `retries:` sends again.
 */
export function transportItem(b: Body, item: Extract<FakeItem, { kind: "transport" }>): CheckedFakeShape | null {
  if (item.word === "unavailable") return { kind: "transport", item, failure: { word: "unavailable" } };
  if (item.args === null) return { kind: "transport", item, failure: { word: "rate_limited", retryAfterMs: null } };
  const arg = oneLiteral(b, "rate_limited", { args: item.args, span: item.span }, "duration", DURATION, {
    argument: "the `Retry-After` as a duration such as `20s`", expected: "a duration written out, such as `20s`",
    suggestion: "Write the wait the server asks for, such as `rate_limited(20s)`, or `rate_limited` alone for none",
  });
  return arg === null ? null : { kind: "transport", item, failure: { word: "rate_limited", retryAfterMs: arg.ms } };
}

/**
 * The one literal of `kind` an item word takes in parentheses (`rate_limited(20s)`, `like("…")`),
 * typed `type`; null after one diagnostic, when there isn't exactly one or it is something else.
 */
function oneLiteral<K extends "duration" | "text">(
  b: Body, call: string, item: { args: Expr[]; span: Span }, kind: K, type: Type,
  words: { argument: string; expected: string; suggestion: string },
): Extract<Expr, { kind: K }> | null {
  const [arg] = item.args;
  if (item.args.length !== 1) {
    report(b.cx, diagnostic("type.argument_count", item.span, { call, expected: `1 argument, ${words.argument}`, found: item.args.length }));
    return null;
  }
  if (arg.kind !== kind) {
    const found = arg.kind === "int" || arg.kind === "decimal" ? "a number" : arg.kind === "text" ? "a text" : arg.kind === "list" ? "a list" : "an expression";
    report(b.cx, diagnostic("type.mismatch", arg.span, { variant: "words", expected: words.expected, found, suggestion: words.suggestion }));
    return null;
  }
  b.cx.exprTypes.set(arg, type);
  return arg as Extract<Expr, { kind: K }>;
}

/** `like("text")`: one text written out, the text whose fake embedding answers. */
export function likeItem(b: Body, item: Extract<FakeItem, { kind: "like" }>): CheckedFakeShape | null {
  const arg = oneLiteral(b, "like", item, "text", TEXT, {
    argument: "the text to embed as", expected: "a text written out, such as `\"gluten-free sourdough\"`",
    suggestion: "Write the text whose embedding the call gets, such as `like(\"gluten-free sourdough\")`",
  });
  return arg === null ? null : { kind: "like", item, text: arg.value };
}

/** `like("…")` anywhere but `ai.embed`: the answer it stands for is an embedding, which the call doesn't ask for. */
export function likeElsewhere(b: Body, prompt: PromptInfo, item: FakeItem): null {
  const type = prompt.use === "stream" ? TEXT : prompt.asTypes[0] ?? TEXT;
  report(b.cx, diagnostic("test.fake_type", item.span, {
    what: "A scripted answer", type: printType(type), suggestion: `\`like("…")\` answers \`ai.embed\` only: script ${prompt.use === "stream" ? "a text" : `an answer of \`${printType(type)}\``}`,
  }, [{ label: "decode", text: formatProblemDetail({ rule: "type", path: THE_ANSWER, expected: printType(type), found: "an embedding" }) }]));
  return null;
}

/** `partial(…, <stop>)` with two arguments, whatever they are: a stream item, if a malformed one. */
export function isPartialCall(expr: Expr): expr is Extract<Expr, { kind: "call" }> {
  return expr.kind === "call" && expr.callee.kind === "name" && expr.callee.name === "partial" && expr.asType === null && expr.args.length === 2;
}

/**
 * A stream prompt's `partial(…, <stop>)` whose stop is no failure word (a well-formed one is a
 * `partial` item already) but a word: one diagnostic at the stop, saying what a transport failure
 * is instead when it names one (`unavailable`, `rate_limited(…)` are whole items). False otherwise.
 */
export function badPartialStop(b: Body, expr: Expr, failures: string): boolean {
  if (!isPartialCall(expr)) return false;
  const stop = expr.args[1];
  const word = stop.kind === "name" ? stop.name : stop.kind === "call" && stop.callee.kind === "name" ? stop.callee.name : null;
  if (word === null || isAiFailureWord(word)) return false;
  const variant = isTransportFailureWord(word) ? "transport_stop" : "bad_stop";
  report(b.cx, diagnostic("test.fake_stream_item", stop.span, { variant, word, failures }));
  return true;
}
