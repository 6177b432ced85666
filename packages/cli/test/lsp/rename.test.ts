// Rename over the protocol: prepare-rename's range, edits across files that leave the project
// checking clean when applied (a type across many files, a prompt with its values type, keys,
// sandbox entry and recordings folder, a tool with its `call` items and `.called` uses but not
// the `raw_call` text, a fixture with the recording naming it), and refusals with the reason:
// prelude and library names, wrong casing, a name already taken.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { LspClient, stopChecked, type Position } from "../support/lsp.ts";
import { runJadpoHere } from "../support/jadpo.ts";
import { applyToDisk, startOnToolProject, ORDERS, ORDERS_TEST, READY, SESAME, type Range, type WorkspaceEdit } from "./tool-project.ts";

const TEST = "domains/support/actions/answer_customer.test.jadpo";
const ACTION = "domains/support/actions/answer_customer.jadpo";
const FIXTURES = "domains/support/fixtures/questions.jadpo";
const TYPES = "domains/support/types.jadpo";
const PROMPT = "domains/support/prompts/answer_question.jadpo";
/** A client that applies file and folder renames, as VS Code does. */
const CAPABILITIES = { workspace: { workspaceEdit: { documentChanges: true, resourceOperations: ["create", "rename", "delete"] } } };

let client: LspClient | null = null;
afterEach(async () => {
  if (client) await stopChecked(client);
  client = null;
});

async function start(): Promise<{ root: string; lsp: LspClient }> {
  const started = await startOnToolProject("jadpo-lsp-rename-", [TEST], CAPABILITIES);
  client = started.client;
  return { root: started.root, lsp: started.client };
}

const at = (root: string, path: string, needle: string, shift = 0): Position => LspClient.positionOf(readFileSync(join(root, path), "utf8"), needle, shift);

/** The files an edit touches (root-relative), and the folder renames as `old → new`. */
function touched(root: string, edit: WorkspaceEdit): string[] {
  const rel = (uri: string) => decodeURIComponent(uri).slice(`file://${root}/`.length);
  return (edit.documentChanges ?? []).map((c) => ("kind" in c ? `${rel(c.oldUri)} → ${rel(c.newUri)}` : rel(c.textDocument.uri))).sort();
}

async function checks(root: string): Promise<string> {
  const run = await runJadpoHere(["check"], { cwd: root });
  return run.stdout + run.stderr;
}

describe("prepare rename", () => {
  test("the name under the cursor, or a refusal for the prelude's and the library's names", async () => {
    const { root, lsp } = await start();
    const range = await lsp.request<{ range: Range; placeholder: string }>("textDocument/prepareRename", TEST, at(root, TEST, "reply.resolved", 8));
    expect(range.placeholder).toBe("resolved_by_articles");
    await expect(lsp.request("textDocument/prepareRename", TEST, at(root, TEST, "List<AnswerQuestion>", 1))).rejects.toMatchObject({
      message: "`List` is a prelude type: only the project's own names can be renamed",
    });
    await expect(lsp.request("textDocument/prepareRename", TEST, at(root, TEST, "list.count", 6))).rejects.toMatchObject({
      message: "`list.count` is a library function: only the project's own names can be renamed",
    });
    await expect(lsp.request("textDocument/prepareRename", TEST, at(root, TEST, "Locale.en_gb", 8))).rejects.toMatchObject({ code: -32803 });
  });
});

