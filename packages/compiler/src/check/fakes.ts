// A test's `fakes:` (docs/testing.md), checked when the test compiles, each problem exactly one
// diagnostic: a literal answer that isn't a valid value of any as-type is one `test.fake_type`
// under the offending value (a misspelt field: under its name, with a did-you-mean); `test.recording_missing`, `test.fake_unknown_prompt`,
// `test.fake_stream_item`, `test.embedding_length`. A `when` item's match is checked in
// fake-when.ts, the items written as a word with arguments in fake-words.ts.
import type { Expr, FakeEntry, FakeItem, Span, TestDecl } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import type { CheckedFakeItem, CheckedFakeShape, CheckedFakes, CheckedToolCall, PromptInfo } from "./program.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { changeTo, type Fix } from "../diagnostics/fix.ts";
import { DECIMAL, TEXT, VOID, type Type } from "../types/types.ts";
import { listItem } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";
import { closest, didYouMean } from "../names/suggest.ts";
import { recordingNameFor } from "../names/casing.ts";
import { isLowerSnake } from "../names/case-tests.ts";
import { onlyFixtureFor } from "./fixtures-for.ts";
import { whenItem } from "./fake-when.ts";
import { badPartialStop, isPartialCall, likeElsewhere, likeItem, transportItem } from "./fake-words.ts";
import { lookupTop, report, type Checker } from "./context.ts";
import { Locals, type Body } from "./body.ts";
import { checkExpr } from "./check-expr.ts";
import { checkLiteral, numberLiteralValue, type LiteralProblem } from "./check-literal.ts";
import { DEFAULT_EMBEDDING_DIMENSIONS, DEFAULT_TIMEOUT_MS } from "./connection.ts";
import { formatProblemDetail } from "../values/problem.ts";
import { AI_FAILURE_WORDS, THE_ANSWER, TRANSPORT_FAILURE_WORDS, recordingPath } from "../vocabulary.ts";

const FAILURE_WORDS = AI_FAILURE_WORDS.map((w) => `\`${w}\``).join(", ");
/** What else any call's script may hold, whatever the call: the menu a wrong item's `next` offers. */
const ITEM_WORDS = [...AI_FAILURE_WORDS, ...TRANSPORT_FAILURE_WORDS, "generated"].map((w) => `\`${w}\``).join(", ");

function fakeType(cx: Checker, type: Type, p: LiteralProblem, whole = THE_ANSWER): void {
  const path = p.path === "" ? whole : p.path;
  const suggestion = p.suggestion ?? (whole === THE_ANSWER ? "Correct the scripted answer to the type" : "Correct the scripted argument to the type");
  const what = whole === THE_ANSWER ? "A scripted answer" : "A scripted tool call's argument";
  report(cx, diagnostic("test.fake_type", p.at, { what, type: printType(type), suggestion }, [
    { label: "decode", text: formatProblemDetail({ rule: p.rule, path, expected: p.expected, found: p.found }) },
  ]));
}


export function checkFakes(cx: Checker, file: LoadedFile, test: TestDecl): CheckedFakes[] {
  if (!test.fakes) return [];
  const b: Body = { cx, file, kind: "test", name: test.name, returnType: VOID, escapes: [] };
  const out: CheckedFakes[] = [];
  const entries = test.fakes.entries;
  // Most blocks script one prompt: no map of the ones seen until a second entry.
  const seen = entries.length > 1 ? new Map<string, number>() : null;
  for (const entry of entries) {
    const key = entry.target.name;
    const line = seen?.get(key);
    if (line !== undefined) {
      report(cx, diagnostic("name.duplicate", entry.target.span, { name: `ai.${key}`, where: `this \`fakes:\` block, on line ${line}` }));
      continue;
    }
    seen?.set(key, entry.target.span.line);
    if (key === "embed") {
      out.push({ prompt: null, span: entry.span, items: timed(b, entry.items.map((item) => embedItem(b, item))) });
      continue;
    }
    const prompt = cx.prompts.get(key);
    if (!prompt) {
      const near = closest(key, [...cx.prompts.keys(), "embed"]);
      report(cx, diagnostic("test.fake_unknown_prompt", entry.target.span, {
        name: key,
        suggestion: callableAdvice(cx, file, key) ?? didYouMean(
          near && `ai.${near}`,
          cx.prompts.size > 0 ? `Script a prompt, such as \`ai.${[...cx.prompts.keys()][0]}\`, or \`ai.embed\`` : "Declare the prompt, or script `ai.embed`",
        ),
      }, [], changeTo(entry.target.span, near)));
      continue;
    }
    out.push({ prompt, span: entry.span, items: promptItems(b, prompt, entry) });
  }
  return out;
}

