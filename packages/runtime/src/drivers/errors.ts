// Turning whatever a provider or the network does into one DriverFailure, with a short message
// that never carries the key. Everything the SDK throws lands here; nothing is rethrown.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { answerTooLong } from "./answer-cap.ts";
import { keyEcho } from "./key-echo.ts";
import type { TransportFailure } from "@jadpo/compiler";
import type { DriverFailure, FailureFacts } from "./types.ts";

const MAX_MESSAGE = 300;

/** Remove every trace of the key from a text that may echo a request or a provider's answer. */
export function redact(text: string, key: string | null): string {
  // As sent, and as an echo might re-encode it (inside JSON text, or in a URL), whole or in part.
  let out = keyEcho(key).redact(text);
  // A provider may echo the header itself, or a key it recognises by shape.
  out = out.replace(/Bearer\s+[^\s"',;()[\]{}]+/gi, "Bearer ***");
  out = out.replace(/\bsk-[A-Za-z0-9_\-*.]{6,}/g, "sk-***");
  // Credentials written into a URL (`http://user:pass@host`).
  out = out.replace(/\/\/[^\s/@]+@/g, "//***@");
  return out;
}

/** One line, short, key removed — the form every driver message takes. */
export function cleanMessage(text: string, key: string | null): string {
  const oneLine = redact(text, key).replace(/\s+/g, " ").trim();
  return oneLine.length > MAX_MESSAGE ? `${oneLine.slice(0, MAX_MESSAGE - 1)}…` : oneLine;
}

export function failure(word: DriverFailure["failure"], message: string, key: string | null, facts: FailureFacts = {}): DriverFailure {
  return { ok: false, failure: word, message: cleanMessage(message, key), ...facts } as DriverFailure;
}

const QUOTA = /quota|billing|budget|credit|insufficient[_ ]funds|payment/i;
/** A connection that failed before reaching a server (nothing was sent to a model): sent again, as the network may recover. */
const NEVER_REACHED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL", "ETIMEDOUT"]);
/** A connection the server reset or closed once the request was sent. */
const DROPPED = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);
const UNAVAILABLE: TransportFailure = { word: "unavailable" };
const CONTEXT = /context[_ ]length|maximum context|context window|too many tokens|prompt is too long|tokens? (limit|exceed)/i;
const FILTERED = /content[_ ]filter|content[_ ]policy|safety system/i;

interface ProviderError {
  status: number | undefined;
  code: string;
  type: string;
  message: string;
  /** The response's `Retry-After`, in ms. */
  retryAfterMs?: number;
}

function providerError(e: APIError): ProviderError {
  const body: unknown = e.error;
  const rawMessage = isRecord(body) && typeof body["message"] === "string" ? body["message"]
    : typeof body === "string" ? body : body !== undefined && body !== null ? safeJson(body) : "";
  const retryAfterMs = retryAfter(e.headers instanceof Headers ? e.headers.get("retry-after") : null, Date.now());
  return {
    status: e.status,
    code: typeof e.code === "string" ? e.code : "",
    type: typeof e.type === "string" ? e.type : "",
    message: rawMessage,
    ...(retryAfterMs === null ? {} : { retryAfterMs }),
  };
}

/** `Retry-After` in ms: whole (or decimal) seconds, or an HTTP date (from `now`, never below 0); null without one, or unreadable. */
export function retryAfter(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) || !/[a-z]/i.test(text) ? null : Math.max(0, date - now);
}

/**
 * The mapping (docs/ai.md): refusal/content filter → refused; timeouts, 408, 504 → timed_out;
 * 402, and every 429 → over_budget (AiOverBudget is the language's RateLimited failure, so a plain
 * rate limit belongs there too); context-length errors and 413 → too_long; a network that never
 * reached a server → unreachable; anything else → model_error. Transport failures are marked to be
 * sent again: a 429 that doesn't say the quota is spent (`rate_limited`), any other 5xx and a
 * failed or dropped connection (`unavailable`).
 */
