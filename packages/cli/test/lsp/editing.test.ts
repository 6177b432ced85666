// Completion, quick fixes and document symbols over the protocol, on buffers being typed:
// names in scope, `use` paths and names, record-literal fields, enum members, `ai.<prompt>` keys
// and item words in `fakes:`, recording names; the fixes diagnostics carry (a missing `use`, a
// "did you mean", a canonical spelling).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AI_FAILURE_WORDS } from "@jadpo/compiler";
import { LspClient, stopChecked, type LspDiagnostic, type Position } from "../support/lsp.ts";
import { copyExample } from "../support/example.ts";

const ACTION = "domains/support/actions/answer_customer.jadpo";
const TEST = "domains/support/actions/answer_customer.test.jadpo";

let client: LspClient;
beforeAll(async () => {
  client = await LspClient.start(copyExample("jadpo-lsp-edit-"));
});
afterAll(() => stopChecked(client));

const disk = (path: string) => readFileSync(join(client.root, path), "utf8");

interface Item {
  label: string;
  textEdit?: { newText: string };
}

/** Labels offered with the cursor at `|` of `text`, typed into `path` (unsaved). */
async function complete(path: string, text: string): Promise<string[]> {
  const cursor = text.indexOf("|");
  const buffer = text.replace("|", "");
  await client.open(path, buffer);
  await client.change(path, buffer);
  // Requests answer from the last complete check: wait for the one of this text.
  await client.diagnosticsOf(path);
  const found = await client.request<Item[] | { items: Item[] }>("textDocument/completion", path, lineAt(buffer, cursor));
  const items = Array.isArray(found) ? found : found.items;
  return items.map((i) => i.label);
}

function lineAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  return { line: before.split("\n").length - 1, character: offset - before.lastIndexOf("\n") - 1 };
}

