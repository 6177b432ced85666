// References, document highlights and workspace symbols over the protocol, from the compiler's
// name table: a type used in a test and in a fixture, a prompt under its two spellings and its
// `ai.<prompt>` keys, a tool's `tools:` key, `call` item and `.called.<tool>` use (not the
// `raw_call` text), a field through accesses and record literals, a fixture named by a recording.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LspClient, stopChecked, type Position } from "../support/lsp.ts";
import { startOnToolProject, ORDERS, ORDERS_TEST, READY, SESAME, type Range } from "./tool-project.ts";

const ACTION = "domains/support/actions/answer_customer.jadpo";
const TEST = "domains/support/actions/answer_customer.test.jadpo";
const FIXTURES = "domains/support/fixtures/questions.jadpo";
const TYPES = "domains/support/types.jadpo";

let client: LspClient;
beforeAll(async () => {
  ({ client } = await startOnToolProject("jadpo-lsp-refs-", [ACTION, TEST, ORDERS_TEST]));
});
afterAll(() => stopChecked(client));

const text = (path: string) => readFileSync(join(client.root, path), "utf8");
const at = (path: string, needle: string, shift = 0, nth = 1): Position => LspClient.positionOf(text(path), needle, shift, nth);

/** Each place as `path:line:character` plus the text it spans. */
async function references(path: string, position: Position, includeDeclaration = true): Promise<string[]> {
  const found = await client.request<{ uri: string; range: Range }[]>("textDocument/references", path, position, { context: { includeDeclaration } });
  return found.map((l) => {
    const file = decodeURIComponent(l.uri).slice(`file://${client.root}/`.length);
    const line = text(file).split("\n")[l.range.start.line];
    return `${file}:${l.range.start.line}:${l.range.start.character} ${line.slice(l.range.start.character, l.range.end.character)}`;
  }).sort();
}

describe("references", () => {
  test("a type: its declaration, `use` names, parameters and results, in sources, tests and fixtures", async () => {
    expect(await references(TEST, at(TEST, "CustomerQuestion", 3))).toEqual([
      `${ACTION}:0:20 CustomerQuestion`,
      `${ACTION}:4:33 CustomerQuestion`,
      `${TEST}:0:20 CustomerQuestion`,
      "domains/support/actions/nearest_article.jadpo:0:20 CustomerQuestion",
      "domains/support/actions/nearest_article.jadpo:6:33 CustomerQuestion",
      "domains/support/actions/answer_customer_order.jadpo:0:20 CustomerQuestion",
      "domains/support/actions/answer_customer_order.jadpo:5:39 CustomerQuestion",
      "domains/support/prompts/answer_order_question.jadpo:0:20 CustomerQuestion",
      "domains/support/prompts/answer_order_question.jadpo:5:39 CustomerQuestion",
      `${ORDERS}:8:32 CustomerQuestion`,
      `${ORDERS}:13:27 CustomerQuestion`,
      `${FIXTURES}:0:20 CustomerQuestion`,
      `${FIXTURES}:4:20 CustomerQuestion`,
      `${FIXTURES}:4:41 CustomerQuestion`,
      "domains/support/prompts/answer_question.jadpo:0:20 CustomerQuestion",
      "domains/support/prompts/answer_question.jadpo:2:33 CustomerQuestion",
      `${TYPES}:0:5 CustomerQuestion`,
    ].sort());
    // Without the declaration.
    expect(await references(TEST, at(TEST, "CustomerQuestion", 3), false)).not.toContain(`${TYPES}:0:5 CustomerQuestion`);
  });

  test("a prompt: its declaration, its values type, `ai.<prompt>` keys and uses, the sandbox entry", async () => {
    const found = await references(TEST, at(TEST, "ai.answer_question: [", 5));
    expect(found).toContain("app.jadpo:10:29 answer_question");
    expect(found).toContain("domains/support/prompts/answer_question.jadpo:2:7 answer_question");
    expect(found).toContain(`${ACTION}:8:16 AnswerQuestion`);
    expect(found).toContain(`${FIXTURES}:7:14 AnswerQuestion`);
    expect(found.filter((f) => f.startsWith(`${TEST}:`) && f.endsWith(" answer_question")).length).toBe(10);
    // `.retries` of a prompt is one of its uses too.
    expect(found).toContain("domains/support/actions/answer_network.test.jadpo:18:14 answer_question");
    expect(found.filter((f) => f.startsWith(`${TEST}:`) && f.endsWith(" AnswerQuestion")).length).toBe(4);
  });

  test("a tool: its declaration, `tools:` key, `call` item, `.called.<tool>` and recorded steps, never a `raw_call` text", async () => {
    expect(await references(ORDERS_TEST, at(ORDERS_TEST, "call find_order", 6))).toEqual([
      `${ORDERS}:10:13 find_order`,
      `${ORDERS}:4:9 find_order`,
      `${ORDERS_TEST}:2:33 find_order`,
      `${ORDERS_TEST}:6:63 find_order`,
      `${READY}:9:19 find_order`,
    ]);
  });

  test("a field: its declaration, accesses and record literals (a scripted answer's too)", async () => {
    // Not the `"reply"` inside a `raw(…)` text: that is the model's text, not a name.
    expect(await references(TYPES, at(TYPES, "reply: Text", 1))).toEqual([
      `${ACTION}:21:38 reply`,
      `${TEST}:10:16 reply`,
      `${TEST}:32:17 reply`,
      `${TEST}:70:34 reply`,
      `${TEST}:75:70 reply`,
      `${TEST}:85:16 reply`,
      `${TEST}:89:16 reply`,
      "domains/support/actions/answer_network.test.jadpo:11:56 reply",
      "domains/support/actions/answer_network.test.jadpo:16:17 reply",
      `${TYPES}:2:58 reply`,
    ]);
  });

  test("a fixture: its declaration, its uses and a recording's `asked.fixture`", async () => {
    expect(await references(FIXTURES, at(FIXTURES, "sesame -> AnswerQuestion", 2))).toEqual([
      `${FIXTURES}:7:4 sesame`,
      `${SESAME}:6:26 sesame`,
    ]);
    expect(await references(FIXTURES, at(FIXTURES, "fixtures questions", 10))).toContain(`${SESAME}:6:16 questions`);
  });

  test("nothing at a keyword or in a text", async () => {
    expect(await references(TEST, at(TEST, "test \"a question", 1))).toEqual([]);
  });
});

describe("document highlights", () => {
  test("a local's declaration (written) and uses (read), in this file only", async () => {
    const found = await client.request<{ range: Range; kind: number }[]>("textDocument/documentHighlight", ACTION, at(ACTION, "var asked", 5));
    expect(found.map((h) => `${h.range.start.line}:${h.range.start.character}:${h.kind}`)).toEqual(["8:8:3", "9:29:2"]);
  });
});

describe("workspace symbols", () => {
  test("declarations, fixtures and tests whose names hold the query's letters in order", async () => {
    const found = await client.connection.sendRequest<{ name: string; location: { uri: string } }[]>("workspace/symbol", { query: "ordq" });
    // The example's own: its prompt with a tool, and a test of it.
    expect(found.map((s) => s.name).sort()).toEqual([
      "OrderQuery", "a model that never stops looking orders up hands the question to a person", "answer_order_question", "order_question",
    ]);
    const fixture = await client.connection.sendRequest<{ name: string }[]>("workspace/symbol", { query: "questions.ses" });
    expect(fixture.map((s) => s.name)).toEqual(["questions.sesame"]);
  });
});
