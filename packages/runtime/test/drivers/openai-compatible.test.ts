import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiDriver, type OpenAiDriverOptions } from "../../src/drivers/openai-compatible.ts";
import type { CompletionRequest } from "../../src/drivers/types.ts";
import { startFakeModelServer, type FakeModelServer } from "../../src/testing/openai-server.ts";
import { closedPort } from "../../src/testing/ports.ts";
import { NO_RETRIES } from "./no-retries.ts";

const KEY = "sk-test-4f9a1c0d2b3e5f6a7b8c9d0e";
const ASK: CompletionRequest = { system: "You answer bakery customers.", user: "Sesame?", answerFormat: null };

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({ kind: "answer", text: "No sesame." });
});
afterAll(async () => {
  await server.close();
});

function driver(over: Partial<OpenAiDriverOptions> = {}) {
  return createOpenAiDriver({ baseUrl: server.url, model: "test-model", apiKey: null, timeoutMs: 5000, maxAnswerBytes: 1024 * 1024, embeddingDimensions: 4, retries: NO_RETRIES, ...over });
}

function lastRequest() {
  const r = server.requests[server.requests.length - 1];
  if (r === undefined) throw new Error("no request reached the server");
  return r;
}

describe("the openai_compatible driver over HTTP", () => {
  it("returns a plain answer and sends the prompt as system and user messages", async () => {
    server.setBehaviour({ kind: "answer", text: "No sesame.", usage: { prompt_tokens: 31, completion_tokens: 4 } });
    const result = await driver().complete({ ...ASK, answerFormat: "Answer with one JSON value." });
    expect(result).toEqual({ ok: true, value: { kind: "answer", text: "No sesame." }, usage: { input_tokens: 31, output_tokens: 4 } });
    const req = lastRequest();
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.body).toEqual({
      model: "test-model",
      messages: [
        { role: "system", content: "You answer bakery customers.\n\nAnswer with one JSON value." },
        { role: "user", content: "Sesame?" },
      ],
    });
  });

  it("sends a correction as the rejected answer then the correction request", async () => {
    server.setBehaviour({ kind: "answer", text: "{}" });
    await driver().complete({ system: "", user: "Sesame?", answerFormat: null, correction: { previousAnswer: "Sure!", error: "That didn't decode: `json` on the answer." } });
    expect((lastRequest().body as { messages: unknown }).messages).toEqual([
      { role: "user", content: "Sesame?" },
      { role: "assistant", content: "Sure!" },
      { role: "user", content: "That didn't decode: `json` on the answer." },
    ]);
  });

  it("sends no Authorization header when the connection has no key", async () => {
    server.setBehaviour({ kind: "answer", text: "ok" });
    expect((await driver({ apiKey: null }).complete(ASK)).ok).toBe(true);
    expect(lastRequest().headers["authorization"]).toBeUndefined();
    expect(JSON.stringify(lastRequest().headers)).not.toContain("jadpo-no-key");
    await driver({ apiKey: null }).embed("x");
    expect(lastRequest().headers["authorization"]).toBeUndefined();
    await driver({ apiKey: null }).stream(ASK);
    expect(lastRequest().headers["authorization"]).toBeUndefined();
  });

  it("ignores OPENAI_* variables: the connection says everything, and no stray key is sent", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { OPENAI_API_KEY: "sk-from-env-0000000000", OPENAI_ORG_ID: "org-x", OPENAI_PROJECT_ID: "proj-x", OPENAI_BASE_URL: "http://127.0.0.1:1/v1" });
    try {
      server.setBehaviour({ kind: "answer", text: "ok" });
      expect((await driver({ apiKey: null }).complete(ASK)).ok).toBe(true);
      const headers = lastRequest().headers;
      expect(headers["authorization"]).toBeUndefined();
      expect(headers["openai-organization"]).toBeUndefined();
      expect(headers["openai-project"]).toBeUndefined();
      expect(JSON.stringify(headers)).not.toContain("sk-from-env");
    } finally {
      for (const k of ["OPENAI_API_KEY", "OPENAI_ORG_ID", "OPENAI_PROJECT_ID", "OPENAI_BASE_URL"]) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  });

  it("treats an empty key as no key", async () => {
    await driver({ apiKey: "" }).complete(ASK);
    expect(lastRequest().headers["authorization"]).toBeUndefined();
  });

  it("sends the key as a bearer token when there is one", async () => {
    server.setBehaviour({ kind: "answer", text: "ok" });
    await driver({ apiKey: KEY }).complete(ASK);
    expect(lastRequest().headers["authorization"]).toBe(`Bearer ${KEY}`);
  });

  it("streams an answer piece by piece", async () => {
    server.setBehaviour({ kind: "answer", text: "Our sourdough is baked beside sesame.", wordsPerChunk: 2, usage: { prompt_tokens: 12, completion_tokens: 9 } });
    const seen: string[] = [];
    const result = await driver().stream(ASK, (d) => seen.push(d));
    expect(result).toEqual({
      ok: true,
      value: {
        text: "Our sourdough is baked beside sesame.", deltas: ["Our sourdough ", "is baked ", "beside sesame."], stopped: "finished",
        usage: { input_tokens: 12, output_tokens: 9 },
      },
    });
    expect(seen).toEqual(["Our sourdough ", "is baked ", "beside sesame."]);
    // The usage is asked for: it comes in a last chunk.
    expect(lastRequest().body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it("stops a stream as refused, too_long, timed_out and over_budget", async () => {
    server.setBehaviour({ kind: "refuse" });
    expect(await driver().stream(ASK)).toEqual({ ok: true, value: { text: "", deltas: [], stopped: "refused" } });

    server.setBehaviour({ kind: "answer", text: "one two three", finishReason: "length", wordsPerChunk: 3, usage: null });
    expect(await driver().stream(ASK)).toEqual({ ok: true, value: { text: "one two three", deltas: ["one two three"], stopped: "too_long" } });

    const words = Array.from({ length: 30 }, (_, i) => `w${i}`).join(" ");
    server.setBehaviour({ kind: "answer", text: words, wordsPerChunk: 1, chunkDelayMs: 100 });
    const slow = await driver({ timeoutMs: 700 }).stream(ASK);
    expect(slow.ok && slow.value.stopped).toBe("timed_out");
    expect(slow.ok && slow.value.deltas.length).toBeGreaterThan(0);
    expect(slow.ok && slow.value.deltas.length).toBeLessThan(30);
    expect(slow.ok && words.startsWith(slow.value.text)).toBe(true);

    server.setBehaviour({ kind: "quota" });
    expect(await driver().stream(ASK)).toEqual({ ok: true, value: { text: "", deltas: [], stopped: "over_budget" } });
  });

  it("stops a stream cut by a dropped connection as timed_out, with the text so far", async () => {
    server.setBehaviour({ kind: "answer", text: "one two three four", wordsPerChunk: 1, closeAfterChunks: 2 });
    const result = await driver().stream(ASK);
    expect(result).toEqual({ ok: true, value: { text: "one two ", deltas: ["one ", "two "], stopped: "timed_out" } });
  });

  it("embeds through /v1/embeddings with the configured dimensions", async () => {
    server.setBehaviour({ kind: "answer", text: "", embedding: [0.5, -0.25, 0, 1] });
    // An embedding's usage is its input's.
    expect(await driver().embed("sesame")).toEqual({ ok: true, value: [0.5, -0.25, 0, 1], usage: { input_tokens: 2, output_tokens: 0 } });
    const req = lastRequest();
    expect(req.path).toBe("/v1/embeddings");
    expect(req.body).toEqual({ model: "test-model", input: "sesame", dimensions: 4, encoding_format: "float" });
  });

  it("rejects an embedding of the wrong length as a model error", async () => {
    server.setBehaviour({ kind: "answer", text: "", embedding: [1, 2, 3] });
    expect(await driver().embed("sesame")).toEqual({
      ok: false, failure: "model_error", message: "the model gave 3 numbers where embedding_dimensions is 4",
    });
  });
});

describe("each provider failure maps to one driver failure", () => {
  const rateLimited = (retryAfterMs: number | null) => ({ word: "rate_limited", retryAfterMs });
  const unavailable = { word: "unavailable" };
  // What, the behaviour, the failure word, the message, and the facts beside them (HTTP status, Retry-After, whether it is sent again).
  const cases: Array<[string, Parameters<FakeModelServer["setBehaviour"]>[0], string, string, object]> = [
    ["a refusal", { kind: "refuse", refusal: "I can't help with locks." }, "refused", "the model refused: I can't help with locks.", {}],
    ["a content filter stop", { kind: "answer", text: "", finishReason: "content_filter" }, "refused", "the model's content filter stopped the answer", {}],
    ["an answer cut at the length limit", { kind: "answer", text: "{\"a\":", finishReason: "length" }, "too_long", "the answer was cut at the model's length limit", {}],
    ["HTTP 408", { kind: "request_timeout" }, "timed_out", "the model timed out (HTTP 408): Request timed out.", { status: 408 }],
    ["HTTP 504", { kind: "error", status: 504, body: { error: { message: "upstream timed out" } } }, "timed_out", "the model timed out (HTTP 504): upstream timed out", { status: 504 }],
    ["HTTP 402", { kind: "payment_required" }, "over_budget", "the model's budget was reached (HTTP 402): Payment required.", { status: 402 }],
    ["a quota 429", { kind: "quota" }, "over_budget", "the model's budget was reached (HTTP 429): You exceeded your current quota, please check your plan and billing details.", { status: 429 }],
    ["a rate-limit 429", { kind: "rate_limit" }, "over_budget", "the model's rate limit was reached (HTTP 429): Rate limit reached for requests. Please try again in 20s.",
      { status: 429, retryAfterMs: 20_000, transport: rateLimited(20_000) }],
    ["a rate-limit 429 with an HTTP date", { kind: "rate_limit", retryAfter: "Thu, 01 Jan 1970 00:00:00 GMT" }, "over_budget",
      "the model's rate limit was reached (HTTP 429): Rate limit reached for requests. Please try again in 20s.", { status: 429, retryAfterMs: 0, transport: rateLimited(0) }],
    ["a rate-limit 429 without Retry-After", { kind: "rate_limit", retryAfter: null }, "over_budget",
      "the model's rate limit was reached (HTTP 429): Rate limit reached for requests. Please try again in 20s.", { status: 429, transport: rateLimited(null) }],
    ["a context-length 400", { kind: "context_length" }, "too_long", "the request is too long for the model (HTTP 400): This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.", { status: 400 }],
    ["a server error", { kind: "error", status: 500, body: { error: { message: "boom" } } }, "timed_out", "the model was unavailable (HTTP 500): boom", { status: 500, transport: unavailable }],
    ["an overloaded server", { kind: "unavailable", retryAfter: "3" }, "timed_out", "the model was unavailable (HTTP 503): The server is overloaded. Please try again later.",
      // Its Retry-After goes with the transport failure, so the retry waits it.
      { status: 503, retryAfterMs: 3000, transport: { ...unavailable, retryAfterMs: 3000 } }],
    ["another 4xx", { kind: "error", status: 404, body: { error: { message: "no such model" } } }, "model_error", "the model answered with HTTP 404: no such model", { status: 404 }],
    ["a body that isn't JSON", { kind: "garbage" }, "model_error", "the model's answer is not valid JSON", {}],
    ["a text body", { kind: "garbage", body: "hello", contentType: "text/plain" }, "model_error", "the model's answer is not a chat completion", {}],
    ["JSON of the wrong shape", { kind: "json", body: { choices: [] } }, "model_error", "the model's answer is not a chat completion", {}],
    ["an error object in a 200", { kind: "json", body: { error: { message: "model not loaded" } } }, "model_error", "the model answered with an error: model not loaded", {}],
  ];
  for (const [what, behaviour, word, message, facts] of cases) {
    it(`${what} → ${word}`, async () => {
      server.setBehaviour(behaviour);
      expect(await driver().complete(ASK)).toEqual({ ok: false, failure: word, message, ...facts });
    });
  }

  it("a reply slower than the timeout → timed_out, without retrying", async () => {
    server.setBehaviour({ kind: "slow", delayMs: 2000, then: { kind: "answer", text: "late" } });
    const before = server.requests.length;
    const started = performance.now();
    const result = await driver({ timeoutMs: 200 }).complete(ASK);
    expect(result).toEqual({ ok: false, failure: "timed_out", message: "the model did not answer within 200ms" });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(server.requests.length - before).toBe(1);
  });

  it("an error status is asked once only (no SDK retries)", async () => {
    server.setBehaviour({ kind: "rate_limit" });
    const before = server.requests.length;
    await driver().complete(ASK);
    expect(server.requests.length - before).toBe(1);
  });

  it("a connection closed without an answer → timed_out, sent again (the request reached the server)", async () => {
    server.setBehaviour({ kind: "close" });
    const result = await driver().complete(ASK);
    expect(result).toMatchObject({ ok: false, failure: "timed_out", transport: { word: "unavailable" } });
    expect(result.ok === false && result.message).toMatch(/^the connection to http:\/\/127\.0\.0\.1:\d+\/v1 was dropped before the model answered: /);
  });

  it("a base URL with credentials in it never shows them", async () => {
    const port = await closedPort();
    const result = await driver({ baseUrl: `http://user:hunter2@127.0.0.1:${port}/v1` }).complete(ASK);
    expect(result.ok === false && result.failure).toBe("unreachable");
    expect(result.ok === false && result.message.startsWith(`could not reach http://***@127.0.0.1:${port}/v1: `)).toBe(true);
    expect(JSON.stringify(result)).not.toContain("hunter2");
  });

  it("a refused connection → unreachable, naming the address", async () => {
    const port = await closedPort();
    const result = await driver({ baseUrl: `http://127.0.0.1:${port}/v1` }).complete(ASK);
    expect(result).toEqual({
      ok: false, failure: "unreachable", message: `could not reach http://127.0.0.1:${port}/v1: ECONNREFUSED`, cause: "ECONNREFUSED", transport: { word: "unavailable" },
    });
  });

  it("an embedding refused by the content filter → refused", async () => {
    server.setBehaviour({ kind: "refuse" });
    expect(await driver().embed("x")).toMatchObject({ ok: false, failure: "refused" });
  });
});

describe("the key never appears in a message", () => {
  const echoes = (status: number) => ({
    kind: "error" as const,
    status,
    body: (req: { headers: Record<string, unknown> }) => ({
      error: { message: `Incorrect API key provided: ${String(req.headers["authorization"]).replace("Bearer ", "")} (sent ${String(req.headers["authorization"])})`, code: "invalid_api_key" },
    }),
  });

  it("when the server echoes it in an error body", async () => {
    for (const status of [401, 429, 400, 500]) {
      server.setBehaviour(echoes(status));
      const result = await driver({ apiKey: KEY }).complete(ASK);
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).not.toContain(KEY);
      expect(JSON.stringify(result)).not.toContain(KEY.slice(3));
    }
    server.setBehaviour(echoes(401));
    expect(await driver({ apiKey: KEY }).complete(ASK)).toEqual({
      ok: false, failure: "model_error", message: "the model answered with HTTP 401: Incorrect API key provided: *** (sent Bearer ***)", status: 401,
    });
  });

  it("when a key of any shape is echoed in a refusal, an embedding error or a stream", async () => {
    const odd = "local-secret-value-123";
    server.setBehaviour({ kind: "refuse", refusal: `no, ${odd}` });
    expect(JSON.stringify(await driver({ apiKey: odd }).complete(ASK))).not.toContain(odd);
    server.setBehaviour({ kind: "error", status: 500, body: { error: { message: `bad key ${odd}` } } });
    expect(JSON.stringify(await driver({ apiKey: odd }).embed("x"))).not.toContain(odd);
    expect(JSON.stringify(await driver({ apiKey: odd }).stream(ASK))).not.toContain(odd);
    const quoted = "key/with\"quote+slash";
    server.setBehaviour({ kind: "error", status: 400, body: { error: { message: `bad ${JSON.stringify(quoted)} and ${encodeURIComponent(quoted)}` } } });
    expect(await driver({ apiKey: quoted }).complete(ASK)).toEqual({ ok: false, failure: "model_error", message: "the model answered with HTTP 400: bad \"***\" and ***", status: 400 });
  });
});
