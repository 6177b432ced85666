// The driver retries as the fake does, by the connection's one retry policy on the real clock:
// 5xx other than 504, failed or dropped connections, and a 429 that isn't a spent quota are sent
// again, waiting the response's Retry-After (capped by the connection's timeout) or the backoff;
// a spent quota, 408, 504 and any other 4xx are not. Against the testing model server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RetryPolicy } from "../../src/ai/retry-policy.ts";
import { createOpenAiDriver } from "../../src/drivers/openai-compatible.ts";
import type { CompletionRequest, DriverFailure } from "../../src/drivers/types.ts";
import { startFakeModelServer, type Behaviour, type FakeModelServer } from "../../src/testing/openai-server.ts";
import { closedPort } from "../../src/testing/ports.ts";

const ASK: CompletionRequest = { system: "", user: "Sesame?", answerFormat: null };
const ANSWER: Behaviour = { kind: "answer", text: "No sesame.", usage: null, embedding: [1, 0, 0, 0] };

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(ANSWER);
});
afterAll(async () => {
  await server.close();
});

/** A driver whose connection has `retries` (the default `{ max: 2 backoff: 1s }`, with a 30 s timeout, unless given). */
function driver(retries: Partial<RetryPolicy> = {}, baseUrl = server.url) {
  return createOpenAiDriver({
    baseUrl, model: "m", apiKey: null, timeoutMs: 5000, maxAnswerBytes: 1024 * 1024, embeddingDimensions: 4,
    retries: { max: 2, backoffMs: 1000, timeoutMs: 30_000, ...retries },
  });
}

/** The script, and the requests it was sent from now on. */
function script(...steps: Behaviour[]): () => number {
  server.setBehaviour({ kind: "script", steps });
  const before = server.requests.length;
  return () => server.requests.length - before;
}