/**
 * `ai.classify` where `classify` is an action or a function the test sees: the prompts its body
 * asks are what a test scripts (the names, in the order its calls ask them), or null.
 */
function callableAdvice(cx: Checker, file: LoadedFile, key: string): string | null {
  const ref = lookupTop(cx, file, key);
  if (ref === undefined || ref.kind !== "decl" || (ref.decl.kind !== "action" && ref.decl.kind !== "function")) return null;
  const { span } = ref.decl;
  const asked: { name: string; at: number }[] = [];
  for (const [prompt, calls] of cx.promptCalls) {
    const inside = calls.find((call) => call.span.file === span.file && call.span.start >= span.start && call.span.end <= span.end);
    if (inside !== undefined) asked.push({ name: prompt.name, at: inside.span.start });
  }
  if (ref.decl.kind === "function") return `\`${key}\` is a function, and a function asks no model: remove \`ai.${key}\` from \`fakes:\``;
  if (asked.length === 0) return `\`${key}\` is an action that asks no prompt itself: script the prompts of the actions it calls`;
  const names = asked.sort((x, y) => x.at - y.at).map((x) => `\`ai.${x.name}\``);
  const them = names.length === 1 ? `the prompt it asks, ${names[0]}` : `the prompts it asks: ${names.join(", ")}`;
  return `\`${key}\` is an action, and a test scripts prompts: script ${them}`;
}

/** The recordings a prompt has, by name, from the project's own files. */
function recordingNames(cx: Checker, prompt: PromptInfo): string[] {
  const folder = recordingPath(prompt.file.path, prompt.name, "").slice(0, -".json".length);
  return [...cx.recordingPaths].filter((path) => path.startsWith(folder) && !path.slice(folder.length).includes("/"))
    .map((path) => path.slice(folder.length, -".json".length)).sort();
}

