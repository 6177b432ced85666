// What a model driver promises the runtime: three calls, and every problem as data (never a throw).
// The failure words are the language's AI failures (docs/ai.md) plus the two the CLI reports
// itself (`ai.unreachable`, `ai.model_error`, docs/cli.md).

import type { AiFailureWord, StopWord, TransportFailure } from "@jadpo/compiler";
import type { TokenUsage } from "../ai/backend.ts";

/** A failure of the connection itself: no model answered, or it answered with something unusable. */
export type ConnectionFailureWord = "unreachable" | "model_error";

/** What is known of a failed request beyond its failure word, all as data for whoever retries or logs it. */
export interface FailureFacts {
  /** The HTTP status the server answered with; absent when none came (a connection error, a time-out). */
  status?: number;
  /** The response's `Retry-After` in ms (its seconds, or its HTTP date from now); absent without one. */
  retryAfterMs?: number;
  /**
   * Set when the request failed in transport — the server unavailable (5xx other than 504, a
   * failed or dropped connection) or rate-limiting it (a 429 that isn't a spent quota) — so the
   * connection's `retries:` may send it again.
   */
  transport?: TransportFailure;
  /** A connection that failed: the network's error (`ECONNREFUSED`, `ECONNRESET`). */
  cause?: string;
  /** The retries sent before this result, in order (absent: none). */
  retries?: DriverRetry[];
}

/** One retry of a request: what the send before it failed with, and how long it waited. */
export interface DriverRetry {
  /** The HTTP status of the failure it follows; absent for a connection that failed. */
  status?: number;
  /** The network's error for a connection that failed (`ECONNREFUSED`). */
  cause?: string;
  waitMs: number;
}

/** How one request is sent (every driver call takes these). */
export interface RequestOptions {
  /** Stops the request, and any wait before a retry: it ends `timed_out`, stopped. */
  signal?: AbortSignal;
  /**
   * Asked before each retry is sent, once its wait is over, with the failure it follows: false
   * sends no more, and that failure stands. (`jadpo dev` counts each retry in `per_day` here.)
   */
  beforeRetry?: (failed: DriverFailure) => boolean | Promise<boolean>;
  /**
   * Told when a send has failed in transport and the wait before its retry begins: until the
   * retry is sent, nothing of the request is in flight. (A built app counts no tokens for a
   * request stopped then.)
   */
  onRetryWait?: () => void;
}

/**
 * A failed request. `failure` is what it surfaces as when it is not sent again: a transport
 * failure's as its retries run out (`unavailable` → `timed_out`, `rate_limited` → `over_budget`),
 * except a connection that never reached a server (refused, DNS), which stays `unreachable`.
 */
export type DriverFailure = FailureFacts & (
  | { ok: false; failure: AiFailureWord; message: string }
  | { ok: false; failure: ConnectionFailureWord; message: string });

/** An answer, with the usage the model reported for it (absent when it reported none) and the retries it took. */
export type DriverResult<T> = { ok: true; value: T; usage?: TokenUsage; retries?: DriverRetry[] } | DriverFailure;

/**
 * One ask of a prompt: its rendered texts; for a prompt with tools, the tools and the loop's
 * earlier turns; for a correction, the rejected answer and why.
 */
export interface CompletionRequest {
  /** The prompt's rendered `system:` text; "" when it has none. */
  system: string;
  /** The prompt's rendered `text:`. */
  user: string;
  /** The toolchain's answer-format instruction for the `as:` type; null for a Text-based type or a stream. */
  answerFormat: string | null;
  /** The prompt's tools, in `tools:` order; absent for a prompt without tools. */
  tools?: ToolDefinition[];
  /** A tool prompt's later step: the conversation after the user's turn so far, in order. */
  earlier?: EarlierTurn[];
  /** Set on the one correction attempt (docs/ai.md); after `earlier`, it is the last turn sent. */
  correction?: CorrectionTurn;
}

/** A tool as the model is told of it. */
export interface ToolDefinition {
  name: string;
  /** As written in `tools:`. */
  description: string;
  /** The JSON Schema of the tool's arguments type (the one the answer format uses). */
  parameters: { [key: string]: unknown };
}

/** One tool call a model made: its id (sent back with the result), the tool's name, the arguments as JSON text. */
export interface ModelToolCall {
  id: string;
  tool: string;
  arguments: string;
}

/** An earlier turn of a tool loop, sent again with every later step. */
export type EarlierTurn =
  /** The model's tool calls, then what went back for each (the loop's canonical JSON). */
  | { kind: "tool_calls"; calls: Array<ModelToolCall & { result: string }> }
  /** A correction already answered: the rejected answer and the correction request. */
  | { kind: "correction"; correction: CorrectionTurn };

/** What the model did in one step: answered, or called tools. */
export type ModelTurn =
  | { kind: "answer"; text: string }
  | { kind: "tool_calls"; calls: ModelToolCall[] };

export interface CorrectionTurn {
  /** The answer text that did not decode, sent back as the assistant's turn. */
  previousAnswer: string;
  /**
   * The toolchain's correction request, already rendered with the decode error
   * (`correctionRequest(answer, decodeError)` from ai/prompt-texts.ts; `completionRequestFor`
   * does this), sent as the next user turn.
   */
  error: string;
}


export interface StreamedAnswer {
  /** The whole text received, the deltas joined. */
  text: string;
  /** The text as the model delivered it, one entry per non-empty delta. */
  deltas: string[];
  stopped: StopWord;
  /** The usage the model reported at the stream's end (asked for with `stream_options.include_usage`); absent without one. */
  usage?: TokenUsage;
}

/** A stream never fails with an AI failure (the stop is in the value); only the connection can fail. */
export type StreamResult = { retries?: DriverRetry[] } & (
  | { ok: true; value: StreamedAnswer }
  | { ok: false; failure: ConnectionFailureWord; message: string; partialText: string });

/**
 * Each call is one request: sent again, by the connection's `retries:`, only after a transport
 * failure (a 5xx other than 504, a failed or dropped connection, a 429 that isn't a spent quota),
 * waiting its `Retry-After` or the backoff on the real clock.
 */
export interface AiDriver {
  /**
   * One request of `ai.generate` (an attempt, or a tool prompt's step): the answer text,
   * undecoded, or the tool calls the model made.
   */
  complete(req: CompletionRequest, options?: RequestOptions): Promise<DriverResult<ModelTurn>>;
  /**
   * One `ai.stream` call; `onDelta` sees each piece of text as it arrives. It is sent again only
   * while no text has arrived: a stream cut after some stops `timed_out`, keeping it.
   */
  stream(req: CompletionRequest, onDelta?: (delta: string) => void, options?: RequestOptions): Promise<StreamResult>;
  /** One `ai.embed` call: exactly `embeddingDimensions` numbers. */
  embed(text: string, options?: RequestOptions): Promise<DriverResult<number[]>>;
}