describe("rename", () => {
  test("a type, across every file that declares, imports or uses it", async () => {
    const { root, lsp } = await start();
    const edit = await lsp.request<WorkspaceEdit>("textDocument/rename", TEST, at(root, TEST, "CustomerQuestion", 2), { newName: "ShopperQuestion" });
    expect(touched(root, edit)).toEqual([
      ACTION, TEST, "domains/support/actions/nearest_article.jadpo", FIXTURES, ORDERS, PROMPT, TYPES,
      "domains/support/actions/answer_customer_order.jadpo", "domains/support/prompts/answer_order_question.jadpo",
    ].sort());
    applyToDisk(edit);
    expect(readFileSync(join(root, TYPES), "utf8")).toContain("type ShopperQuestion = Text");
    expect(readFileSync(join(root, FIXTURES), "utf8")).toContain("asked(question: ShopperQuestion) -> ShopperQuestion");
    expect(await checks(root)).toMatch(/^✓ Check passed/);
  });

  test("a prompt: its values type, `ai.<prompt>` keys and uses, sandbox entry, its recordings' versions and folder", async () => {
    const { root, lsp } = await start();
    const edit = await lsp.request<WorkspaceEdit>("textDocument/rename", TEST, at(root, TEST, "ai.answer_question.requests", 4), { newName: "ask_question" });
    expect(touched(root, edit)).toEqual([
      ACTION, TEST, "app.jadpo", FIXTURES, PROMPT, SESAME, "domains/support/prompts/recordings/answer_question/not_covered.json",
      "domains/support/actions/answer_network.test.jadpo",
      "domains/support/prompts/recordings/answer_question → domains/support/prompts/recordings/ask_question",
    ].sort());
    // The folder is renamed after the edits of the files in it.
    expect("kind" in edit.documentChanges!.at(-1)!).toBe(true);
    applyToDisk(edit);
    const test = readFileSync(join(root, TEST), "utf8");
    expect(test).toContain("ai.ask_question: [");
    expect(test).toContain("var asked: List<AskQuestion> = ai.ask_question.requests");
    expect(test).not.toMatch(/answer_question|AnswerQuestion/);
    expect(readFileSync(join(root, "app.jadpo"), "utf8")).toContain("sandbox: [ask_question]");
    // The version keeps its digest: the recordings now alert as made from an older prompt.
    expect(readFileSync(join(root, "domains/support/prompts/recordings/ask_question/sesame.json"), "utf8")).toContain('"version": "ask_question@b44ecc53"');
    expect(await checks(root)).toMatch(/^✓ Check passed/);
    const run = await runJadpoHere(["test"], { cwd: root });
    expect(run.stdout).toContain("▲ alert  `ask_question`'s recording `sesame` was made from an older prompt (b44ecc53, now ");
  });

  test("a prompt with recordings, in an editor that can't rename folders: refused, saying what to do first", async () => {
    const started = await startOnToolProject("jadpo-lsp-rename-", [TEST], { workspace: { workspaceEdit: { documentChanges: true } } });
    client = started.client;
    const root = started.root;
    const folder = "domains/support/prompts/recordings";
    await expect(client.request("textDocument/rename", TEST, at(root, TEST, "ai.answer_question.requests", 4), { newName: "ask_question" })).rejects.toMatchObject({
      message: `Can't rename \`answer_question\` here: its recordings in \`${folder}/answer_question/\` must be renamed with it, and this editor can't rename folders. Rename the folder to \`${folder}/ask_question/\` first, then rename the prompt again.`,
    });
    // Other names still rename, as plain text edits.
    const edit = await client.request<WorkspaceEdit>("textDocument/rename", TEST, at(root, TEST, "CustomerQuestion", 2), { newName: "ShopperQuestion" });
    expect(Object.keys(edit.changes ?? {})).toHaveLength(9);
  });

  test("from the values type's spelling, the prompt is renamed with it", async () => {
    const { root, lsp } = await start();
    const edit = await lsp.request<WorkspaceEdit>("textDocument/rename", ACTION, at(root, ACTION, "AnswerQuestion {", 2), { newName: "AskQuestion" });
    applyToDisk(edit);
    expect(readFileSync(join(root, PROMPT), "utf8")).toContain("prompt ask_question(");
    expect(await checks(root)).toMatch(/^✓ Check passed/);
  });

  test("a tool: its `tools:` key, `call` items, `.called.<tool>` uses and recorded steps; a `raw_call` text stays", async () => {
    const { root, lsp } = await start();
    const edit = await lsp.request<WorkspaceEdit>("textDocument/rename", ORDERS_TEST, at(root, ORDERS_TEST, "call find_order", 6), { newName: "lookup_order" });
    expect(touched(root, edit)).toEqual([ORDERS, ORDERS_TEST, READY]);
    applyToDisk(edit);
    expect(readFileSync(join(root, READY), "utf8")).toContain('"tool": "lookup_order"');
    const test = readFileSync(join(root, ORDERS_TEST), "utf8");
    expect(test).toContain('[call lookup_order(OrderQuery { code: "ABC-1234" }), raw_call("find_order", "{}"), true]');
    expect(test).toContain("ai.order_question.called.lookup_order");
    expect(readFileSync(join(root, ORDERS), "utf8")).toContain('tools: { lookup_order: "Finds an order by its code." }');
    expect(await checks(root)).toMatch(/^✓ Check passed/);
  });

  test("a fixture, and the recording made with it", async () => {
    const { root, lsp } = await start();
    await lsp.open(FIXTURES);
    const edit = await lsp.request<WorkspaceEdit>("textDocument/rename", FIXTURES, at(root, FIXTURES, "sesame ->", 1), { newName: "sesame_bread" });
    expect(touched(root, edit)).toEqual([FIXTURES, SESAME]);
    applyToDisk(edit);
    expect(readFileSync(join(root, SESAME), "utf8")).toContain('"fixture": "questions.sesame_bread"');
    expect(await checks(root)).toMatch(/^✓ Check passed/);
  });

  test("a local, in its declaration only", async () => {
    const { root, lsp } = await start();
    await lsp.open(ACTION);
    const edit = await lsp.request<WorkspaceEdit>("textDocument/rename", ACTION, at(root, ACTION, "var asked", 5), { newName: "values" });
    expect(touched(root, edit)).toEqual([ACTION]);
    expect(edit.documentChanges?.flatMap((c) => ("edits" in c ? c.edits.map((e) => `${e.range.start.line}:${e.range.start.character}`) : []))).toEqual(["8:8", "9:29"]);
  });

  test("refused: the wrong casing, a keyword, a name already declared", async () => {
    const { root, lsp } = await start();
    const rename = (path: string, needle: string, shift: number, newName: string) => lsp.request("textDocument/rename", path, at(root, path, needle, shift), { newName });
    await expect(rename(TEST, "CustomerQuestion", 2, "shopper_question")).rejects.toMatchObject({
      code: -32803,
      message: expect.stringContaining("Can't rename to `shopper_question`: `shopper_question` should be written `ShopperQuestion` (name.casing)"),
    });
    // A values type's name must be one a prompt's name turns into.
    await expect(rename(ACTION, "AnswerQuestion {", 2, "ASKQuestion")).rejects.toMatchObject({
      message: expect.stringContaining("`ASKQuestion` should be written `AskQuestion` (name.casing)"),
    });
    await expect(rename(ACTION, "var asked", 5, "match")).rejects.toMatchObject({
      message: expect.stringContaining("`match` is already declared in the language as a keyword (name.duplicate)"),
    });
    await expect(rename(TEST, "CustomerQuestion", 2, "SupportAnswer")).rejects.toMatchObject({
      message: expect.stringContaining("`SupportAnswer` is already declared in `domains/support/types.jadpo`, on line 3 (name.duplicate)"),
    });
    await expect(rename(TEST, "reply.resolved", 8, "reply")).rejects.toMatchObject({
      message: expect.stringContaining("`reply` is already declared in `domains/support/types.jadpo`, on line 3 (name.duplicate)"),
    });
  });
});
