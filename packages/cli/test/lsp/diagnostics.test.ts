// `jadpo lsp` publishes exactly what `jadpo check` reports (rule, place and text) for buffers
// as they are in the editor, unsaved: across files (an edit in types.jadpo updates an open test
// file), recordings included, cleared when fixed, and the disk again once a buffer is closed.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { fileURLToPath } from "node:url";
import { LspClient, type LspDiagnostic } from "../support/lsp.ts";
import { copyExample } from "../support/example.ts";
import { runJadpo } from "../support/jadpo.ts";

const ACTION = "domains/support/actions/answer_customer.jadpo";
const TEST = "domains/support/actions/answer_customer.test.jadpo";
const TYPES = "domains/support/types.jadpo";
const RECORDING = "domains/support/prompts/recordings/answer_question/not_covered.json";

let client: LspClient | null = null;
afterEach(async () => {
  await client?.stop();
  client = null;
});

/** One diagnostic as `file:line:column rule` and its text, from either side. */
interface Seen {
  where: string;
  rule: string;
  text: string;
}

/** `jadpo check`'s plain output, block by block (the `rule:` line becomes the rule). */
function fromCheck(stdout: string): Seen[] {
  // The blocks, a blank line between two, then the `check failed:` line right after the last.
  const text = stdout.trimEnd();
  const blocks = text.slice(0, text.lastIndexOf("\n")).split("\n\n");
  return blocks.map((block) => {
    const [heading, ...body] = block.split("\n");
    const [, summary, where] = /^error: (.*) --> (.*)$/.exec(heading)!;
    const rule = body.pop()!.replace("  rule: ", "");
    return { where, rule, text: [summary, ...body.map((line) => line.trim())].join("\n") };
  });
}

function fromLsp(root: string, byUri: Map<string, LspDiagnostic[]>): Seen[] {
  const seen: Seen[] = [];
  for (const [uri, list] of [...byUri].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const file = fileURLToPath(uri).slice(root.length + 1);
    for (const d of list) seen.push({ where: `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}`, rule: d.code, text: d.message });
  }
  return seen;
}

/** Writes `edits` to a second copy on disk and returns what `jadpo check` says about it. */
function checkOnDisk(edits: Record<string, string>): Seen[] {
  const disk = copyExample("jadpo-lsp-check-");
  for (const [path, text] of Object.entries(edits)) writeFileSync(join(disk, path), text);
  const run = runJadpo(["check", "--diagnostic-format", "plain"], { cwd: disk });
  expect(run.code).toBe(1);
  return fromCheck(run.stdout);
}

describe("diagnostics", () => {
  test("an unsaved edit gets the same rules and text as `jadpo check`, and clears when fixed", async () => {
    const root = copyExample("jadpo-lsp-");
    client = await LspClient.start(root);
    const original = readFileSync(join(root, ACTION), "utf8");
    await client.open(ACTION);
    await client.diagnosticsOf(ACTION, (d) => d.length === 0);
    const broken = original
      .replace("use support/failures { AnswerUnreadable, AssistantUnavailable }", "use support/failures { AssistantUnavailable }")
      .replace("success(answer) => answer", "success(answer) => answer.reply");
    await client.change(ACTION, broken);
    await client.diagnosticsOf(ACTION, (d) => d.length > 0);
    const expected = checkOnDisk({ [ACTION]: broken });
    // `AnswerUnreadable` is used twice: one `name.unknown` for the one missing import.
    expect(expected.map((d) => d.rule)).toEqual(["name.unknown", "type.mismatch"]);
    expect(fromLsp(root, client.diagnostics)).toEqual(expected);
    expect(readFileSync(join(root, ACTION), "utf8")).toBe(original); // nothing was saved

    await client.change(ACTION, original);
    expect(await client.diagnosticsOf(ACTION, (d) => d.length === 0)).toEqual([]);
  });

  test("a syntax error in a buffer is reported as `check` reports it", async () => {
    const root = copyExample("jadpo-lsp-");
    client = await LspClient.start(root);
    await client.open(TYPES);
    const broken = readFileSync(join(root, TYPES), "utf8").replace("reply: Text", "reply: Text {");
    await client.change(TYPES, broken);
    await client.diagnosticsOf(TYPES, (d) => d.length > 0);
    expect(fromLsp(root, client.diagnostics)).toEqual(checkOnDisk({ [TYPES]: broken }));
  });

  test("an edit in types.jadpo updates the open test file, and closing it unsaved brings back the disk", async () => {
    const root = copyExample("jadpo-lsp-");
    client = await LspClient.start(root);
    await client.open(TEST);
    await client.open(TYPES);
    await client.diagnosticsOf(TEST, (d) => d.length === 0);
    const renamed = readFileSync(join(root, TYPES), "utf8").replace("type SupportAnswer", "type SupportReply");
    await client.change(TYPES, renamed);
    const onTest = await client.diagnosticsOf(TEST, (d) => d.length > 0);
    expect(new Set(onTest.map((d) => d.code))).toEqual(new Set(["module.name_not_found"]));
    expect(onTest[0].message.split("\n")[0]).toBe("Module `support/types` has no `SupportAnswer`");
    expect(fromLsp(root, client.diagnostics)).toEqual(checkOnDisk({ [TYPES]: renamed }));

    await client.close(TYPES);
    await client.diagnosticsOf(TEST, (d) => d.length === 0);
    expect([...client.diagnostics.values()].flat()).toEqual([]);
  });

  test("an undecodable recording is reported as `check` reports it, and a new unsaved file is checked", async () => {
    const root = copyExample("jadpo-lsp-");
    client = await LspClient.start(root);
    const recording = readFileSync(join(root, RECORDING), "utf8").replace('"resolved_by_articles": false', '"resolved_by_articles": "no"');
    await client.open(RECORDING, recording);
    await client.diagnosticsOf(RECORDING, (d) => d.length > 0);
    const expected = checkOnDisk({ [RECORDING]: recording });
    expect(expected.map((d) => d.where)).toEqual([`${RECORDING}:1:1`]);
    expect(fromLsp(root, client.diagnostics)).toEqual(expected);

    const extra = "domains/support/extra.jadpo";
    await client.open(extra, "function twice(n: Int) -> Int {\n    return n * 2 + missing\n}\n");
    const onExtra = await client.diagnosticsOf(extra, (d) => d.length > 0);
    expect(onExtra.map((d) => `${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1}`)).toEqual(["name.unknown 2:20"]);
    expect(client.logged.filter((m) => m.includes("failed"))).toEqual([]);
  });
});