describe("completion", () => {
  test("names in scope: parameters, locals before the cursor, imports, the prelude", async () => {
    const labels = await complete(ACTION, disk(ACTION).replace("return match ai.generate(asked", "var total = |\n    return match ai.generate(asked"));
    expect(labels).toEqual(expect.arrayContaining(["question", "asked", "CustomerQuestion", "SupportAnswer", "AnswerUnreadable", "answer_customer", "Text", "AiRefused", "list", "match"]));
    expect(labels).not.toContain("total"); // declared by this very line
    expect(labels).not.toContain("greeting"); // another module's, not imported
  });

  test("nothing inside a text or a comment", async () => {
    expect(await complete(ACTION, disk(ACTION).replace("return match ai.generate(asked", 'var n: Text = "a \\"quoted\\" wo|"\n    return match ai.generate(asked'))).toEqual([]);
    expect(await complete(ACTION, disk(ACTION).replace("return match ai.generate(asked", "// ask the mo|\n    return match ai.generate(asked"))).toEqual([]);
    expect(await complete(ACTION, disk(ACTION).replace("return match ai.generate(asked", 'var n: Text = "done" + |\n    return match ai.generate(asked'))).toContain("question");
  });

  test("`use` module paths, then the names of the module", async () => {
    expect(await complete(ACTION, `use support/|\n${disk(ACTION)}`)).toEqual([
      "support", "support/actions", "support/actions/answer_customer", "support/actions/answer_customer_order", "support/actions/look_up_order",
      "support/actions/nearest_article", "support/failures", "support/fixtures", "support/fixtures/questions", "support/functions",
      "support/functions/greeting", "support/functions/help_articles", "support/functions/orders", "support/prompts",
      "support/prompts/answer_order_question", "support/prompts/answer_question", "support/types",
    ]);
    expect(await complete(ACTION, `use support/functions { |\n${disk(ACTION)}`)).toEqual(["Greeting", "greeting", "help_articles", "todays_orders"]);
    expect(await complete(ACTION, `use support/prompts { |\n${disk(ACTION)}`)).toEqual(["answer_order_question", "AnswerOrderQuestion", "answer_question", "AnswerQuestion"]);
  });

  test("fields of a record literal not written yet, and enum members", async () => {
    const record = disk(ACTION).replace("AnswerQuestion { question: question  reader_locale: Locale.en_gb }", "AnswerQuestion { question: question  | }");
    expect(await complete(ACTION, record)).toEqual(["reader_locale"]);
    expect(await complete(ACTION, disk(ACTION).replace("reader_locale: Locale.en_gb }", "reader_locale: Locale.| }"))).toEqual(["en_gb", "fr_fr"]);
    const tone = "type Tone = Enum { friendly formal }\nfunction pick() -> Tone {\n    return Tone.|\n}\n";
    expect(await complete("domains/support/tone.jadpo", tone)).toEqual(["friendly", "formal"]);
    expect(await complete(TEST, disk(TEST).replace("assert answer_customer(questions.asked(", "assert answer_customer(questions.|"))).toEqual(["asked", "sesame"]);
  });

  test("`ai.<prompt>` keys, item words and a `when`'s fields in `fakes:`, recording names in recorded(\"…\")", async () => {
    const fakes = disk(TEST).replace("        ai.answer_question: [refused]\n", "        |\n");
    expect(await complete(TEST, fakes)).toEqual(["ai.answer_order_question", "ai.answer_question", "ai.embed"]);
    const items = disk(TEST).replace("ai.answer_question: [refused]", "ai.answer_question: [refused, |]");
    expect(await complete(TEST, items)).toEqual([...AI_FAILURE_WORDS, "unavailable", "rate_limited", "malformed", "raw", "recorded", "partial", "generated", "when"]);
    const whenFields = disk(TEST).replace("ai.answer_question: [refused]", 'ai.answer_question: [when { question: "Sesame?"  | } => refused]');
    expect(await complete(TEST, whenFields)).toEqual(["reader_locale"]);
    const embed = disk(TEST).replace("ai.answer_question: [refused]", "ai.embed: [|]");
    expect(await complete(TEST, embed)).toEqual([...AI_FAILURE_WORDS, "unavailable", "rate_limited", "malformed", "raw", "recorded", "partial", "generated", "like", "when"]);
    const recorded = disk(TEST).replace('recorded("not_covered")', 'recorded("|")');
    expect(await complete(TEST, recorded)).toEqual(["not_covered", "sesame"]);
  });

  test("a tool prompt's script: its item words, then its tools after `call`", async () => {
    // Earlier tests left buffers that don't parse; the tools come from a program that checked.
    const parsing: [string, string][] = [[ACTION, disk(ACTION)], [TEST, disk(TEST)], ["domains/support/tone.jadpo", "type Tone = Enum { friendly formal }\n"]];
    for (const [open, text] of parsing) {
      await client.open(open, text);
      await client.change(open, text);
    }
    const orders = "domains/support/orders.jadpo";
    const source = `type OrderQuery = Object {\n    code: Text\n}\nfunction find_order(query: OrderQuery) -> Bool {\n    return true\n}\nprompt order_question(question: Text) {\n    text: "Question: {question}"\n    tools: { find_order: "Finds an order." }\n}\n`;
    await client.open(orders, source);
    await client.change(orders, source);
    const script = (items: string) => `test "orders" {\n    fakes: {\n        ai.order_question: [${items}]\n    }\n}\n`;
    const path = "domains/support/orders.test.jadpo";
    expect(await complete(path, script("|"))).toEqual([...AI_FAILURE_WORDS, "unavailable", "rate_limited", "malformed", "raw", "recorded", "partial", "generated", "call", "calls", "raw_call", "when"]);
    expect(await complete(path, script("call |"))).toEqual(["find_order"]);
    expect(await complete(path, script("calls [raw_call(\"find_order\", \"{}\"), |"))).toEqual(["find_order"]);
    for (const open of [orders, path]) await client.close(open);
  });

  test("after `ai.` and a library namespace", async () => {
    expect(await complete(ACTION, disk(ACTION).replace("ai.generate(asked", "ai.|(asked"))).toEqual(["generate", "stream", "embed", "answer_order_question", "answer_question"]);
    expect(await complete(TEST, disk(TEST).replace("list.count(asked) == 1\n    assert list.first", "list.|(asked) == 1\n    assert list.first"))).toEqual([
      "count", "first", "last", "get", "is_empty", "contains", "append", "take", "drop", "reverse", "concat", "index_of", "sum",
      "min", "max", "sort", "unique",
    ]);
    const read = disk(TEST).replace("list.count(asked) == 1\n    assert list.first", "list.count(ai.answer_question.|) == 1\n    assert list.first");
    expect(await complete(TEST, read)).toEqual(["requests", "attempts", "sent", "retries", "usage"]);
    const embedRead = disk(TEST).replace("list.count(asked) == 1\n    assert list.first", "list.count(ai.embed.|) == 1\n    assert list.first");
    expect(await complete(TEST, embedRead)).toEqual(["requests", "attempts", "retries", "usage"]);
    const numbers = "function f(x: Int) -> Int {\n    return number.|\n}\n";
    expect(await complete("domains/support/numbers.jadpo", numbers)).toEqual(["abs", "min", "max"]);
  });

  test("a fixtures group named as a newer namespace offers its fixtures, not the library's functions", async () => {
    const group = "fixtures int {\n    one -> Int { return 1 }\n}\nfunction f() -> Int {\n    return int.|\n}\n";
    expect(await complete("domains/support/ints.jadpo", group)).toEqual(["one"]);
  });
});

