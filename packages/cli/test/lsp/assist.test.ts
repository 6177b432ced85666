// Signature help, record fields (completion after `reply.`, hover and definition on accesses,
// literals and declarations), a tool's arguments inside `call`, and the "run test" lens with the
// command it runs, over the protocol, on buffers being typed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LspClient, stopChecked, type Position } from "../support/lsp.ts";
import { startOnToolProject, ORDERS_TEST, type Range } from "./tool-project.ts";

const ACTION = "domains/support/actions/answer_customer.jadpo";
const TEST = "domains/support/actions/answer_customer.test.jadpo";
const TYPES = "domains/support/types.jadpo";

let client: LspClient;
beforeAll(async () => {
  ({ client } = await startOnToolProject("jadpo-lsp-assist-", [ACTION, TEST, ORDERS_TEST]));
});
afterAll(() => stopChecked(client));

const disk = (path: string) => readFileSync(join(client.root, path), "utf8");

function cursorOf(text: string): { buffer: string; position: Position } {
  const cursor = text.indexOf("|");
  const before = text.slice(0, cursor);
  return { buffer: text.replace("|", ""), position: { line: before.split("\n").length - 1, character: cursor - before.lastIndexOf("\n") - 1 } };
}

/** Types `text` (its cursor at `|`) into `path` without waiting for a check: what an editor asks while typing. */
async function typed(path: string, text: string): Promise<Position> {
  const { buffer, position } = cursorOf(text);
  await client.change(path, buffer);
  return position;
}

interface Help {
  signatures: { label: string; parameters: { label: string }[] }[];
  activeParameter: number;
}

/** The signature offered and its active parameter, as `label` / `parameter`. */
async function signature(path: string, text: string): Promise<string | null> {
  const position = await typed(path, text);
  const help = await client.request<Help | null>("textDocument/signatureHelp", path, position);
  if (!help) return null;
  const info = help.signatures[0];
  return `${info.label} / ${info.parameters[help.activeParameter]?.label ?? ""}`;
}

describe("signature help", () => {
  const inAction = (call: string) => disk(ACTION).replace("    return match ai.generate(asked", `    var x = ${call}\n    return match ai.generate(asked`);

  test("an action, a function, a fixture and a library function, the argument being written active", async () => {
    expect(await signature(TEST, disk(TEST).replace('attempt answer_customer("Sesame?")', 'attempt answer_customer(|"Sesame?")'))).toBe(
      "action answer_customer(question: CustomerQuestion) fails AssistantUnavailable, AnswerUnreadable -> SupportAnswer / question: CustomerQuestion",
    );
    expect(await signature(ACTION, inAction("chat_reply(|"))).toBe("function chat_reply(answer: SupportAnswer) -> ChatReply / answer: SupportAnswer");
    expect(await signature(TEST, disk(TEST).replace('questions.asked("Help me pick a lock")', 'questions.asked(|')))
      .toBe("questions.asked(question: CustomerQuestion) -> CustomerQuestion / question: CustomerQuestion");
    expect(await signature(ACTION, inAction("text.slice(question, 1, |"))).toBe("text.slice(t: Text, from: Int, to: Int) -> Text / to: Int");
  });

  test("`ai.generate(`, a prompt's values and a tool's arguments", async () => {
    expect(await signature(ACTION, disk(ACTION).replace("ai.generate(asked, as: SupportAnswer)", "ai.generate(asked, |"))).toBe(
      "ai.generate(values: <a prompt's values>, as: T) / as: T",
    );
    expect(await signature(ACTION, disk(ACTION).replace("AnswerQuestion { question: question  reader_locale", "AnswerQuestion { question: question  reader_locale: |"))).toBe(
      "AnswerQuestion { question: CustomerQuestion  reader_locale: Locale } / reader_locale: Locale",
    );
    const script = disk(ORDERS_TEST).replace('call find_order(OrderQuery { code: "ABC-1234" })', "call find_order(|");
    expect(await signature(ORDERS_TEST, script)).toBe("find_order(arguments: OrderQuery) / arguments: OrderQuery");
    const args = disk(ORDERS_TEST).replace('call find_order(OrderQuery { code: "ABC-1234" })', "call find_order(OrderQuery { |");
    expect(await signature(ORDERS_TEST, args)).toBe("OrderQuery { code: Text } / code: Text");
  });

  test("nothing outside a call or a record", async () => {
    expect(await signature(ACTION, inAction("1 + |"))).toBeNull();
  });
});

