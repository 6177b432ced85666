// A bad file never stops the server: the compiler's fuzz corpus (every valid Jadpo file it
// knows, the generated corpus, random bytes) cut and garbled, sent as `didChange` events to an
// open source file and an open test file, with requests at random places in between. Every
// request is answered, no handler fails, and once the files are back the diagnostics are clean.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { LspClient } from "../support/lsp.ts";
import { copyExample } from "../support/example.ts";
import { validJadpoFiles } from "../../../compiler/test/syntax/helpers.ts";
import { generateCorpus } from "../../../compiler/test/syntax/corpus.ts";

const ACTION = "domains/support/actions/answer_customer.jadpo";
const TEST = "domains/support/actions/answer_customer.test.jadpo";

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SNIPPETS = [
  "{", "}", "(", ")", "[", "]", "<", ">", '"', '"""', "\\", "@", "::", ",", ".", "=>", "->", "=", "?", "match", "failure",
  "test", "type", "var", "if", "return", "attempt", "fakes:", "recorded(\"", "ai.", "use support/", "\n", "\u0000", "\uFFFD",
  "😀", "99999999999999999999", "1.", "5q", "_", "Foo {", "Locale.", "questions.",
];

test("garbled sources as didChange events leave the server answering", async () => {
  const root = copyExample("jadpo-lsp-fuzz-");
  const client = await LspClient.start(root);
  const next = random(17);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const corpus = generateCorpus(40_000);
  const sources = [...validJadpoFiles().map((f) => f.text), corpus.slice(0, 6_000)];
  const originals: Record<string, string> = { [ACTION]: readFileSync(join(root, ACTION), "utf8"), [TEST]: readFileSync(join(root, TEST), "utf8") };
  for (const path of [ACTION, TEST]) await client.open(path);

  for (let round = 0; round < 120; round++) {
    const path = round % 2 === 0 ? ACTION : TEST;
    let text = round % 10 === 9
      ? Array.from({ length: 200 + Math.floor(next() * 2000) }, () => String.fromCharCode(Math.floor(next() * 0x3000))).join("")
      : pick([originals[path], ...sources]);
    for (let e = 0, edits = 1 + Math.floor(next() * 5); e < edits; e++) {
      const at = Math.floor(next() * (text.length + 1));
      const kind = Math.floor(next() * 4);
      if (kind === 0) text = text.slice(0, at) + text.slice(at + Math.floor(next() * 30));
      else if (kind === 1) text = text.slice(0, at) + pick(SNIPPETS) + text.slice(at);
      else if (kind === 2) text = text.slice(0, at) + text.slice(at, at + Math.floor(next() * 60)) + text.slice(at);
      else text = text.slice(0, at);
    }
    await client.change(path, text);
    const lines = text.split("\n");
    const line = Math.floor(next() * (lines.length + 1));
    const position = { line, character: Math.floor(next() * ((lines[line]?.length ?? 0) + 2)) };
    const range = { start: position, end: position };
    const answers = await Promise.all([
      client.request("textDocument/hover", path, position),
      client.request("textDocument/definition", path, position),
      client.request("textDocument/completion", path, position),
      client.request("textDocument/documentSymbol", path),
      client.request("textDocument/codeAction", path, undefined, { range, context: { diagnostics: [] } }),
    ]);
    expect(answers).toHaveLength(5);
  }

  for (const path of [ACTION, TEST]) await client.change(path, originals[path]);
  for (const path of [ACTION, TEST]) expect(await client.diagnosticsOf(path)).toEqual([]);
  const hover = await client.request<{ contents: { value: string } }>("textDocument/hover", ACTION, LspClient.positionOf(originals[ACTION], "-> SupportAnswer", 5));
  expect(hover.contents.value).toContain("type SupportAnswer = Object {");
  expect(client.logged.filter((m) => m.includes("failed"))).toEqual([]);
  expect(await client.stop()).toBe(0);
});