interface Action {
  title: string;
  edit: { changes: Record<string, { range: { start: Position; end: Position }; newText: string }[]> };
}

/** The buffer after applying one code action's edits (all in that buffer). */
function apply(text: string, action: Action): string {
  const edits = Object.values(action.edit.changes).flat();
  const lines = text.split("\n");
  const offset = (p: Position) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) {
    text = text.slice(0, offset(e.range.start)) + e.newText + text.slice(offset(e.range.end));
  }
  return text;
}

async function actionsFor(path: string, buffer: string): Promise<{ diagnostics: LspDiagnostic[]; actions: Action[] }> {
  await client.open(path, buffer);
  await client.change(path, buffer);
  const diagnostics = await client.diagnosticsOf(path, (d) => d.length > 0);
  const actions = await client.request<Action[]>("textDocument/codeAction", path, undefined, { range: diagnostics[0].range, context: { diagnostics } });
  return { diagnostics, actions };
}

describe("code actions", () => {
  // The completion tests left buffers that don't parse, and a syntax error anywhere stops the
  // checker (as in `jadpo check`): closing them brings back the files on disk.
  beforeAll(async () => {
    for (const path of [TEST, "domains/support/tone.jadpo", "domains/support/numbers.jadpo", "domains/support/ints.jadpo"]) await client.close(path);
  });

  test("add the missing `use`: into the module's `use` line, or a new line, and the file checks clean", async () => {
    const missing = disk(ACTION).replace("use support/failures { AnswerUnreadable, AssistantUnavailable }", "use support/failures { AssistantUnavailable }");
    const first = await actionsFor(ACTION, missing);
    expect(first.actions.map((a) => a.title)).toEqual(["Add `AnswerUnreadable` to `use support/failures`"]);
    const fixed = apply(missing, first.actions[0]);
    expect(fixed).toBe(disk(ACTION).replace("{ AnswerUnreadable, AssistantUnavailable }", "{ AssistantUnavailable, AnswerUnreadable }"));
    await client.change(ACTION, fixed);
    expect(await client.diagnosticsOf(ACTION, (d) => d.length === 0)).toEqual([]);

    const noLine = disk(ACTION).replace("use support/failures { AnswerUnreadable, AssistantUnavailable }\n", "");
    const second = await actionsFor(ACTION, noLine);
    // The line is missing for two names: one diagnostic, whose fix imports both, and the file checks clean.
    expect(second.diagnostics).toHaveLength(1);
    expect(second.actions.map((a) => a.title)).toEqual(["Add `AssistantUnavailable`, `AnswerUnreadable` to `use support/failures`"]);
    const added = apply(noLine, second.actions[0]);
    expect(added.split("\n").slice(0, 4)).toEqual([
      "use support/types { CustomerQuestion, SupportAnswer }", "use support/prompts { AnswerQuestion }", "use support/failures { AssistantUnavailable, AnswerUnreadable }", "",
    ]);
    await client.change(ACTION, added);
    expect(await client.diagnosticsOf(ACTION, (d) => d.length === 0)).toEqual([]);
  });

  test("apply a \"did you mean\"", async () => {
    const typo = disk(ACTION).replace("failure AiUnreadable =>", "failure AiUnredable =>");
    const { diagnostics, actions } = await actionsFor(ACTION, typo);
    expect(diagnostics[0].message.split("\n")[2]).toBe("next: Did you mean `AiUnreadable`? (agent)");
    expect(actions.map((a) => a.title)).toEqual(["Change to `AiUnreadable`"]);
    expect(apply(typo, actions[0])).toBe(disk(ACTION));
    await client.change(ACTION, disk(ACTION));
    await client.diagnosticsOf(ACTION, (d) => d.length === 0);
  });

  test("an action comes from the diagnostic's fixes, not its words: a locale tag's canonical case", async () => {
    const written = disk("app.jadpo").replace('default: "en-GB"', 'default: "en-gb"');
    const { diagnostics, actions } = await actionsFor("app.jadpo", written);
    expect(diagnostics[0].message).not.toContain("Did you mean");
    expect(actions.map((a) => a.title)).toEqual(['Change to `"en-GB"`']);
    expect(apply(written, actions[0])).toBe(disk("app.jadpo"));
    await client.change("app.jadpo", disk("app.jadpo"));
    await client.diagnosticsOf("app.jadpo", (d) => d.length === 0);
  });
});

