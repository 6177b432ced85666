// The retry policy on its own, as a driver uses it (docs/ai.md): one request's "send once" wrapped
// with a clock and the connection's policy. The clock here records its waits, so nothing sleeps.
import { describe, expect, it } from "vitest";
import type { TransportFailure } from "@jadpo/compiler";
import type { MaybePromise, TransportReply } from "../../src/ai/backend.ts";
import { exhaustedFailure, retryPolicyOf, retryWaitMs, sendWithRetries, testClock, type RetryClock, type RetryPolicy } from "../../src/ai/retry-policy.ts";

const POLICY: RetryPolicy = { max: 2, backoffMs: 1000, timeoutMs: 30_000 };
const UNAVAILABLE: TransportReply = { transport: { word: "unavailable" } };
const rateLimited = (retryAfterMs: number | null): TransportReply => ({ transport: { word: "rate_limited", retryAfterMs } });

/** A clock that only writes down how long it was asked to wait, answering later (as a timer would) when `async`. */
function recordingClock(async: boolean): RetryClock & { waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    wait(ms) {
      waits.push(ms);
      return async ? Promise.resolve() : undefined;
    },
  };
}

/** "Send once" answering from a list, each send asynchronously when `async`; `sent` the retry numbers asked. */
function scripted<R extends object>(replies: (R | TransportReply)[], async: boolean) {
  const sent: number[] = [];
  const send = (retry: number): MaybePromise<R | TransportReply> => {
    sent.push(retry);
    const reply = replies[sent.length - 1];
    return async ? Promise.resolve(reply) : reply;
  };
  return { send, sent };
}

describe("retryWaitMs", () => {
  it("doubles the backoff from the first retry, and waits a Retry-After instead, up to the timeout", () => {
    const unavailable: TransportFailure = { word: "unavailable" };
    expect([1, 2, 3, 4].map((n) => retryWaitMs(POLICY, n, unavailable))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryWaitMs(POLICY, 3, { word: "rate_limited", retryAfterMs: null })).toBe(4000);
    expect(retryWaitMs(POLICY, 3, { word: "rate_limited", retryAfterMs: 20_000 })).toBe(20_000);
    expect(retryWaitMs(POLICY, 1, { word: "rate_limited", retryAfterMs: 60_000 })).toBe(30_000);
    expect(retryWaitMs(POLICY, 1, { word: "rate_limited", retryAfterMs: 0 })).toBe(0);
  });

  it("waits the Retry-After of any transport failure that carries one: a 503's too, up to the timeout", () => {
    expect(retryWaitMs(POLICY, 2, { word: "unavailable", retryAfterMs: 5_000 })).toBe(5_000);
    expect(retryWaitMs(POLICY, 1, { word: "unavailable", retryAfterMs: 90_000 })).toBe(30_000);
    expect(retryWaitMs(POLICY, 3, { word: "unavailable", retryAfterMs: 0 })).toBe(0);
  });

  it("surfaces unavailable as a time-out and a rate limit as over budget", () => {
    expect(exhaustedFailure({ word: "unavailable" })).toBe("timed_out");
    expect(exhaustedFailure({ word: "rate_limited", retryAfterMs: 5 })).toBe("over_budget");
  });

  it("takes the connection's policy, or the defaults without one", () => {
    expect(retryPolicyOf(null)).toEqual({ max: 2, backoffMs: 1000, timeoutMs: 30_000 });
  });
});

describe("sendWithRetries", () => {
  for (const async of [false, true]) {
    const how = async ? "an awaiting send and clock" : "a synchronous send and clock";

    it(`sends the same request again after each transport failure, waiting on the clock (${how})`, async () => {
      const { send, sent } = scripted<{ answer: string }>([UNAVAILABLE, rateLimited(20_000), { answer: "yes" }], async);
      const clock = recordingClock(async);
      const told: [number, number, string][] = [];
      const result = sendWithRetries(send, clock, POLICY, (n, wait, failure) => told.push([n, wait, failure.word]));
      expect(result instanceof Promise).toBe(async);
      expect(await result).toEqual({ ok: true, reply: { answer: "yes" }, retries: 2 });
      expect(sent).toEqual([0, 1, 2]);
      expect(clock.waits).toEqual([1000, 20_000]);
      expect(told).toEqual([[1, 1000, "unavailable"], [2, 20_000, "rate_limited"]]);
    });

    it(`gives up after max retries with the last failure, waiting no more (${how})`, async () => {
      const { send, sent } = scripted<{ answer: string }>([rateLimited(null), UNAVAILABLE, UNAVAILABLE, { answer: "too late" }], async);
      const clock = recordingClock(async);
      expect(await sendWithRetries(send, clock, POLICY)).toEqual({ ok: false, failure: { word: "unavailable" }, retries: 2 });
      expect(sent).toEqual([0, 1, 2]);
      expect(clock.waits).toEqual([1000, 2000]);
    });
  }

  it("sends once with max 0, and an answer first time waits for nothing", () => {
    const off = scripted<{ answer: string }>([UNAVAILABLE], false);
    expect(sendWithRetries(off.send, recordingClock(false), { ...POLICY, max: 0 })).toEqual({ ok: false, failure: { word: "unavailable" }, retries: 0 });
    const clock = recordingClock(false);
    expect(sendWithRetries(scripted([{ answer: "yes" }], false).send, clock, POLICY)).toEqual({ ok: true, reply: { answer: "yes" }, retries: 0 });
    expect(clock.waits).toEqual([]);
  });

  it("the test clock moves clock.now() on by each wait", () => {
    const run = { clock: 0 };
    const { send } = scripted<{ answer: string }>([UNAVAILABLE, UNAVAILABLE, { answer: "yes" }], false);
    sendWithRetries(send, testClock(run), POLICY);
    expect(run.clock).toBe(3000);
  });
});