/** A misspelt `recorded("…")`: the closest recording of that prompt (with the fix that names it), else how to make it. */
function recordingMissingStep(cx: Checker, prompt: PromptInfo, item: { name: string; nameSpan: Span }): { suggestion: string; fixes: Fix[] } {
  const name = item.name;
  const step = (suggestion: string) => ({ suggestion, fixes: [] });
  const names = recordingNames(cx, prompt);
  if (!isLowerSnake(name)) {
    // `--as ../x` would be a usage error: the step names a recording name that can exist.
    const better = recordingNameFor(name);
    const record = `\`jadpo ai record ${prompt.name} --as ${better}\``;
    const own = names.length > 0 ? `use one of its recordings (${names.map((n) => `\`${n}\``).join(", ")}) or ` : "";
    return step(`Recording names are lower_snake, like \`not_covered\`: ${own}record one with ${record}`);
  }
  // With one fixture that can feed the prompt, the command works as printed, without a dev call.
  const only = onlyFixtureFor(cx.graph, prompt);
  const fixture = only === null ? "" : ` --fixture ${only}`;
  const record = `\`jadpo ai record ${prompt.name} --as ${name}${fixture}\``;
  const near = closest(name, names);
  if (near !== null) {
    const fix = { title: `Change to \`recorded("${near}")\``, edits: [{ span: item.nameSpan, text: `"${near}"` }] };
    return { suggestion: `Did you mean \`recorded("${near}")\`? Or record \`${name}\` with ${record}`, fixes: [fix] };
  }
  if (names.length > 0) return step(`Record it with ${record}, or use one of its recordings: ${names.map((n) => `\`${n}\``).join(", ")}`);
  return step(`Record it with ${record}`);
}

function promptItems(b: Body, prompt: PromptInfo, entry: FakeEntry): CheckedFakeItem[] {
  const items = entry.items;
  const checked: (CheckedFakeShape | null)[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) checked[i] = promptItem(b, prompt, items[i]);
  return timed(b, checked);
}

/** An item of a prompt's script: those every prompt takes alike, else as a generate or a stream prompt takes it. */
function promptItem(b: Body, prompt: PromptInfo, item: FakeItem): CheckedFakeShape | null {
  switch (item.kind) {
    case "transport":
      return transportItem(b, item);
    case "when":
      return promptWhen(b, prompt, item);
    case "generated":
      return { kind: "generated", item };
    case "like":
      return likeElsewhere(b, prompt, item);
    default:
      return prompt.use === "stream" ? streamPromptItem(b, prompt, item) : generatePromptItem(b, prompt, item);
  }
}

/** The items whose meaning depends on how the prompt is asked. */
type AskedItem = Exclude<FakeItem, { kind: "transport" | "when" | "generated" | "like" }>;

/** A prompt's `when` item: its match, and its items checked as the script's own. */
function promptWhen(b: Body, prompt: PromptInfo, item: Extract<FakeItem, { kind: "when" }>): CheckedFakeShape | null {
  return whenItem(b, prompt, item, (inner) => timedOne(b, promptItem(b, prompt, inner)));
}

/** Each checked item with the time it takes on the test clock (`timedOne`); the unchecked left out. */
function timed(b: Body, items: (CheckedFakeShape | null)[]): CheckedFakeItem[] {
  const out: CheckedFakeItem[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = timedOne(b, items[i]);
    if (item !== null) out.push(item);
  }
  return out;
}

/**
 * A checked item with the time it takes on the test clock: its own `after`, else the
 * connection's `timeout` for an item that times out (the wait a real call would have had).
 */
function timedOne(b: Body, checked: CheckedFakeShape | null): CheckedFakeItem | null {
  if (checked === null) return null;
  const own = checked.item.after;
  const timesOut = (checked.kind === "failure" && checked.word === "timed_out")
    || ((checked.kind === "stream_stop" || checked.kind === "partial") && checked.stop === "timed_out");
  // The item gets its time in place (it is new, and nothing else holds it): no copy of it.
  const item = checked as CheckedFakeItem;
  item.afterMs = own !== null ? own.ms : timesOut ? b.cx.connection?.timeoutMs ?? DEFAULT_TIMEOUT_MS : 0;
  return item;
}

function generatePromptItem(b: Body, prompt: PromptInfo, item: AskedItem): CheckedFakeShape | null {
  switch (item.kind) {
    case "value":
      // `partial` with a stop that isn't one is still a stream's item: not for a generate prompt.
      if (isPartialCall(item.expr)) {
        if (prompt.use === "generate") return partialOnGenerate(b, prompt, item);
        if (badPartialStop(b, item.expr, FAILURE_WORDS)) return null;
      }
      if (item.expr.kind === "list" && !prompt.asTypes.some((t) => listItem(t) !== null) && prompt.use === "generate") {
        report(b.cx, diagnostic("test.fake_stream_item", item.span, { variant: "pieces_on_generate", prompt: prompt.name, answer: answerWords(prompt), failures: ITEM_WORDS }));
        return null;
      }
      return valueItem(b, prompt, item, item.expr);
    case "raw":
      return { kind: "raw", item, text: item.text };
    case "recorded":
      return recordedItem(b, prompt, item);
    case "failure":
      return { kind: "failure", item, word: item.word };
    case "malformed":
      return { kind: "malformed", item };
    case "calls":
      return callsItem(b, prompt, item);
    case "partial":
      if (prompt.use === "unused") return partialItem(b, item);
      return partialOnGenerate(b, prompt, item);
  }
}

function partialOnGenerate(b: Body, prompt: PromptInfo, item: FakeItem): null {
  report(b.cx, diagnostic("test.fake_stream_item", item.span, { variant: "stream_on_generate", prompt: prompt.name, answer: answerWords(prompt), failures: ITEM_WORDS }));
  return null;
}

/** `recorded("name")`, for a generate or a stream prompt: the recording's file must exist beside the prompt. */
function recordedItem(b: Body, prompt: PromptInfo, item: Extract<FakeItem, { kind: "recorded" }>): CheckedFakeShape | null {
  const path = recordingPath(prompt.file.path, prompt.name, item.name);
  if (!b.cx.recordingPaths.has(path)) {
    const { suggestion, fixes } = recordingMissingStep(b.cx, prompt, item);
    report(b.cx, diagnostic("test.recording_missing", item.span, { prompt: prompt.name, name: item.name, suggestion }, [], fixes));
    return null;
  }
  return { kind: "recorded", item, name: item.name, path };
}

/** A step calling tools: each typed call's argument checked against its tool's arguments type, raw ones kept for the real decoding. */
function callsItem(b: Body, prompt: PromptInfo, item: Extract<FakeItem, { kind: "calls" }>): CheckedFakeShape | null {
  if (prompt.tools.length === 0) {
    report(b.cx, diagnostic("test.fake_unknown_tool", item.span, { variant: "no_tools", prompt: prompt.name }));
    return null;
  }
  const calls: CheckedToolCall[] = [];
  for (const call of item.calls) {
    if (call.kind === "raw") {
      calls.push({ kind: "raw", tool: call.tool, text: call.text });
      continue;
    }
    const tool = prompt.tools.find((t) => t.name === call.tool.name);
    if (!tool) {
      const names = prompt.tools.map((t) => t.name);
      const suggestion = didYouMean(closest(call.tool.name, names), `Call one of its tools: ${names.map((n) => `\`${n}\``).join(", ")}`);
      report(b.cx, diagnostic("test.fake_unknown_tool", call.tool.span, { variant: "unknown", tool: call.tool.name, prompt: prompt.name, suggestion }));
      return null;
    }
    if (call.args.length !== 1) {
      report(b.cx, diagnostic("type.argument_count", call.span, { call: tool.name, expected: `1 argument, a \`${printType(tool.argsType)}\``, found: call.args.length }));
      return null;
    }
    const expr = call.args[0];
    const mode = { kind: "fake" as const, constraints: true, problems: [] as LiteralProblem[] };
    checkLiteral(b, new Locals(), expr, tool.argsType, mode, "", call.span);
    if (mode.problems[0]) {
      fakeType(b.cx, tool.argsType, mode.problems[0], THE_ARGUMENTS);
      return null;
    }
    calls.push({ kind: "typed", tool, expr });
  }
  return { kind: "calls", item, calls };
}