describe("document symbols", () => {
  test("each declaration, with fields, members and tests", async () => {
    type Symbol = { name: string; kind: number; children?: Symbol[] };
    const names = (list: Symbol[]): unknown[] => list.map((s) => (s.children && s.children.length > 0 ? { [s.name]: names(s.children) } : s.name));
    await client.open("domains/support/types.jadpo");
    expect(names(await client.request<Symbol[]>("textDocument/documentSymbol", "domains/support/types.jadpo"))).toEqual([
      "CustomerQuestion", { SupportAnswer: ["resolved_by_articles", "reply"] }, { HelpArticle: ["title", "body"] },
      "OrderCode", { OrderLookup: ["code"] }, { OrderState: ["baking", "ready", "collected"] }, { OrderStatus: ["code", "state"] },
      { OrderAnswer: ["order_found", "reply"] },
    ]);
    await client.open(TEST);
    const tests = await client.request<Symbol[]>("textDocument/documentSymbol", TEST);
    expect(tests.map((s) => s.name)).toEqual([
      "a question the model answers", "an answer that doesn't decode is corrected once", "each failure is one of the app's own",
      "a refusal is reported as the assistant being unavailable", "a question the articles don't answer goes to a person",
      "a question with no script is answered with a generated answer",
      "each question takes its own answer, whatever the order they are asked in",
    ]);
    await client.open("domains/support/fixtures/questions.jadpo");
    expect(names(await client.request<Symbol[]>("textDocument/documentSymbol", "domains/support/fixtures/questions.jadpo"))).toEqual([{ questions: ["asked", "sesame"] }]);
  });
});
