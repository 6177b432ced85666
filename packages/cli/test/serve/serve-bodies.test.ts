// `jadpo serve` and request bodies over raw connections (docs/production.md): a body over
// `--max-body` is answered 413 and the connection closed, however it is chunked; a client that
// stalls mid-body gets Node's 408, and the log line says 408; one that ends its side of the
// connection mid-body gets Node's 400, and the line says 400.
import { rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyExample } from "../support/example.ts";
import { waitUntil } from "../support/jadpo.ts";
import { Served, TOKEN } from "./served.ts";

let example: string;
/** No model is asked: every request here is refused before its action runs. */
const ENV = { JADPO_AI_BASE_URL: "http://127.0.0.1:9/v1" };

beforeAll(() => {
  example = copyExample("jadpo-serve-bodies-");
});

afterAll(() => {
  rmSync(example, { recursive: true, force: true });
});

const HEAD = `POST /actions/answer_customer HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\n`;

/** A connection to `url` that sends `head`, then whatever `send` writes; resolves with all it read once it closes. */
function exchange(url: string, head: string, send: (socket: Socket) => void): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    let text = "";
    const socket = connect(Number(port), "127.0.0.1", () => {
      socket.write(head);
      send(socket);
    });
    // A write after the server closed fails; what was read before is the answer.
    socket.setEncoding("utf8").on("data", (chunk: string) => void (text += chunk)).on("error", () => {}).on("close", () => resolve(text));
  });
}

/** One chunk of a chunked body. */
const chunk = (bytes: number) => `${bytes.toString(16)}\r\n${" ".repeat(bytes)}\r\n`;

function expect413(reply: string): void {
  expect(reply).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
  expect(reply).toMatch(/\r\nConnection: close\r\n/i);
  expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4))).toMatchObject({ error: { code: "payload_too_large", message: "The request body is larger than 2048 bytes" } });
}

describe("a body over --max-body", () => {
  it("is answered 413, then the connection closes, however it is chunked", async () => {
    const s = await Served.start(example, { maxBody: "2KiB" }, ENV);
    try {
      const chunked = `${HEAD}Transfer-Encoding: chunked\r\n\r\n`;
      // One chunk of more than four times the limit, the whole body sent at once.
      expect413(await exchange(s.url, chunked, (socket) => socket.write(`${chunk(10 * 1024)}0\r\n\r\n`)));
      // Small chunks, past the limit a little at a time.
      expect413(await exchange(s.url, chunked, (socket) => {
        for (let i = 0; i < 12; i++) socket.write(chunk(256));
        socket.write("0\r\n\r\n");
      }));
      // A body that never ends: the client goes on writing, whenever it can, until the server closes.
      expect413(await exchange(s.url, chunked, (socket) => {
        const more = () => {
          while (!socket.destroyed && socket.write(chunk(64 * 1024)));
        };
        socket.on("drain", more);
        more();
      }));
      expect(s.lines.map((line) => [line.status, line.level, line.failure])).toEqual(Array.from({ length: 3 }, () => [413, "warn", { code: "payload_too_large" }]));
    } finally {
      expect(await s.close()).toBe(0);
    }
  });
});

describe("a client that doesn't send its whole body", () => {
  // What Node answers, as the log line says it: a client that stalls mid-body is let go past
  // --request-timeout; one that ends its side of the connection mid-body sent a broken request.
  const cases = [
    { what: "stalls", options: { requestTimeout: "300ms" }, end: false, reply: "408 Request Timeout", line: { level: "warn", status: 408, failure: { code: "client_timeout" } } },
    { what: "hangs up", options: {}, end: true, reply: "400 Bad Request", line: { level: "info", status: 400, failure: { code: "invalid_request" } } },
  ];
  it.each(cases)("gets Node's $reply when it $what, and the log line says $line.status", async ({ options, end, reply, line }) => {
    const s = await Served.start(example, options, ENV);
    try {
      const got = await exchange(s.url, `${HEAD}Content-Length: 100\r\n\r\n`, (socket) => (end ? socket.end('{"que') : socket.write('{"que')));
      expect(got.startsWith(`HTTP/1.1 ${reply}\r\n`), got).toBe(true);
      await waitUntil("the log line", () => s.lines.length === 1);
      expect(s.lines[0]).toMatchObject({ action: "answer_customer", ...line });
    } finally {
      expect(await s.close()).toBe(0);
    }
  });
});
