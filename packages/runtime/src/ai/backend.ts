// What answers the program's AI calls. The test fake answers one request at a time, which may fail
// in transport (a `TransportBackend`); the retry policy (ai/retry-policy.ts) makes an `AiBackend`
// of it. `jadpo dev` implements another (recordings, generated defaults, the sandboxed model).
// Decoding and the one correction live ABOVE the backend (exec/ai-calls.ts), so every backend
// shares them: a backend answers one attempt at a time and never decodes a model's text itself.
import type { AiFailureWord, PromptInfo, Span, StopWord, ToolInfo, TransportFailure, Type } from "@jadpo/compiler";
import type { DecodeError } from "./decode.ts";
import type { GenerateOutcome, LOOP_LIMIT } from "./outcomes.ts";
import type { Value } from "../values/value.ts";

export type MaybePromise<T> = T | Promise<T>;

/** `next(value)` now when `value` is ready, else once it is: synchronous code stays synchronous. */
export function whenDone<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}


/** The rejected answer and why, sent with the second (correction) attempt. */
export interface Correction {
  answer: string;
  error: DecodeError;
}

export interface GenerateCall {
  prompt: PromptInfo;
  /** The prompt's values record, as the program built it. */
  values: Value;
  /** The `as:` type the answer must decode as. */
  asType: Type;
  /** 1 for the first ask, 2 for the correction; a tool prompt's step number (corrections counted). */
  attempt: number;
  /** Set on the correction attempt (a tool prompt's step that carries one). */
  correction?: Correction;
  /**
   * A tool prompt's step after the first: the call's earlier turns, in order — each step's tool
   * calls with what went back, and each correction already answered — so a real model is sent
   * the whole conversation. Absent on a first step and for a prompt without tools.
   */
  earlier?: readonly LoopTurn[];
  /**
   * How deeply the asking code is nested in calls: every step of one `ai.generate` call has the
   * same depth, and a tool's own AI calls are deeper, so a backend can tell a loop's next step
   * from an AI call its tools make.
   */
  depth: number;
  /** The `ai.generate(...)` expression that asked. */
  span: Span;
  /** Absent or 0 on a request's first send; n on its n-th retry after a transport failure. */
  retry?: number;
}

/** How an `ai.generate` call ended, as the executor decided it: a tool loop's `loop_limit` included. */
export type GenerateEnding = GenerateOutcome | typeof LOOP_LIMIT;

/** An `ai.generate` call that ended, as its backend is told: named by its prompt and depth, as its attempts were. */
export interface GenerateEnd {
  prompt: PromptInfo;
  depth: number;
  asType: Type;
  outcome: GenerateEnding;
  /** The answer, decoded, when it ended `success` or `corrected`. */
  value?: Value;
}

/** A turn of a tool prompt's loop, kept for the steps after it. */
export type LoopTurn =
  /** A step that called tools: each call as the model made it, and what went back. */
  | { kind: "tools"; calls: ToolCallRun[] }
  /** A step that carried a correction: the rejected answer and why. */
  | { kind: "correction"; correction: Correction };

/** One tool call of a step, once the loop has handled it. */
export interface ToolCallRun {
  call: ToolCallReply;
  /** The tool it named; null when it names none of the prompt's tools. */
  tool: ToolInfo | null;
  /** Its arguments, decoded as the tool's arguments type; null when they don't decode (or no tool). */
  args: Value | null;
  /** What went back to the model: canonical JSON, `{"result":…}` or `{"error":…}`. */
  result: string;
  /** Whether the tool ran and returned (false: it failed, or the call was bad). */
  ok: boolean;
}

/**
 * Every reply may say how long it took on the test clock (`after 2s`, or a scripted timeout):
 * the executor advances `clock.now()` by that much before using it. Nothing sleeps.
 */
export interface Took {
  afterMs?: number;
}

/** Tokens a request used, as the model reports them (the `AiUsage` value's fields). */
export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
}