/** How a decode problem names a tool call's whole arguments. */
const THE_ARGUMENTS = "the arguments";

/** How a generate prompt's answer is named in a hint: "an answer of `Verdict`, " or "an answer, ". */
function answerWords(prompt: PromptInfo): string {
  return prompt.asTypes.length > 0 ? `an answer of \`${printType(prompt.asTypes[0])}\`, ` : "an answer, ";
}

/** A literal answer: valid for the first as-type it fits, else one `test.fake_type`. */
function valueItem(b: Body, prompt: PromptInfo, item: FakeItem, expr: Expr): CheckedFakeShape | null {
  const env = new Locals();
  const asTypes = prompt.asTypes;
  if (asTypes.length === 0) return { kind: "value", item, type: checkExpr(b, env, expr, null), expr };
  // With one as-type there is nothing to choose: the dry runs below would only repeat the real one.
  const fits = asTypes.length === 1 ? asTypes[0] : asTypes.find((t) => {
    const mode = { kind: "dry" as const, constraints: true, problems: [] as LiteralProblem[] };
    checkLiteral(b, env, expr, t, mode, "", item.span);
    return mode.problems.length === 0;
  });
  const named = fits === undefined && expr.kind === "record" ? asTypes.find((t) => printType(t) === expr.type.name) : undefined;
  const chosen = fits ?? named ?? asTypes[0];
  const mode = { kind: "fake" as const, constraints: true, problems: [] as LiteralProblem[] };
  checkLiteral(b, env, expr, chosen, mode, "", item.span);
  const first = mode.problems[0];
  if (first) {
    fakeType(b.cx, chosen, first);
    return null;
  }
  return { kind: "value", item, type: chosen, expr };
}

