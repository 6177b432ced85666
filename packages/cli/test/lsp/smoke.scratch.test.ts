import { test, expect } from "vitest";
import { LspClient } from "../support/lsp.ts";
import { copyExample } from "../support/example.ts";

test("smoke", async () => {
  const root = copyExample("jadpo-lsp-");
  const c = await LspClient.start(root);
  const f = "domains/support/actions/answer_customer.jadpo";
  await c.open(f);
  const text = c.diagnostics;
  await c.change(f, (await import("node:fs")).readFileSync(`${root}/${f}`, "utf8").replace("AnswerUnreadable, AssistantUnavailable }", "AssistantUnavailable }"));
  const d = await c.diagnosticsOf(f, (d) => d.length > 0);
  console.log(JSON.stringify(d, null, 1));
  const hover = await c.request("textDocument/hover", f, { line: 4, character: 12 });
  console.log(JSON.stringify(hover));
  const acts = await c.request("textDocument/codeAction", f, undefined, { range: d[0].range, context: { diagnostics: [] } });
  console.log(JSON.stringify(acts));
  console.log(c.errors);
  expect(await c.stop()).toBe(0);
});
