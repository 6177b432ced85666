// Retries are a policy on a clock (docs/ai.md, "When the network fails"): a request that failed in
// transport — the server unavailable, or rate-limiting it — is sent again, up to the connection's
// `retries.max` times. The n-th retry waits the failure's `Retry-After` (at most the connection's
// `timeout`), else `backoff × 2^(n−1)`. The waits are on the clock the caller gives — the test
// clock in tests, so nothing sleeps; the real one elsewhere — so the fake and a real driver retry
// alike. When the retries run out, the last failure decides: `unavailable` surfaces as AiTimedOut
// and `rate_limited` as AiOverBudget, so the AI failures an app handles are those it had before.
import { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS, type AiFailureWord, type ConnectionInfo, type TransportFailure } from "@jadpo/compiler";
import { isTransportReply, whenDone, type MaybePromise, type TransportReply } from "./backend.ts";

export interface RetryPolicy {
  /** Retries per request; 0 sends each request once. */
  max: number;
  /** The first retry's wait when the failure gives no `Retry-After`; each later retry doubles it. */
  backoffMs: number;
  /** The connection's `timeout`: the longest a `Retry-After` is waited. */
  timeoutMs: number;
}

/** The connection's policy: its `retries:` and `timeout`, each defaulted as the language says. */
export function retryPolicyOf(connection: ConnectionInfo | null): RetryPolicy {
  const retries = connection?.retries ?? DEFAULT_RETRIES;
  return { max: retries.max, backoffMs: retries.backoffMs, timeoutMs: connection?.timeoutMs ?? DEFAULT_TIMEOUT_MS };
}

/** Where a retry waits. */
export interface RetryClock {
  wait(ms: number): MaybePromise<void>;
}

/**
 * Real time (a driver's requests in `jadpo dev`, `ai record`, production): a wait is a timer,
 * ended early when `signal` aborts.
 */
export function realClock(signal?: AbortSignal): RetryClock {
  return {
    wait: (ms) => new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener("abort", done, { once: true });
    }),
  };
}

/** A run's test clock: a wait moves `clock.now()` on at once. */
export function testClock(run: { clock: number }): RetryClock {
  return {
    wait(ms) {
      run.clock += ms;
    },
  };
}

/**
 * How long the n-th retry (from 1) waits after `failure`: the `Retry-After` it carries, whatever
 * failed (a 429, or a 503 that says when to come back), else the backoff.
 */
export function retryWaitMs(policy: RetryPolicy, n: number, failure: TransportFailure): number {
  const asked = failure.retryAfterMs ?? null;
  if (asked !== null) return Math.min(asked, policy.timeoutMs);
  return policy.backoffMs * 2 ** (n - 1);
}

/** The AI failure a request's last transport failure surfaces as once its retries have run out. */
export function exhaustedFailure(failure: TransportFailure): AiFailureWord {
  return failure.word === "unavailable" ? "timed_out" : "over_budget";
}

/** How a request ended: answered, or its retries ran out on `failure`; `retries` sent after the first. */
export type Retried<R> = { ok: true; reply: R; retries: number } | { ok: false; failure: TransportFailure; retries: number };

/** Told of each retry before its wait: its number (from 1), the wait, and the failure it follows. */
export type OnRetry = (n: number, waitMs: number, failure: TransportFailure) => void;

/**
 * Sends one request — `send(retry)`, retry 0 first — until it is answered or the policy's retries
 * run out, waiting on `clock` between sends. Synchronous when `send` and the clock are, so the
 * fake's tests never wait on a promise.
 */
export function sendWithRetries<R extends object>(
  send: (retry: number) => MaybePromise<R | TransportReply>,
  clock: RetryClock,
  policy: RetryPolicy,
  onRetry?: OnRetry,
): MaybePromise<Retried<R>> {
  const from = (retry: number): MaybePromise<Retried<R>> => whenDone(send(retry), (reply): MaybePromise<Retried<R>> => {
    if (!isTransportReply(reply)) return { ok: true, reply, retries: retry };
    if (retry >= policy.max) return { ok: false, failure: reply.transport, retries: retry };
    const n = retry + 1;
    const wait = retryWaitMs(policy, n, reply.transport);
    onRetry?.(n, wait, reply.transport);
    return whenDone(clock.wait(wait), () => from(n));
  });
  return from(0);
}
