// The protocol's lifecycle: nothing is served before `initialize` (requests get
// ServerNotInitialized, notifications other than `exit` are dropped), `initialize` is answered
// once, and after `shutdown` every request is an InvalidRequest until `exit`.
import { expect, test } from "vitest";
import { LspClient } from "../support/lsp.ts";
import { copyExample } from "../support/example.ts";

const SCRATCH = "domains/support/scratch.jadpo"; // not on disk: only an open buffer gives it symbols
const initialize = (client: LspClient) => client.connection.sendRequest("initialize", { processId: process.pid, rootUri: client.uri(""), capabilities: {} });

test("before initialize: requests get -32002 and notifications are dropped", async () => {
  const client = new LspClient(copyExample("jadpo-lsp-life-"));
  await expect(client.request("textDocument/documentSymbol", SCRATCH)).rejects.toMatchObject({ code: -32002 });
  await expect(client.connection.sendRequest("shutdown")).rejects.toMatchObject({ code: -32002 });
  await client.open(SCRATCH, "type Scratch = Text\n");

  await initialize(client);
  await client.connection.sendNotification("initialized", {});
  // The didOpen before initialize was dropped: the file is neither open nor on disk.
  expect(await client.request("textDocument/documentSymbol", SCRATCH)).toEqual([]);
  await client.open(SCRATCH, "type Scratch = Text\n");
  expect(await client.request<{ name: string }[]>("textDocument/documentSymbol", SCRATCH)).toMatchObject([{ name: "Scratch" }]);
  expect(await client.stop()).toBe(0);
});

test("a second initialize is an InvalidRequest; the server goes on serving", async () => {
  const client = await LspClient.start(copyExample("jadpo-lsp-life-"));
  await expect(initialize(client)).rejects.toMatchObject({ code: -32600 });
  await client.open(SCRATCH, "type Scratch = Text\n");
  expect(await client.request<{ name: string }[]>("textDocument/documentSymbol", SCRATCH)).toMatchObject([{ name: "Scratch" }]);
  expect(await client.stop()).toBe(0);
});

test("after shutdown: requests get -32600, notifications are dropped, exit ends with 0", async () => {
  const client = await LspClient.start(copyExample("jadpo-lsp-life-"));
  expect(await client.connection.sendRequest("shutdown")).toBeNull();
  await expect(client.request("textDocument/documentSymbol", SCRATCH)).rejects.toMatchObject({ code: -32600 });
  await expect(client.connection.sendRequest("shutdown")).rejects.toMatchObject({ code: -32600 });
  await expect(initialize(client)).rejects.toMatchObject({ code: -32600 });
  await client.open(SCRATCH, "type Scratch = Text\n");
  await client.connection.sendNotification("exit");
  expect(await client.exited).toBe(0);
  client.connection.dispose();
  expect(client.errors).toBe("");
});

test("exit before initialize ends the server with 1", async () => {
  const client = new LspClient(copyExample("jadpo-lsp-life-"));
  await client.connection.sendNotification("exit");
  expect(await client.exited).toBe(1);
  client.connection.dispose();
});
