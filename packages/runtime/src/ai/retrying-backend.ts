// A backend whose requests may fail in transport (the test fake), retried by the connection's
// policy (retry-policy.ts) on the given clock: every reply is an answer with the retries it took,
// or — when they ran out — the AI failure the last transport failure surfaces as, having used no
// tokens (a request that failed in transport was never answered).
import { whenDone, isTransportReply } from "./backend.ts";
import type {
  AiBackend, Answered, EmbedCall, EmbedReply, GenerateCall, GenerateReply, MaybePromise, StreamCall, StreamReply, TransportBackend, TransportReply,
} from "./backend.ts";
import { exhaustedFailure, sendWithRetries, type Retried, type RetryClock, type RetryPolicy } from "./retry-policy.ts";
import { NO_USAGE } from "./token-usage.ts";

function withRetries<R extends Answered>(reply: R, retries: number): R {
  return retries === 0 ? reply : { ...reply, retries };
}

/**
 * The AI backend of a test run: `inner`'s requests sent again after each transport failure, as
 * `policy` says, waiting on `clock` (the run's test clock). Each reply carries the `retries` it took.
 */
export function retryingBackend(inner: TransportBackend, policy: RetryPolicy, clock: RetryClock): AiBackend {
  /** One send of `call`, its retry number set on a retry; a failed send's own time (`after`) passes on the clock. */
  const sender = <C extends { retry?: number }, R extends object>(ask: (call: C) => MaybePromise<R | TransportReply>, call: C) =>
    (retry: number): MaybePromise<R | TransportReply> => whenDone(ask(retry === 0 ? call : { ...call, retry }), (reply) => {
      if (!isTransportReply(reply) || !reply.afterMs) return reply;
      return whenDone(clock.wait(reply.afterMs), () => reply);
    });
  const retried = <C extends { retry?: number }, R extends Answered>(
    ask: (call: C) => MaybePromise<R | TransportReply>, call: C, exhausted: (r: Extract<Retried<R>, { ok: false }>) => R,
  ): MaybePromise<R> => whenDone(sendWithRetries(sender(ask, call), clock, policy), (r) => (r.ok ? withRetries(r.reply, r.retries) : exhausted(r)));
  return {
    generate: (call: GenerateCall) => retried<GenerateCall, GenerateReply>((c) => inner.generate(c), call, (r) => (
      { kind: "failure", failure: exhaustedFailure(r.failure), retries: r.retries, usage: NO_USAGE })),
    stream: (call: StreamCall) => retried<StreamCall, StreamReply>((c) => inner.stream(c), call, (r) => (
      { pieces: [], text: "", stopped: exhaustedFailure(r.failure), retries: r.retries, usage: NO_USAGE })),
    embed: (call: EmbedCall) => retried<EmbedCall, EmbedReply>((c) => inner.embed(c), call, (r) => (
      { kind: "failure", failure: exhaustedFailure(r.failure), retries: r.retries, usage: NO_USAGE })),
  };
}
