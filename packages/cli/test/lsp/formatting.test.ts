// Document formatting over the protocol: advertised, the edits make an open buffer exactly what
// `jadpo fmt` writes, none for a formatted buffer or one with a syntax error.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formatSource } from "@jadpo/compiler";
import { LspClient, stopChecked, type Position } from "../support/lsp.ts";
import { copyExample } from "../support/example.ts";

interface TextEdit {
  range: { start: Position; end: Position };
  newText: string;
}

/** `text` with the edits made (each range in the text as it was). */
function applied(text: string, edits: TextEdit[]): string {
  const offset = (p: Position) => {
    let at = 0;
    for (let line = 0; line < p.line; line++) at = text.indexOf("\n", at) + 1;
    return at + p.character;
  };
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const edit of sorted) out = out.slice(0, offset(edit.range.start)) + edit.newText + out.slice(offset(edit.range.end));
  return out;
}

const FILE = "domains/support/functions/format_me.jadpo";

let client: LspClient;
let capabilities: Record<string, unknown>;
beforeAll(async () => {
  client = new LspClient(copyExample("jadpo-lsp-format-"));
  const init = await client.connection.sendRequest<{ capabilities: Record<string, unknown> }>("initialize", { processId: process.pid, rootUri: client.uri(""), capabilities: {} });
  capabilities = init.capabilities;
  await client.connection.sendNotification("initialized", {});
});
afterAll(() => stopChecked(client));

const format = (path: string) => client.request<TextEdit[] | null>("textDocument/formatting", path, undefined, { options: { tabSize: 2, insertSpaces: true } });

describe("textDocument/formatting", () => {
  test("is advertised", () => {
    expect(capabilities.documentFormattingProvider).toBe(true);
  });

  test("gives the edits that make the buffer (unsaved) what `jadpo fmt` writes", async () => {
    const text = [
      "// Kept.",
      "type Stars = Int { min: 1 max: 5 }",
      "",
      "function   stars( n:Int )->Stars{",
      "  return   Stars(n) // why",
      "}",
      "",
      "type Tone = Enum {calm cross}",
      "",
    ].join("\n");
    await client.open(FILE, text);
    const edits = await format(FILE);
    const expected = formatSource(FILE, text);
    expect(expected.ok && expected.changed).toBe(true);
    expect(applied(text, edits ?? [])).toBe(expected.ok ? expected.text : "");
    // Only the lines that change: the first line is not part of any edit.
    for (const edit of edits ?? []) expect(edit.range.start.line).toBeGreaterThan(0);
  });

  test("no edit for a formatted buffer, nor for one with a syntax error", async () => {
    await client.open("domains/support/functions/greeting.jadpo");
    expect(await format("domains/support/functions/greeting.jadpo")).toEqual([]);
    await client.change(FILE, "type A = Text {\nfunction f( { }\n");
    expect(await format(FILE)).toEqual([]);
  });

  test("a test file is formatted too", async () => {
    const path = "domains/support/functions/format_me.jadpotest";
    const text = "test \"t\" { assert   greeting(Locale.en_gb)==\"Hello\" }\n";
    await client.open(path, text);
    expect(applied(text, (await format(path)) ?? [])).toBe("test \"t\" {\n    assert greeting(Locale.en_gb) == \"Hello\"\n}\n");
  });
});
