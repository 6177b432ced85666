// The dev server's Host and Origin checks against hand-written requests (docs/dev.md): a raw socket
// sends exactly the header lines given, duplicates included, to a server on port 0 in this process.
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageCounter } from "@jadpo/runtime/dev";
import { createDevServer } from "../../src/commands/dev/server.ts";
import { timeLimit } from "../../src/options.ts";

let root = "";
let server: Server;
let port = 0;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "jadpo-dev-headers-"));
  server = createDevServer({
    root, project: "headers", displayPath: (file) => file, usage: new UsageCounter(root),
    actionTimeout: timeLimit("30s"), current: () => null,
    onAnswer: () => {}, onInternalError: (error) => { throw error; },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

/** Sends `method path` with exactly these header lines; the status and the body's error, if any. */
function send(method: string, path: string, headers: string[], body = ""): Promise<{ status: number; code: string | null }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => void (text += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const json = text.slice(text.indexOf("\r\n\r\n") + 4);
      let code: string | null = null;
      try {
        code = (JSON.parse(json) as { error?: { code?: string } }).error?.code ?? null;
      } catch {
        code = null;
      }
      resolve({ status, code });
    });
    const length = body === "" ? [] : [`Content-Length: ${Buffer.byteLength(body)}`];
    // Written, not ended: a client that half-closes its side is answered only if the answer is
    // ready at once, and some answers (the call log) are read asynchronously.
    socket.write([`${method} ${path} HTTP/1.1`, ...headers, ...length, "Connection: close", "", body].join("\r\n"));
  });
}

describe("Host headers", () => {
  it("answers one Host naming the server, by either name", async () => {
    expect(await send("GET", "/health", [`Host: 127.0.0.1:${port}`])).toEqual({ status: 200, code: null });
    expect(await send("GET", "/health", [`Host: localhost:${port}`])).toEqual({ status: 200, code: null });
  });

  it("answers 400 to two Host headers, whichever comes first", async () => {
    for (const path of ["/health", "/_dev/calls.json"]) {
      expect(await send("GET", path, [`Host: 127.0.0.1:${port}`, "Host: evil.test"])).toEqual({ status: 400, code: "invalid_request" });
      expect(await send("GET", path, ["Host: evil.test", `Host: 127.0.0.1:${port}`])).toEqual({ status: 400, code: "invalid_request" });
      expect(await send("GET", path, [`Host: 127.0.0.1:${port}`, `host: 127.0.0.1:${port}`])).toEqual({ status: 400, code: "invalid_request" });
    }
    const post = await send("POST", "/actions/answer_customer", [`Host: 127.0.0.1:${port}`, "Host: evil.test", "Content-Type: application/json"], "{}");
    expect(post).toEqual({ status: 400, code: "invalid_request" });
  });
});

describe("Origin headers", () => {
  const host = () => `Host: 127.0.0.1:${port}`;

  it("answers the server's own origins", async () => {
    expect((await send("GET", "/_dev/calls.json", [host(), `Origin: http://127.0.0.1:${port}`])).status).toBe(200);
    expect((await send("GET", "/_dev/calls.json", [host(), `Origin: http://localhost:${port}`])).status).toBe(200);
  });

  it("answers 403 to an origin without its scheme, or with another one", async () => {
    for (const origin of [`127.0.0.1:${port}`, `localhost:${port}`, `https://127.0.0.1:${port}`, `//127.0.0.1:${port}`, "null"]) {
      expect(await send("GET", "/_dev/calls.json", [host(), `Origin: ${origin}`]), origin).toEqual({ status: 403, code: "forbidden" });
      const post = await send("POST", "/actions/answer_customer", [host(), `Origin: ${origin}`, "Content-Type: application/json"], "{}");
      expect(post, origin).toEqual({ status: 403, code: "forbidden" });
    }
  });
});