export function classifyError(e: unknown, ctx: { baseUrl: string; key: string | null; deadlineHit: boolean; timeoutMs: number }): DriverFailure {
  const { key } = ctx;
  const tooLong = answerTooLong(e);
  if (tooLong !== null) return failure("too_long", `${tooLong.message}; the rest was not read`, key);
  if (ctx.deadlineHit || e instanceof APIConnectionTimeoutError || isTimeoutError(e)) {
    return failure("timed_out", `the model did not answer within ${ctx.timeoutMs}ms`, key);
  }
  if (e instanceof APIUserAbortError) return failure("timed_out", "the request was stopped before the model answered", key);
  if (e instanceof APIConnectionError) {
    const cause = networkCause(e);
    // The request went out: the server reset or closed the connection without answering.
    if (DROPPED.has(cause)) return failure("timed_out", `the connection to ${ctx.baseUrl} was dropped before the model answered: ${cause}`, key, { transport: UNAVAILABLE, cause });
    const facts: FailureFacts = NEVER_REACHED.has(cause) ? { transport: UNAVAILABLE, cause } : {};
    // Anything else (a URL fetch refuses to use, say) never reached a server either, and sending it again changes nothing.
    return failure("unreachable", `could not reach ${ctx.baseUrl}: ${cause}`, key, facts);
  }
  if (e instanceof APIError) return classifyProviderError(providerError(e), key);
  // Reading the body after the status line: a JSON body that isn't JSON, or a connection cut mid-answer.
  if (e instanceof SyntaxError) return failure("model_error", "the model's answer is not valid JSON", key);
  if (e instanceof TypeError && e.message === "terminated") {
    const cause = networkCause(e);
    return failure("timed_out", "the connection closed before the model's answer was complete", key, { transport: UNAVAILABLE, ...(DROPPED.has(cause) ? { cause } : {}) });
  }
  const message = e instanceof Error ? e.message : String(e);
  return failure("model_error", `the model's answer could not be read: ${message}`, key);
}

export function classifyProviderError(p: ProviderError, key: string | null): DriverFailure {
  const words = `${p.code} ${p.type} ${p.message}`;
  const said = p.message !== "" ? `: ${p.message}` : "";
  const http = p.status !== undefined ? `HTTP ${p.status}` : "an error";
  const facts: FailureFacts = {
    ...(p.status === undefined ? {} : { status: p.status }),
    ...(p.retryAfterMs === undefined ? {} : { retryAfterMs: p.retryAfterMs }),
  };
  const fail = (word: DriverFailure["failure"], message: string, transport?: TransportFailure) =>
    failure(word, message, key, transport === undefined ? facts : { ...facts, transport });
  if (FILTERED.test(`${p.code} ${p.type}`)) return fail("refused", `the model refused (${http})${said}`);
  if (p.status === 408 || p.status === 504) return fail("timed_out", `the model timed out (${http})${said}`);
  // Only the quota's own code says the spending is spent; any other 429 is a rate limit, waited out.
  const spent = QUOTA.test(`${p.code} ${p.type}`);
  if (p.status === 429 && !spent) {
    return fail("over_budget", `the model's rate limit was reached (${http})${said}`, { word: "rate_limited", retryAfterMs: p.retryAfterMs ?? null });
  }
  if (p.status === 402 || p.status === 429 || p.code === "insufficient_quota" || p.type === "insufficient_quota") {
    return fail("over_budget", `the model's budget was reached (${http})${said}`);
  }
  if (p.status === 413 || CONTEXT.test(words)) return fail("too_long", `the request is too long for the model (${http})${said}`);
  if (spent) return fail("over_budget", `the model's budget was reached (${http})${said}`);
  if (p.status !== undefined && p.status >= 500) {
    // An overloaded server may say when to come back, as a rate limit does: that wait is kept.
    const transport: TransportFailure = p.retryAfterMs === undefined ? UNAVAILABLE : { word: "unavailable", retryAfterMs: p.retryAfterMs };
    return fail("timed_out", `the model was unavailable (${http})${said}`, transport);
  }
  return fail("model_error", `the model answered with ${http}${said}`);
}

function networkCause(e: Error): string {
  // undici: TypeError("fetch failed") with the real reason (ECONNREFUSED, ENOTFOUND, ...) as its cause.
  let cause: unknown = (e as { cause?: unknown }).cause;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    const inner: unknown = (cause as { cause?: unknown }).cause;
    if (!(inner instanceof Error)) break;
    cause = inner;
  }
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === "string" ? code : cause.message;
  }
  return e.message;
}

function isTimeoutError(e: unknown): boolean {
  return e instanceof Error && (e.name === "TimeoutError" || (e as { code?: unknown }).code === "UND_ERR_HEADERS_TIMEOUT");
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v);
  } catch {
    return "";
  }
}