/** What any answer may also say: how it was reached, and what it used. */
export interface Answered extends Took {
  /** Transport failures retried before this answer (or before retries ran out); absent: none. */
  retries?: number;
  /** The usage reported for it (a recording's, a model's); absent: the toolchain estimates it. */
  usage?: TokenUsage;
  /**
   * Where the scripted `generated` item that answered it stands (a test's fake): the answer is
   * generated from the seed, so a seed sweep's shrinking may replace it, and prints it there.
   */
  generatedAt?: Span;
}

export type GenerateReply = Answered & (
  /** A model's answer text: the executor decodes it (and corrects once when it doesn't decode). */
  | { kind: "text"; text: string }
  /** An already valid value of `asType` (a scripted value, a decoded recording, a generated default). */
  | { kind: "value"; value: Value }
  /** An answer known not to decode (the fake's `malformed`): counts as a decode failure. */
  | { kind: "undecodable"; text: string; error: DecodeError }
  | { kind: "failure"; failure: AiFailureWord; message?: string }
  /** A tool prompt's model called tools instead of answering: the loop runs them and asks again. */
  | { kind: "calls"; calls: ToolCallReply[] }
  /**
   * A recording of a tool prompt: its tool-calling steps, then its answer, one reply per step from
   * this one on. The loop takes the following steps' replies from here without asking again.
   */
  | { kind: "replay"; steps: GenerateReply[] });

/** One tool call a model made in a step; `id` is the model's own, when it gave one (the driver's). */
export type ToolCallReply =
  /** The name and arguments as the model wrote them: the loop decodes them (a `raw_call`, a driver's). */
  | { kind: "text"; tool: string; text: string; id?: string }
  /** Arguments already valid for the named tool (a scripted `call`, generated ones). */
  | { kind: "value"; tool: string; value: Value; id?: string };

export interface StreamCall {
  prompt: PromptInfo;
  values: Value;
  attempt: number;
  span: Span;
  /** As `GenerateCall.retry`. */
  retry?: number;
}

/** A `StreamedText` value's parts: `pieces` joined make `text`. */
export interface StreamReply extends Answered {
  pieces: string[];
  text: string;
  stopped: StopWord;
}

export interface EmbedCall {
  text: string;
  /** Numbers the vector must have (the connection's `embedding_dimensions`, 16 by default). */
  dimensions: number;
  attempt: number;
  span: Span;
  /** As `GenerateCall.retry`. */
  retry?: number;
}

export type EmbedReply = Answered & (
  | { kind: "vector"; vector: number[] }
  | { kind: "failure"; failure: AiFailureWord; message?: string });

/** A request that failed before the model answered (`unavailable`, `rate_limited`): the retry policy sends it again. */
export interface TransportReply extends Took {
  transport: TransportFailure;
}

export function isTransportReply<R extends object>(reply: R | TransportReply): reply is TransportReply {
  return "transport" in reply;
}

/** Answers one request, which may fail in transport; `retryingBackend` (ai/retry-policy.ts) retries it. */
export interface TransportBackend {
  generate(call: GenerateCall): MaybePromise<GenerateReply | TransportReply>;
  stream(call: StreamCall): MaybePromise<StreamReply | TransportReply>;
  embed(call: EmbedCall): MaybePromise<EmbedReply | TransportReply>;
}

/** Answers the program's calls: every transport failure already retried, or settled as an AI failure. */
export interface AiBackend {
  /** One attempt of an `ai.generate` call. */
  generate(call: GenerateCall): MaybePromise<GenerateReply>;
  /**
   * Told after a tool prompt's step has run its tool calls, before the next step (or the end of
   * the call, when `max_steps` is reached): what each call was and what went back.
   */
  toolsRan?(call: GenerateCall, calls: readonly ToolCallRun[]): void;
  /**
   * Told when an `ai.generate` call ends, with the outcome the executor decided (what coverage
   * counts), so a backend never decodes an answer again or guesses how a call ended. A call a
   * fault or the backend's own stop cut short is never told.
   */
  ended?(end: GenerateEnd): void;
  /** One `ai.stream` call. */
  stream(call: StreamCall): MaybePromise<StreamReply>;
  /** One `ai.embed` call. */
  embed(call: EmbedCall): MaybePromise<EmbedReply>;
}
