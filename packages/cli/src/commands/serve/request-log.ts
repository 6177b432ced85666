// One JSON line per request on standard output (docs/production.md). It says what happened and how
// long it took, never what was asked or answered: no parameter values, answers, prompt texts or
// keys, whatever the action or the model did.
import type { AiCallRecord } from "@jadpo/runtime/app";

/** What a line says of a request that did not succeed: its code; for a fault, its rule and where it happened. */
export type LoggedFailure = { code: string } | { code: string; rule: string; at: string | null };

export interface RequestLine {
  time: string;
  level: "info" | "warn" | "error";
  request_id: string;
  /** The action the path names, or `-`. */
  action: string;
  /** The HTTP status the client got (Node's own 408 for a body not sent in time). */
  status: number;
  ms: number;
  ai_calls: number;
  ai_ms: number;
  input_tokens: number;
  output_tokens: number;
  failure: LoggedFailure | null;
}

/** The AI calls of one request, summed as its line reports them. */
export class RequestAi {
  calls = 0;
  ms = 0;
  inputTokens = 0;
  outputTokens = 0;

  add(call: AiCallRecord): void {
    this.calls++;
    this.ms += call.ms;
    this.inputTokens += call.inputTokens;
    this.outputTokens += call.outputTokens;
  }
}

/** `error` for a fault, `warn` for a request refused or stopped for the server's sake, `info` otherwise. */
function levelOf(status: number): RequestLine["level"] {
  if (status === 500) return "error";
  if (status === 503 || status === 504 || status === 413 || status === 408 || status === 401) return "warn";
  return "info";
}

export function requestLine(input: { requestId: string; action: string; status: number; ms: number; ai: RequestAi; failure: LoggedFailure | null }): string {
  const line: RequestLine = {
    time: new Date().toISOString(),
    level: levelOf(input.status),
    request_id: input.requestId,
    action: input.action,
    status: input.status,
    ms: Math.round(input.ms),
    ai_calls: input.ai.calls,
    ai_ms: Math.round(input.ai.ms),
    input_tokens: input.ai.inputTokens,
    output_tokens: input.ai.outputTokens,
    failure: input.failure,
  };
  return JSON.stringify(line);
}

/** The request's own id when it is 1–128 characters of `[A-Za-z0-9._:-]`, else null (one is made). */
export function givenRequestId(header: string | string[] | undefined): string | null {
  return typeof header === "string" && /^[A-Za-z0-9._:-]{1,128}$/.test(header) ? header : null;
}