function streamPromptItem(b: Body, prompt: PromptInfo, item: AskedItem): CheckedFakeShape | null {
  switch (item.kind) {
    case "value":
      if (item.expr.kind === "text") {
        b.cx.exprTypes.set(item.expr, TEXT);
        return { kind: "stream_text", item, text: item.expr.value, pieces: null };
      }
      if (item.expr.kind === "list") {
        const pieces = checkPieces(b, item.expr.items);
        if (pieces === null) return null;
        b.cx.exprTypes.set(item.expr, { kind: "list", item: TEXT });
        return { kind: "stream_text", item, text: pieces.join(""), pieces };
      }
      if (badPartialStop(b, item.expr, FAILURE_WORDS)) return null;
      report(b.cx, diagnostic("test.fake_stream_item", item.span, { variant: "answer_on_stream", prompt: prompt.name, failures: ITEM_WORDS }));
      return null;
    case "partial":
      return partialItem(b, item);
    case "failure":
      return { kind: "stream_stop", item, stop: item.word };
    case "calls":
      // A streamed prompt with tools is already `ai.stream_tools`.
      if (prompt.tools.length === 0) report(b.cx, diagnostic("test.fake_unknown_tool", item.span, { variant: "no_tools", prompt: prompt.name }));
      return null;
    case "recorded":
      // A recording of a stream keeps its pieces' lengths and its stop (docs/cli-ai.md).
      return recordedItem(b, prompt, item);
    case "raw":
    case "malformed": {
      const written = item.kind === "malformed" ? "`malformed`" : "`raw(...)`";
      report(b.cx, diagnostic("test.fake_stream_item", item.span, { variant: "generate_on_stream", item: written, prompt: prompt.name, failures: ITEM_WORDS }));
      return null;
    }
  }
}

function partialItem(b: Body, item: Extract<FakeItem, { kind: "partial" }>): CheckedFakeShape | null {
  if (item.pieces === null) return { kind: "partial", item, text: item.text, pieces: null, stop: item.stop };
  const pieces = checkPieces(b, item.pieces);
  return pieces === null ? null : { kind: "partial", item, text: pieces.join(""), pieces, stop: item.stop };
}

/** Scripted pieces, kept exactly as written: each a non-empty text literal, else one diagnostic. */
function checkPieces(b: Body, items: Expr[]): string[] | null {
  const pieces: string[] = [];
  for (const piece of items) {
    if (piece.kind !== "text") {
      report(b.cx, diagnostic("test.fake_stream_item", piece.span, { variant: "piece_not_text" }));
      return null;
    }
    if (piece.value === "") {
      report(b.cx, diagnostic("test.fake_stream_item", piece.span, { variant: "empty_piece" }));
      return null;
    }
    b.cx.exprTypes.set(piece, TEXT);
    pieces.push(piece.value);
  }
  return pieces;
}

/** `ai.embed` items: a vector of `embedding_dimensions` numbers, `like("text")`, `generated`, a failure word, or a `when` of them. */
function embedItem(b: Body, item: FakeItem): CheckedFakeShape | null {
  const dims = b.cx.connection?.embeddingDimensions ?? DEFAULT_EMBEDDING_DIMENSIONS;
  if (item.kind === "failure") return { kind: "failure", item, word: item.word };
  if (item.kind === "transport") return transportItem(b, item);
  if (item.kind === "when") return whenItem(b, null, item, (inner) => timedOne(b, embedItem(b, inner)));
  if (item.kind === "generated") return { kind: "generated", item };
  if (item.kind === "like") return likeItem(b, item);
  if (item.kind !== "value") {
    const written = item.kind === "malformed" ? "`malformed`" : item.kind === "calls" ? "A tool call" : `\`${item.kind}(...)\``;
    report(b.cx, diagnostic("test.fake_stream_item", item.span, { variant: "not_embedding", item: written, dimensions: dims, failures: ITEM_WORDS }));
    return null;
  }
  const embedding: Type = { kind: "named", decl: b.cx.prelude.embedding };
  const mode = { kind: "fake" as const, constraints: true, problems: [] as LiteralProblem[] };
  checkLiteral(b, new Locals(), item.expr, { kind: "list", item: DECIMAL }, mode, "", item.span);
  const values = item.expr.kind === "list" ? item.expr.items.map(numberLiteralValue) : [];
  const firstNonNumber = item.expr.kind === "list" ? item.expr.items.findIndex((_, i) => values[i] === null) : -1;
  if (mode.problems[0]) {
    fakeType(b.cx, embedding, mode.problems[0]);
    return null;
  }
  if (item.expr.kind !== "list" || firstNonNumber >= 0) {
    const at = item.expr.kind === "list" ? item.expr.items[firstNonNumber].span : item.span;
    fakeType(b.cx, embedding, { rule: "type", path: firstNonNumber >= 0 ? `[${firstNonNumber}]` : "", at, expected: "a number written out", found: "an expression" });
    return null;
  }
  b.cx.exprTypes.set(item.expr, embedding);
  if (values.length !== dims) {
    report(b.cx, diagnostic("test.embedding_length", item.span, { found: values.length, expected: dims }));
    return null;
  }
  return { kind: "vector", item, values: values as number[] };
}
