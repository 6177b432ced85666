// Hover and go to definition over the protocol, on the example: types of names and
// expressions, declarations' signatures, a prompt's version; definitions of types, failures,
// actions, functions, prompts, fixtures, `use` paths and `recorded("x")`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LspClient, stopChecked, type Position } from "../support/lsp.ts";
import { copyExample } from "../support/example.ts";

const ACTION = "domains/support/actions/answer_customer.jadpo";
const TEST = "domains/support/actions/answer_customer.test.jadpo";
const GREETING_TEST = "domains/support/functions/greeting.jadpotest";

let client: LspClient;
beforeAll(async () => {
  client = await LspClient.start(copyExample("jadpo-lsp-nav-"));
  for (const path of [ACTION, TEST, GREETING_TEST]) await client.open(path);
  // Requests answer from the last complete check: wait for the one of these buffers.
  for (const path of [ACTION, TEST, GREETING_TEST]) await client.diagnosticsOf(path);
});
afterAll(() => stopChecked(client));

const text = (path: string) => readFileSync(join(client.root, path), "utf8");
const at = (path: string, needle: string, shift = 0, nth = 1): Position => LspClient.positionOf(text(path), needle, shift, nth);

async function hover(path: string, position: Position): Promise<string | null> {
  const result = await client.request<{ contents: { value: string } } | null>("textDocument/hover", path, position);
  return result?.contents.value ?? null;
}

interface Location {
  uri: string;
  range: { start: Position; end: Position };
}