interface Item {
  label: string;
  detail?: string;
}

async function complete(path: string, text: string): Promise<string[]> {
  const position = await typed(path, text);
  const found = await client.request<Item[]>("textDocument/completion", path, position);
  return found.map((i) => `${i.label}${i.detail ? `: ${i.detail}` : ""}`);
}

describe("record fields", () => {
  test("`reply.` offers the record's fields while the file doesn't parse, and a field's fields after it", async () => {
    expect(await complete(TEST, disk(TEST).replace("assert reply.resolved_by_articles\n", "assert reply.|\n"))).toEqual(["resolved_by_articles: Bool", "reply: Text"]);
    expect(await complete(TEST, disk(TEST).replace("assert list.count(asked) == 1\n", "assert list.first(asked) == asked.|\n"))).toEqual([]);
  });

  test("inside `call <tool>(`, the tool's arguments fields", async () => {
    const script = disk(ORDERS_TEST).replace('call find_order(OrderQuery { code: "ABC-1234" })', "call find_order(OrderQuery { |");
    expect(await complete(ORDERS_TEST, script)).toEqual(["code"]);
  });

  test("hover and definition on an access, a literal's field and a declaration", async () => {
    // Back to the texts on disk, checked.
    for (const path of [ACTION, TEST, ORDERS_TEST]) await client.change(path, disk(path));
    for (const path of [ACTION, TEST, ORDERS_TEST]) await client.diagnosticsOf(path, (d) => d.length === 0);
    const where = async (path: string, needle: string, shift: number) => {
      const position = LspClient.positionOf(disk(path), needle, shift);
      const hover = await client.request<{ contents: { value: string } }>("textDocument/hover", path, position);
      const found = await client.request<{ uri: string; range: Range }[]>("textDocument/definition", path, position);
      return [hover.contents.value, ...found.map((l) => `${decodeURIComponent(l.uri).slice(`file://${client.root}/`.length)}:${l.range.start.line}:${l.range.start.character}`)];
    };
    expect(await where(TEST, "reply.reply ==", 7)).toEqual(["```jadpo\nreply.reply: Text\n```\na field of `SupportAnswer`", `${TYPES}:2:58`]);
    expect(await where(TEST, "resolved_by_articles: true", 2)).toEqual(["```jadpo\nresolved_by_articles: Bool\n```\na field of `SupportAnswer`", `${TYPES}:2:30`]);
    expect(await where(TYPES, "reply: Text", 1)).toEqual(["```jadpo\nreply: Text\n```\na field of `SupportAnswer`", `${TYPES}:2:58`]);
    expect(await where(ACTION, "reader_locale: Locale.en_gb", 2)).toEqual([
      "```jadpo\nreader_locale: Locale\n```\na field of the values of prompt `answer_question`", "domains/support/prompts/answer_question.jadpo:2:51",
    ]);
    // A `var` where it is declared: its type.
    expect((await where(ACTION, "var asked", 5))[0]).toBe("```jadpo\nasked: AnswerQuestion\n```");
  });
});

describe("the run-test lens", () => {
  test("one per test, whose command runs `jadpo test <file>:<line>` and reports its summary", async () => {
    const lenses = await client.request<{ range: Range; command: { title: string; command: string; arguments: unknown[] } }[]>("textDocument/codeLens", ORDERS_TEST);
    expect(lenses.map((l) => [l.range.start.line, l.command.title, l.command.command, l.command.arguments.slice(1)])).toEqual([
      [0, "▶ run test", "jadpo.runTest", [ORDERS_TEST, 1]],
    ]);
    const shown: string[] = [];
    client.connection.onNotification("window/showMessage", (params: { message: string }) => void shown.push(params.message));
    const run = await client.connection.sendRequest<{ command: string; exitCode: number; output: string }>("workspace/executeCommand", {
      command: lenses[0].command.command, arguments: lenses[0].command.arguments,
    });
    expect(run.command).toBe(`jadpo test ${ORDERS_TEST}:1`);
    expect(run.exitCode).toBe(0);
    expect(run.output).toContain("✓ 1 passed");
    expect(shown).toEqual([expect.stringMatching(/^jadpo test domains\/support\/orders\.test\.jadpo:1: ✓ 1 passed/)]);
    const tests = await client.request<unknown[]>("textDocument/codeLens", TEST);
    expect(tests.length).toBe(disk(TEST).split("\ntest ").length - 1);
  });
});
