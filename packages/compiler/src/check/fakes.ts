// A test's `fakes:` (docs/testing.md), checked when the test compiles, each problem exactly one
// diagnostic: a literal answer that isn't a valid value of any as-type is one `test.fake_type`
// under the offending value (a misspelt field: under its name, with a did-you-mean); `test.recording_missing`, `test.fake_unknown_prompt`,
// `test.fake_stream_item`, `test.embedding_length`.
import type { Expr, FakeEntry, FakeItem, TestDecl } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import type { CheckedFakeItem, CheckedFakes, PromptInfo } from "./program.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { DECIMAL, type Type } from "../types/types.ts";
import { printType } from "../types/print-type.ts";
import { closest, didYouMean } from "../names/suggest.ts";
import { report, type Checker } from "./context.ts";
import { Locals, type Body } from "./body.ts";
import { checkExpr } from "./check-expr.ts";
import { checkLiteral, numberLiteralValue, type LiteralProblem } from "./check-literal.ts";
import { DEFAULT_EMBEDDING_DIMENSIONS } from "./connection.ts";
import { AI_FAILURE_WORDS, THE_ANSWER, recordingPath } from "../vocabulary.ts";

const FAILURE_WORDS = AI_FAILURE_WORDS.map((w) => `\`${w}\``).join(", ");

function fakeType(cx: Checker, type: Type, p: LiteralProblem): void {
  const path = p.path === "" ? THE_ANSWER : p.path;
  const suggestion = p.suggestion ?? "Correct the scripted answer to the type";
  report(cx, diagnostic("test.fake_type", p.at, { type: printType(type), suggestion }, [
    { label: "decode", text: `\`${p.rule}\` on \`${path}\`: ${p.detail}` },
  ]));
}


export function checkFakes(cx: Checker, file: LoadedFile, test: TestDecl): CheckedFakes[] {
  if (!test.fakes) return [];
  const b: Body = { cx, file, kind: "test", name: test.name, returnType: { kind: "void" }, escapes: [] };
  const out: CheckedFakes[] = [];
  const seen = new Map<string, number>();
  for (const entry of test.fakes.entries) {
    const key = entry.target.name;
    const line = seen.get(key);
    if (line !== undefined) {
      report(cx, diagnostic("name.duplicate", entry.target.span, { name: `ai.${key}`, where: `this \`fakes:\` block, on line ${line}` }));
      continue;
    }
    seen.set(key, entry.target.span.line);
    if (key === "embed") {
      out.push({ prompt: null, span: entry.span, items: entry.items.map((item) => embedItem(b, item)).filter((x) => x !== null) });
      continue;
    }
    const prompt = cx.prompts.get(key);
    if (!prompt) {
      const near = closest(key, [...cx.prompts.keys(), "embed"]);
      report(cx, diagnostic("test.fake_unknown_prompt", entry.target.span, {
        name: key,
        suggestion: didYouMean(
          near && `ai.${near}`,
          cx.prompts.size > 0 ? `Script a prompt, such as \`ai.${[...cx.prompts.keys()][0]}\`, or \`ai.embed\`` : "Declare the prompt, or script `ai.embed`",
        ),
      }));
      continue;
    }
    out.push({ prompt, span: entry.span, items: promptItems(b, prompt, entry) });
  }
  return out;
}

/** The recordings a prompt has, by name, from the project's own files. */
function recordingNames(cx: Checker, prompt: PromptInfo): string[] {
  const folder = recordingPath(prompt.file.path, prompt.name, "").slice(0, -".json".length);
  return [...cx.recordingPaths].filter((path) => path.startsWith(folder) && !path.slice(folder.length).includes("/"))
    .map((path) => path.slice(folder.length, -".json".length)).sort();
}