describe("the driver's retries", () => {
  it("a 503, then a 429 with Retry-After: 1, then an answer: answered, having waited the backoff then the Retry-After", async () => {
    const sent = script({ kind: "unavailable" }, { kind: "rate_limit", retryAfter: "1" }, ANSWER);
    // A short backoff: the Retry-After's whole second is the wait this test is about.
    const result = await driver({ backoffMs: 10 }).complete(ASK);
    expect(result).toEqual({
      ok: true, value: { kind: "answer", text: "No sesame." },
      retries: [{ status: 503, waitMs: 10 }, { status: 429, waitMs: 1000 }],
    });
    expect(sent()).toBe(3);
    // Each send is the same request.
    expect(new Set(server.requests.slice(-3).map((r) => JSON.stringify(r.body))).size).toBe(1);
  });

  it("runs out on unavailable: the last failure stands as timed_out, after doubling waits", async () => {
    const sent = script({ kind: "unavailable" });
    const result = await driver({ backoffMs: 10 }).complete(ASK);
    expect(result).toEqual({
      ok: false, failure: "timed_out", status: 503, transport: { word: "unavailable" },
      message: "the model was unavailable (HTTP 503): The server is overloaded. Please try again later. (after 2 retries)",
      retries: [{ status: 503, waitMs: 10 }, { status: 503, waitMs: 20 }],
    });
    expect(sent()).toBe(3);
  });

  it("runs out on rate_limited: over_budget, each wait the Retry-After, at most the connection's timeout", async () => {
    const sent = script({ kind: "rate_limit", retryAfter: "20" });
    const result = await driver({ max: 1, timeoutMs: 50 }).complete(ASK);
    expect(result).toMatchObject({ ok: false, failure: "over_budget", status: 429, retries: [{ status: 429, waitMs: 50 }] });
    expect(sent()).toBe(2);
  });

  it("waits a 503's Retry-After, as a 429's, at most the connection's timeout, and the backoff after a 503 without one", async () => {
    const sent = script({ kind: "unavailable", retryAfter: "20" }, { kind: "unavailable" }, ANSWER);
    const result = await driver({ backoffMs: 40, timeoutMs: 30 }).complete(ASK);
    expect(result).toMatchObject({ ok: true, retries: [{ status: 503, waitMs: 30 }, { status: 503, waitMs: 80 }] });
    expect(sent()).toBe(3);
    const again = script({ kind: "unavailable", retryAfter: "0" }, ANSWER);
    expect(await driver({ backoffMs: 5_000 }).complete(ASK)).toMatchObject({ ok: true, retries: [{ status: 503, waitMs: 0 }] });
    expect(again()).toBe(2);
  });

  it("sends once what isn't a transport failure: a spent quota, 408, 504, another 4xx", async () => {
    const once: Array<[Behaviour, string]> = [
      [{ kind: "quota" }, "over_budget"],
      [{ kind: "request_timeout" }, "timed_out"],
      [{ kind: "error", status: 504, body: { error: { message: "gateway" } } }, "timed_out"],
      [{ kind: "error", status: 400, body: { error: { message: "bad request" } } }, "model_error"],
      [{ kind: "error", status: 401, body: { error: { message: "no key" } } }, "model_error"],
    ];
    for (const [failing, word] of once) {
      const sent = script(failing, ANSWER);
      const result = await driver({ backoffMs: 10 }).complete(ASK);
      expect([failing, result.ok === false && result.failure, sent()]).toEqual([failing, word, 1]);
      expect(result).not.toHaveProperty("retries");
    }
  });

  it("sends `max: 0`'s request once", async () => {
    const sent = script({ kind: "unavailable" }, ANSWER);
    expect(await driver({ max: 0 }).complete(ASK)).toMatchObject({ ok: false, failure: "timed_out" });
    expect(sent()).toBe(1);
  });

  it("sends again after a dropped connection", async () => {
    const sent = script({ kind: "close" }, ANSWER);
    const result = await driver({ backoffMs: 10 }).complete(ASK);
    expect(result).toEqual({ ok: true, value: { kind: "answer", text: "No sesame." }, retries: [{ cause: "UND_ERR_SOCKET", waitMs: 10 }] });
    expect(sent()).toBe(2);
  });

  it("sends again after a refused connection, which stays unreachable when its retries run out", async () => {
    const result = await driver({ backoffMs: 10 }, `http://127.0.0.1:${await closedPort()}/v1`).complete(ASK);
    expect(result).toMatchObject({
      ok: false, failure: "unreachable", cause: "ECONNREFUSED",
      retries: [{ cause: "ECONNREFUSED", waitMs: 10 }, { cause: "ECONNREFUSED", waitMs: 20 }],
    });
  });

  it("retries a stream while no text has arrived, and an embedding", async () => {
    const streamed = script({ kind: "unavailable" }, { ...ANSWER, wordsPerChunk: 1 });
    expect(await driver({ backoffMs: 10 }).stream(ASK)).toEqual({
      ok: true, value: { text: "No sesame.", deltas: ["No ", "sesame."], stopped: "finished" }, retries: [{ status: 503, waitMs: 10 }],
    });
    expect(streamed()).toBe(2);
    const embedded = script({ kind: "rate_limit", retryAfter: "0" }, ANSWER);
    expect(await driver().embed("sesame")).toEqual({ ok: true, value: [1, 0, 0, 0], retries: [{ status: 429, waitMs: 0 }] });
    expect(embedded()).toBe(2);
  });

  it("stops a stream whose retries run out, with no text: timed_out after 5xx, over_budget after 429", async () => {
    script({ kind: "unavailable" });
    expect(await driver({ max: 1, backoffMs: 10 }).stream(ASK)).toEqual({
      ok: true, value: { text: "", deltas: [], stopped: "timed_out" }, retries: [{ status: 503, waitMs: 10 }],
    });
    script({ kind: "rate_limit", retryAfter: "0" });
    expect(await driver({ max: 1 }).stream(ASK)).toMatchObject({ ok: true, value: { deltas: [], stopped: "over_budget" } });
  });

  it("never sends a stream again once text has arrived", async () => {
    const sent = script({ ...ANSWER, text: "one two three", wordsPerChunk: 1, closeAfterChunks: 1 }, ANSWER);
    expect(await driver({ backoffMs: 10 }).stream(ASK)).toEqual({ ok: true, value: { text: "one ", deltas: ["one "], stopped: "timed_out" } });
    expect(sent()).toBe(1);
  });

  it("asks `beforeRetry` before each retry: false sends no more, and the failure stands", async () => {
    const sent = script({ kind: "unavailable" }, { kind: "unavailable" }, ANSWER);
    const asked: DriverFailure[] = [];
    const result = await driver({ backoffMs: 10 }).complete(ASK, { beforeRetry: (failed) => asked.push(failed) < 2 });
    expect(asked.map((f) => f.status)).toEqual([503, 503]);
    expect(result).toMatchObject({ ok: false, failure: "timed_out", retries: [{ status: 503, waitMs: 10 }] });
    expect(sent()).toBe(2);
  });

  it("is stopped by the request's abort signal, in the middle of a wait", async () => {
    const sent = script({ kind: "rate_limit", retryAfter: "20" }, ANSWER);
    const controller = new AbortController();
    const asking = driver().complete(ASK, { signal: controller.signal });
    while (sent() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect(await asking).toEqual({ ok: false, failure: "timed_out", message: "the request was stopped before the model answered" });
    expect(sent()).toBe(1);
  });
});