describe("checks made from the last one while typing", () => {
  const ORDERS = "domains/support/functions/orders.jadpo";
  const LOOK_UP = "domains/support/actions/look_up_order.jadpo";
  const lastCheck = (path: string) => client!.connection.sendRequest<{ checked: { whole: boolean; checked: number } | null }>("jadpo/lastCheck", { uri: client!.uri(path) });

  test("after body edits, a signature another file uses changed, and a syntax error made and mended: always `check`'s diagnostics", async () => {
    const root = copyExample("jadpo-lsp-");
    client = await LspClient.start(root);
    const action = readFileSync(join(root, ACTION), "utf8");
    const orders = readFileSync(join(root, ORDERS), "utf8");
    await client.open(ACTION);
    await client.open(ORDERS);
    await client.diagnosticsOf(ACTION, (d) => d.length === 0);

    // Inside a body: only that declaration is checked again.
    const unknown = action.replace("    var asked", "    var kept = nope\n    var asked");
    await client.change(ACTION, unknown);
    await client.diagnosticsOf(ACTION, (d) => d.length === 1);
    expect(fromLsp(root, client.diagnostics)).toEqual(checkOnDisk({ [ACTION]: unknown }));
    expect((await lastCheck(ACTION)).checked).toEqual({ whole: false, checked: 1 });

    // A signature that another file's body calls: the whole project, and that file's diagnostics.
    const taking = orders.replace("function todays_orders() ->", "function todays_orders(day: Int) ->");
    await client.change(ORDERS, taking);
    await client.diagnosticsOf(LOOK_UP, (d) => d.length === 1);
    expect(fromLsp(root, client.diagnostics)).toEqual(checkOnDisk({ [ACTION]: unknown, [ORDERS]: taking }));
    expect((await lastCheck(ORDERS)).checked?.whole).toBe(true);

    // A syntax error stops checking, as in `check`; mended, the body is checked from the last check.
    const broken = unknown.replace("    var kept = nope", "    var kept = (");
    await client.change(ACTION, broken);
    await client.diagnosticsOf(ACTION, (d) => d.some((x) => x.code.startsWith("syntax.")));
    expect(fromLsp(root, client.diagnostics)).toEqual(checkOnDisk({ [ACTION]: broken, [ORDERS]: taking }));
    const mended = unknown.replace("    var kept = nope", "    var kept = 1 + \"a\"");
    await client.change(ACTION, mended);
    await client.diagnosticsOf(ACTION, (d) => d.length === 1 && d[0].code === "type.mismatch");
    expect(fromLsp(root, client.diagnostics)).toEqual(checkOnDisk({ [ACTION]: mended, [ORDERS]: taking }));
    expect((await lastCheck(ACTION)).checked).toEqual({ whole: false, checked: 1 });
  });

  test("a file changed on disk, with no word from the client, is read again and checked at once", async () => {
    const root = copyExample("jadpo-lsp-");
    client = await LspClient.start(root);
    await client.open(ACTION);
    await client.diagnosticsOf(ACTION, (d) => d.length === 0);
    const orders = readFileSync(join(root, ORDERS), "utf8");
    writeFileSync(join(root, ORDERS), orders.replace("function todays_orders() ->", "function todays_orders(day: Int) ->"));
    const onLookUp = await client.diagnosticsOf(LOOK_UP, (d) => d.length === 1);
    expect(onLookUp.map((d) => d.code)).toEqual(["type.argument_count"]);
    writeFileSync(join(root, ORDERS), orders);
    await client.diagnosticsOf(LOOK_UP, (d) => d.length === 0);
  });
});