/** A misspelt `recorded("…")`: the closest recording of that prompt, else how to make it. */
function recordingMissingStep(cx: Checker, prompt: PromptInfo, name: string): string {
  const record = `\`jadpo ai record ${prompt.name} --as ${name}\``;
  const names = recordingNames(cx, prompt);
  const near = closest(name, names);
  if (near !== null) return `Did you mean \`recorded("${near}")\`? Or record \`${name}\` with ${record}`;
  if (names.length > 0) return `Record it with ${record}, or use one of its recordings: ${names.map((n) => `\`${n}\``).join(", ")}`;
  return `Record it with ${record}`;
}

function promptItems(b: Body, prompt: PromptInfo, entry: FakeEntry): CheckedFakeItem[] {
  const items: CheckedFakeItem[] = [];
  for (const item of entry.items) {
    const checked = prompt.use === "stream" ? streamPromptItem(b, prompt, item) : generatePromptItem(b, prompt, item);
    if (checked) items.push(checked);
  }
  return items;
}

function generatePromptItem(b: Body, prompt: PromptInfo, item: FakeItem): CheckedFakeItem | null {
  switch (item.kind) {
    case "value":
      return valueItem(b, prompt, item, item.expr);
    case "raw":
      return { kind: "raw", item, text: item.text };
    case "recorded": {
      const path = recordingPath(prompt.file.path, prompt.name, item.name);
      if (!b.cx.recordingPaths.has(path)) {
        const suggestion = recordingMissingStep(b.cx, prompt, item.name);
        report(b.cx, diagnostic("test.recording_missing", item.span, { prompt: prompt.name, name: item.name, suggestion }));
        return null;
      }
      return { kind: "recorded", item, name: item.name, path };
    }
    case "failure":
      return { kind: "failure", item, word: item.word };
    case "malformed":
      return { kind: "malformed", item };
    case "partial":
      if (prompt.use === "unused") return { kind: "partial", item, text: item.text, stop: item.stop };
      report(b.cx, diagnostic("test.fake_stream_item", item.span, { variant: "stream_on_generate", prompt: prompt.name, answer: answerWords(prompt), failures: FAILURE_WORDS }));
      return null;
  }
}

/** How a generate prompt's answer is named in a hint: "an answer of `Verdict`, " or "an answer, ". */
function answerWords(prompt: PromptInfo): string {
  return prompt.asTypes.length > 0 ? `an answer of \`${printType(prompt.asTypes[0])}\`, ` : "an answer, ";
}

/** A literal answer: valid for the first as-type it fits, else one `test.fake_type`. */
function valueItem(b: Body, prompt: PromptInfo, item: FakeItem, expr: Expr): CheckedFakeItem | null {
  const env = new Locals();
  const asTypes = prompt.asTypes;
  if (asTypes.length === 0) return { kind: "value", item, type: checkExpr(b, env, expr, null), expr };
  const fits = asTypes.find((t) => {
    const mode = { kind: "dry" as const, constraints: true, problems: [] as LiteralProblem[] };
    checkLiteral(b, env, expr, t, mode, "", item.span);
    return mode.problems.length === 0;
  });
  const named = expr.kind === "record" ? asTypes.find((t) => printType(t) === expr.type.name) : undefined;
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

function streamPromptItem(b: Body, prompt: PromptInfo, item: FakeItem): CheckedFakeItem | null {
  switch (item.kind) {
    case "value":
      if (item.expr.kind === "text") {
        b.cx.exprTypes.set(item.expr, { kind: "base", base: "Text" });
        return { kind: "stream_text", item, text: item.expr.value };
      }
      report(b.cx, diagnostic("test.fake_stream_item", item.span, { variant: "answer_on_stream", prompt: prompt.name, failures: FAILURE_WORDS }));
      return null;
    case "partial":
      return { kind: "partial", item, text: item.text, stop: item.stop };
    case "failure":
      return { kind: "stream_stop", item, stop: item.word };
    case "raw":
    case "recorded":
    case "malformed": {
      const written = item.kind === "malformed" ? "`malformed`" : `\`${item.kind}(...)\``;
      report(b.cx, diagnostic("test.fake_stream_item", item.span, { variant: "generate_on_stream", item: written, prompt: prompt.name, failures: FAILURE_WORDS }));
      return null;
    }
  }
}

/** `ai.embed` items: a vector of `embedding_dimensions` numbers, or a failure word. */
function embedItem(b: Body, item: FakeItem): CheckedFakeItem | null {
  const dims = b.cx.connection?.embeddingDimensions ?? DEFAULT_EMBEDDING_DIMENSIONS;
  if (item.kind === "failure") return { kind: "failure", item, word: item.word };
  if (item.kind !== "value") {
    const written = item.kind === "malformed" ? "`malformed`" : `\`${item.kind}(...)\``;
    report(b.cx, diagnostic("test.fake_stream_item", item.span, { variant: "not_embedding", item: written, dimensions: dims, failures: FAILURE_WORDS }));
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
    fakeType(b.cx, embedding, { rule: "type", path: firstNonNumber >= 0 ? `[${firstNonNumber}]` : "", at, detail: "expected a number written out, got an expression" });
    return null;
  }
  b.cx.exprTypes.set(item.expr, embedding);
  if (values.length !== dims) {
    report(b.cx, diagnostic("test.embedding_length", item.span, { found: values.length, expected: dims }));
    return null;
  }
  return { kind: "vector", item, values: values as number[] };
}