/** Where a definition lands: `path:line:character` (0-based), one per location. */
async function definition(path: string, position: Position): Promise<string[]> {
  const found = await client.request<Location[] | Location | null>("textDocument/definition", path, position);
  const list = found === null ? [] : Array.isArray(found) ? found : [found];
  return list.map((l) => `${decodeURIComponent(l.uri).slice(`file://${client.root}/`.length)}:${l.range.start.line}:${l.range.start.character}`);
}

describe("hover", () => {
  test("the type of a name and of an expression", async () => {
    expect(await hover(ACTION, at(ACTION, "question: question", 12))).toBe("```jadpo\nquestion: CustomerQuestion\n```");
    // A parameter where it is declared, of an action and of a fixture.
    expect(await hover(ACTION, at(ACTION, "answer_customer(question: CustomerQuestion)", 18))).toBe("```jadpo\nquestion: CustomerQuestion\n```");
    const FIXTURES = "domains/support/fixtures/questions.jadpo";
    expect(await hover(FIXTURES, at(FIXTURES, "asked(question: CustomerQuestion)", 8))).toBe("```jadpo\nquestion: CustomerQuestion\n```");
    expect(await hover(TEST, at(TEST, "assert reply.resolved_by_articles", 9))).toBe("```jadpo\nreply: SupportAnswer\n```");
    expect(await hover(TEST, at(TEST, "list.count(asked) == 1", 14))).toBe("```jadpo\nasked: List<AnswerQuestion>\n```");
    expect(await hover(TEST, at(TEST, "assert reply.resolved_by_articles", 15))).toBe("```jadpo\nreply.resolved_by_articles: Bool\n```\na field of `SupportAnswer`");
    expect(await hover(TEST, at(TEST, 'answer_customer("Sesame?")', 17))).toBe('```jadpo\n"Sesame?": CustomerQuestion\n```');
    expect(await hover(TEST, at(TEST, "list.count(asked) == 1", 19))).toBe("```jadpo\nlist.count(asked) == 1: Bool\n```");
  });

  test("a declaration's signature, where it is declared", async () => {
    expect(await hover(TEST, at(TEST, "attempt answer_customer(", 10))).toBe([
      "```jadpo",
      "action answer_customer(question: CustomerQuestion) fails AssistantUnavailable, AnswerUnreadable -> SupportAnswer",
      "```",
      "declared in `domains/support/actions/answer_customer.jadpo`",
    ].join("\n"));
    expect(await hover(ACTION, at(ACTION, "-> SupportAnswer", 5))).toBe([
      "```jadpo", "type SupportAnswer = Object { resolved_by_articles: Bool  reply: Text }", "```",
      "declared in `domains/support/types.jadpo`",
    ].join("\n"));
    expect(await hover(GREETING_TEST, at(GREETING_TEST, "greeting(Locale", 2))).toBe([
      "```jadpo", "function greeting(locale: Locale) -> Greeting", "```", "declared in `domains/support/functions/greeting.jadpo`",
    ].join("\n"));
  });

  test("a prompt's version", async () => {
    expect(await hover(ACTION, at(ACTION, "fails AssistantUnavailable", 8))).toBe([
      "```jadpo", "failure AssistantUnavailable { kind: Unavailable  message: \"The assistant can't answer right now.\" }", "```",
      "declared in `domains/support/failures.jadpo`",
    ].join("\n"));
    expect(await hover(TEST, at(TEST, "ai.answer_question: [", 5))).toBe([
      "```jadpo", "prompt answer_question(question: CustomerQuestion, reader_locale: Locale)", "// version: answer_question@b44ecc53", "```",
      "declared in `domains/support/prompts/answer_question.jadpo`",
    ].join("\n"));
  });
});

describe("go to definition", () => {
  test("types, failures, actions, functions and prompts", async () => {
    expect(await definition(ACTION, at(ACTION, "-> SupportAnswer", 5))).toEqual(["domains/support/types.jadpo:2:5"]);
    expect(await definition(ACTION, at(ACTION, "reject AnswerUnreadable", 9))).toEqual(["domains/support/failures.jadpo:2:8"]);
    expect(await definition(TEST, at(TEST, "fails AssistantUnavailable", 7))).toEqual(["domains/support/failures.jadpo:0:8"]);
    expect(await definition(TEST, at(TEST, "attempt answer_customer(", 10))).toEqual([`${ACTION}:4:7`]);
    expect(await definition(GREETING_TEST, at(GREETING_TEST, "greeting(Locale", 1))).toEqual(["domains/support/functions/greeting.jadpo:2:9"]);
    expect(await definition(ACTION, at(ACTION, "ai.generate(asked", 5))).toEqual(["domains/support/prompts/answer_question.jadpo:2:7"]);
    expect(await definition(TEST, at(TEST, "ai.answer_question: [", 4))).toEqual(["domains/support/prompts/answer_question.jadpo:2:7"]);
    expect(await definition(ACTION, at(ACTION, "AnswerQuestion {", 3))).toEqual(["domains/support/prompts/answer_question.jadpo:2:7"]);
  });

  test("fixtures, enum members, use paths and names, and recorded(\"x\") → the recording file", async () => {
    expect(await definition(TEST, at(TEST, "questions.asked(", 12))).toEqual(["domains/support/fixtures/questions.jadpo:4:4"]);
    expect(await definition(TEST, at(TEST, "Locale.en_gb", 8))).toEqual([]); // the prelude's Locale is declared nowhere
    expect(await definition(TEST, at(TEST, "use support/fixtures", 14))).toEqual(["domains/support/fixtures/questions.jadpo:0:0"]);
    expect(await definition(TEST, at(TEST, "use support/types { CustomerQuestion", 22))).toEqual(["domains/support/types.jadpo:0:5"]);
    expect(await definition(TEST, at(TEST, 'recorded("not_covered")', 12))).toEqual([
      "domains/support/prompts/recordings/answer_question/not_covered.json:0:0",
    ]);
  });

  test("a local: its parameter, `var`, `for` item or match binding", async () => {
    expect(await definition(ACTION, at(ACTION, "question: question", 11))).toEqual([`${ACTION}:4:23`]);
    expect(await definition(ACTION, at(ACTION, "ai.generate(asked", 13))).toEqual([`${ACTION}:8:8`]);
    expect(await definition(ACTION, at(ACTION, "=> answer", 4))).toEqual([`${ACTION}:10:16`]);
    const path = "domains/support/sum.jadpo";
    await client.open(path, "function total(items: List<Int>) -> Int {\n    var mut sum = 0\n    for item in items {\n        sum = sum + item\n    }\n    return sum\n}\n");
    await client.diagnosticsOf(path);
    expect(await definition(path, { line: 3, character: 20 })).toEqual([`${path}:2:8`]); // `item`
    expect(await definition(path, { line: 3, character: 8 })).toEqual([`${path}:1:12`]); // `sum =`
    expect(await definition(path, { line: 2, character: 17 })).toEqual([`${path}:0:15`]); // `items`
  });

  test("an enum member of a declared type", async () => {
    const path = "domains/support/tone.jadpo";
    await client.open(path, "type Tone = Enum { friendly formal }\n\nfunction pick() -> Tone {\n    return Tone.formal\n}\n");
    await client.diagnosticsOf(path);
    expect(await definition(path, { line: 3, character: 17 })).toEqual([`${path}:0:28`]);
    expect(await hover(path, { line: 3, character: 17 })).toBe("```jadpo\nTone.formal\n```\na member of `Tone`");
  });
});
