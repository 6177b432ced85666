// A malformed frame never leaves `jadpo lsp` alive and deaf: after each one the server logs one
// line on stderr saying what was wrong, and then either skips to the next `Content-Length`
// header and answers the requests that follow, or, when the stream can't be trusted any more,
// exits 1 so the editor restarts it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { LspClient } from "../support/lsp.ts";
import { waitUntil } from "../support/jadpo.ts";

/** A request the server can answer without a project: the outline of a file that isn't there. */
const SYMBOLS = { jsonrpc: "2.0", id: "raw", method: "textDocument/documentSymbol", params: { textDocument: { uri: "file:///nowhere/x.jadpo" } } };
const body = JSON.stringify(SYMBOLS);

/** Rejects when `promise` hasn't settled within `ms`: a deaf server fails the test instead of hanging it. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${what}`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function server(): Promise<LspClient> {
  return LspClient.start(mkdtempSync(join(tmpdir(), "jadpo-lsp-frame-")));
}

/** The lines the server logged about framing. */
const faults = (client: LspClient) => client.errors.split("\n").filter((line) => line.startsWith("jadpo lsp: "));

/** Valid requests after the bytes, each answered. */
async function answersAfter(client: LspClient, what: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    expect(await within(15_000, `${what}, request ${i + 1}`, client.request("textDocument/documentSymbol", "x.jadpo"))).toEqual([]);
  }
}

describe("a malformed frame is logged and skipped; the requests after it are answered", () => {
  const cases: [string, string, RegExp][] = [
    ["no Content-Length", "Foo: bar\r\n\r\n{}", /has no Content-Length header/],
    ["Content-Length: abc", "Content-Length: abc\r\n\r\n{}", /Content-Length `abc` is not a number of bytes/],
    ["LF-only headers", "Content-Length: 2\n\n{}", /header line ends in a bare LF/],
    ["a negative length", "Content-Length: -5\r\n\r\n", /Content-Length `-5` is not a number of bytes/],
    ["a length 10 bytes short", `Content-Length: ${Buffer.byteLength(body) - 10}\r\n\r\n${body}`, /body of \d+ bytes is not valid JSON/],
    ["a length 50 bytes long", `Content-Length: ${Buffer.byteLength(body) + 50}\r\n\r\n${body}`, /body of \d+ bytes is not valid JSON/],
    ["a header line without a colon", "Foo\r\n\r\n", /header line is not `Name: value`: Foo/],
  ];
  test.each(cases)("%s", async (what, bytes, problem) => {
    const client = await server();
    await client.sendRaw(bytes);
    await answersAfter(client, what);
    await waitUntil(`the log line for ${what}`, () => faults(client).length > 0);
    expect(faults(client)).toHaveLength(1);
    expect(faults(client)[0]).toMatch(problem);
    expect(faults(client)[0]).toMatch(/skipping to the next Content-Length header$/);
    expect(await client.stop()).toBe(0);
  });
});

describe("a frame the stream can't recover from is logged and ends the server with exit 1", () => {
  const cases: [string, string, RegExp][] = [
    ["Content-Length: 9007199254740993", "Content-Length: 9007199254740993\r\n\r\n", /Content-Length 9007199254740993 is over the limit of 128 MiB/],
    ["a length beyond the cap", `Content-Length: ${200 * 1024 * 1024}\r\n\r\n{`, /Content-Length 209715200 is over the limit of 128 MiB/],
    ["1 MB of header bytes with no blank line", `X-Padding: ${"a".repeat(1024 * 1024)}`, /header of more than 65536 bytes with no blank line ending it/],
  ];
  test.each(cases)("%s", async (what, bytes, problem) => {
    const client = await server();
    // The server may be gone before it has read all the bytes.
    await client.sendRaw(bytes).catch(() => undefined);
    expect(await within(15_000, `the exit after ${what}`, client.exited)).toBe(1);
    client.connection.dispose();
    expect(faults(client)).toHaveLength(1);
    expect(faults(client)[0]).toMatch(problem);
    expect(faults(client)[0]).toMatch(/stopping so that the editor starts the server again$/);
  });
});

test("frames that are unusual but well-formed are answered without a word", async () => {
  const client = await server();
  await client.sendRaw(`Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/vscode-jsonrpc; charset=latin1\r\n\r\n${body}`);
  await client.sendRaw(`X-Padding: ${"a".repeat(10 * 1024)}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  await answersAfter(client, "unusual frames");
  expect(await client.stop()).toBe(0);
  expect(client.errors).toBe("");
});
