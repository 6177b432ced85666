// Turning whatever a provider or the network does into one DriverFailure, with a short message
// that never carries the key. Everything the SDK throws lands here; nothing is rethrown.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { answerTooLong } from "./answer-cap.ts";
import { keyEcho } from "./key-echo.ts";
import type { DriverFailure } from "./types.ts";

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

export function failure(word: DriverFailure["failure"], message: string, key: string | null): DriverFailure {
  return { ok: false, failure: word, message: cleanMessage(message, key) } as DriverFailure;
}

const QUOTA = /quota|billing|budget|credit|insufficient[_ ]funds|payment/i;
const CONTEXT = /context[_ ]length|maximum context|context window|too many tokens|prompt is too long|tokens? (limit|exceed)/i;
const FILTERED = /content[_ ]filter|content[_ ]policy|safety system/i;

interface ProviderError {
  status: number | undefined;
  code: string;
  type: string;
  message: string;
}

function providerError(e: APIError): ProviderError {
  const body: unknown = e.error;
  const rawMessage = isRecord(body) && typeof body["message"] === "string" ? body["message"]
    : typeof body === "string" ? body : body !== undefined && body !== null ? safeJson(body) : "";
  return {
    status: e.status,
    code: typeof e.code === "string" ? e.code : "",
    type: typeof e.type === "string" ? e.type : "",
    message: rawMessage,
  };
}

/**
 * The mapping (documented in the report): refusal/content filter → refused; timeouts, 408, 504 →
 * timed_out; 402, and every 429 → over_budget (AiOverBudget is the language's RateLimited failure,
 * so a plain rate limit belongs there too); context-length errors and 413 → too_long; a network
 * that never reached a server → unreachable; anything else → model_error.
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
    return failure("unreachable", `could not reach ${ctx.baseUrl}: ${networkCause(e)}`, key);
  }
  if (e instanceof APIError) return classifyProviderError(providerError(e), key);
  // Reading the body after the status line: a JSON body that isn't JSON, or a connection cut mid-answer.
  if (e instanceof SyntaxError) return failure("model_error", "the model's answer is not valid JSON", key);
  if (e instanceof TypeError && e.message === "terminated") {
    return failure("model_error", "the connection closed before the model's answer was complete", key);
  }
  const message = e instanceof Error ? e.message : String(e);
  return failure("model_error", `the model's answer could not be read: ${message}`, key);
}

export function classifyProviderError(p: ProviderError, key: string | null): DriverFailure {
  const words = `${p.code} ${p.type} ${p.message}`;
  const said = p.message !== "" ? `: ${p.message}` : "";
  const http = p.status !== undefined ? `HTTP ${p.status}` : "an error";
  if (FILTERED.test(`${p.code} ${p.type}`)) return failure("refused", `the model refused (${http})${said}`, key);
  if (p.status === 408 || p.status === 504) return failure("timed_out", `the model timed out (${http})${said}`, key);
  if (p.status === 402 || p.status === 429 || p.code === "insufficient_quota" || p.type === "insufficient_quota") {
    const what = p.status === 429 && !QUOTA.test(words) ? "rate limit" : "budget";
    return failure("over_budget", `the model's ${what} was reached (${http})${said}`, key);
  }
  if (p.status === 413 || CONTEXT.test(words)) return failure("too_long", `the request is too long for the model (${http})${said}`, key);
  if (QUOTA.test(`${p.code} ${p.type}`)) return failure("over_budget", `the model's budget was reached (${http})${said}`, key);
  return failure("model_error", `the model answered with ${http}${said}`, key);
}

function networkCause(e: APIConnectionError): string {
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
