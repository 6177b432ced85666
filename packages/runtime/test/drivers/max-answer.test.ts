// The connection's `max_answer` (docs/ai.md): an answer over it is `too_long` (the language's
// AiTooLong), and the driver stops reading there — a 128 MiB body is never taken whole.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createOpenAiDriver, type OpenAiDriverOptions } from "../../src/drivers/openai-compatible.ts";
import type { CompletionRequest } from "../../src/drivers/types.ts";
import { startFakeModelServer, type FakeModelServer } from "../../src/testing/openai-server.ts";
import { NO_RETRIES } from "./no-retries.ts";

const MiB = 1024 * 1024;
const ASK: CompletionRequest = { system: "", user: "Sesame?", answerFormat: null };

/** A server that sends one endless-looking answer and counts how much of it the client took. */
class FloodServer {
  written = 0;
  finished = false;
  private server: Server | null = null;
  url = "";

  constructor(
    private readonly total: number,
    private readonly declareLength: boolean,
    private readonly head = '{"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"',
    private readonly tail = '"}}]}',
    private readonly contentType = "application/json",
  ) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      req.resume();
      req.on("end", () => this.flood(res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  private flood(res: ServerResponse): void {
    const { head, tail } = this;
    const piece = Buffer.alloc(64 * 1024, "a");
    const contentBytes = this.total - head.length - tail.length;
    res.writeHead(200, { "content-type": this.contentType, ...(this.declareLength ? { "content-length": String(this.total) } : {}) });
    res.write(head);
    let sent = 0;
    let closed = false;
    res.on("close", () => {
      closed = true;
    });
    const more = (): void => {
      while (!closed && sent < contentBytes) {
        const n = Math.min(piece.length, contentBytes - sent);
        sent += n;
        const ok = res.write(piece.subarray(0, n), (err) => {
          if (!err) this.written += n;
        });
        if (!ok) return void res.once("drain", more);
      }
      if (!closed) {
        res.end(tail);
        this.finished = true;
      }
    };
    more();
  }

  close(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server === null ? resolve() : this.server.close(() => resolve())));
  }
}

let model: FakeModelServer;
beforeAll(async () => {
  model = await startFakeModelServer({ kind: "answer", text: "" });
});
afterAll(async () => {
  await model.close();
});
const floods: FloodServer[] = [];
afterEach(async () => {
  await Promise.all(floods.splice(0).map((f) => f.close()));
});

function driver(over: Partial<OpenAiDriverOptions> = {}) {
  return createOpenAiDriver({ baseUrl: model.url, model: "m", apiKey: null, timeoutMs: 60_000, maxAnswerBytes: MiB, embeddingDimensions: 4, retries: NO_RETRIES, ...over });
}

describe("max_answer", () => {
  it("fails a 128 MiB answer as too_long having read only a few MiB of it", async () => {
    const flood = new FloodServer(128 * MiB, false);
    floods.push(flood);
    await flood.start();
    const result = await driver({ baseUrl: flood.url }).complete(ASK);
    expect(result).toEqual({ ok: false, failure: "too_long", message: "the model's answer is longer than max_answer (1048576 bytes); the rest was not read" });
    expect(flood.finished).toBe(false);
    // What the client read (at most 6 MiB and 64 KiB) plus what the sockets held when it let go.
    expect(flood.written).toBeLessThan(32 * MiB);
  });

  it("refuses a body whose declared length is over the bound without reading it", async () => {
    const flood = new FloodServer(128 * MiB, true);
    floods.push(flood);
    await flood.start();
    const result = await driver({ baseUrl: flood.url }).complete(ASK);
    expect(result.ok === false && result.failure).toBe("too_long");
    expect(flood.written).toBeLessThan(32 * MiB);
  });

  it("counts the answer's text in UTF-8 bytes: at the limit it is accepted, one byte over it is too_long", async () => {
    model.setBehaviour({ kind: "answer", text: "é".repeat(500) });
    expect(await driver({ maxAnswerBytes: 1000 }).complete(ASK)).toMatchObject({ ok: true, value: { kind: "answer", text: "é".repeat(500) } });
    model.setBehaviour({ kind: "answer", text: `${"é".repeat(500)}!` });
    expect(await driver({ maxAnswerBytes: 1000 }).complete(ASK)).toEqual({
      ok: false, failure: "too_long", message: "the model's answer is longer than max_answer (1000 bytes)",
    });
  });

  it("raised, accepts a larger answer", async () => {
    const text = "word ".repeat((2 * MiB) / 5);
    model.setBehaviour({ kind: "answer", text });
    expect(await driver().complete(ASK)).toMatchObject({ ok: false, failure: "too_long" });
    expect(await driver({ maxAnswerBytes: 4 * MiB }).complete(ASK)).toMatchObject({ ok: true, value: { kind: "answer", text } });
  });

  it("stops a stream past max_answer as too_long, keeping only the text within it", async () => {
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`).join(" ");
    model.setBehaviour({ kind: "answer", text: words, wordsPerChunk: 10 });
    const result = await driver({ maxAnswerBytes: 200 }).stream(ASK);
    expect(result.ok && result.value.stopped).toBe("too_long");
    expect(result.ok && Buffer.byteLength(result.value.text)).toBeLessThanOrEqual(200);
    expect(result.ok && words.startsWith(result.value.text)).toBe(true);
  });

  it("stops a stream whose one event line runs past the bound as too_long, not reading it whole", async () => {
    const flood = new FloodServer(128 * MiB, false, 'data: {"choices":[{"index":0,"delta":{"content":"', '"}}]}\n\ndata: [DONE]\n\n', "text/event-stream");
    floods.push(flood);
    await flood.start();
    const result = await driver({ baseUrl: flood.url }).stream(ASK);
    expect(result).toEqual({ ok: true, value: { text: "", deltas: [], stopped: "too_long" } });
    expect(flood.finished).toBe(false);
    expect(flood.written).toBeLessThan(32 * MiB);
  });

  it("fails an embedding whose body is over the bound as too_long", async () => {
    model.setBehaviour({ kind: "answer", text: "", embedding: Array.from({ length: 100_000 }, () => 0.123456789) });
    const result = await driver({ maxAnswerBytes: 1000, embeddingDimensions: 100_000 / 1000 }).embed("x");
    expect(result.ok === false && result.failure).toBe("too_long");
  });
});
