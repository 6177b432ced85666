// What answers the program's AI calls. The test fake implements it (ai/fake.ts); `jadpo dev`
// implements another (recordings, generated defaults, the sandboxed model). Decoding and the one
// correction live ABOVE the backend (exec/ai-calls.ts), so every backend shares them: a backend
// answers one attempt at a time and never decodes a model's text itself.
import type { AiFailureWord, PromptInfo, Span, StopWord, Type } from "@jadpo/compiler";
import type { DecodeError } from "./decode.ts";
import type { Value } from "../values/value.ts";

export type MaybePromise<T> = T | Promise<T>;


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
  /** Set on the correction attempt. */
  correction?: Correction;
  /**
   * A tool prompt's step after one that called tools: what each call gave back, in call order
   * (the canonical JSON the model is sent). Absent otherwise.
   */
  toolResults?: string[];
  /** The `ai.generate(...)` expression that asked. */
  span: Span;
}

/**
 * Every reply may say how long it took on the test clock (`after 2s`, or a scripted timeout):
 * the executor advances `clock.now()` by that much before using it. Nothing sleeps.
 */
export interface Took {
  afterMs?: number;
}

export type GenerateReply = Took & (
  /** A model's answer text: the executor decodes it (and corrects once when it doesn't decode). */
  | { kind: "text"; text: string }
  /** An already valid value of `asType` (a scripted value, a decoded recording, a generated default). */
  | { kind: "value"; value: Value }
  /** An answer known not to decode (the fake's `malformed`): counts as a decode failure. */
  | { kind: "undecodable"; text: string; error: DecodeError }
  | { kind: "failure"; failure: AiFailureWord; message?: string }
  /** A tool prompt's model called tools instead of answering: the loop runs them and asks again. */
  | { kind: "calls"; calls: ToolCallReply[] });

/** One tool call a model made in a step. */
export type ToolCallReply =
  /** The name and arguments as the model wrote them: the loop decodes them (a `raw_call`, a driver's). */
  | { kind: "text"; tool: string; text: string }
  /** Arguments already valid for the named tool (a scripted `call`, generated ones). */
  | { kind: "value"; tool: string; value: Value };

export interface StreamCall {
  prompt: PromptInfo;
  values: Value;
  attempt: number;
  span: Span;
}

/** A `StreamedText` value's parts: `pieces` joined make `text`. */
export interface StreamReply extends Took {
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
}

export type EmbedReply = Took & (
  | { kind: "vector"; vector: number[] }
  | { kind: "failure"; failure: AiFailureWord; message?: string });

export interface AiBackend {
  /** One attempt of an `ai.generate` call. */
  generate(call: GenerateCall): MaybePromise<GenerateReply>;
  /** One `ai.stream` call. */
  stream(call: StreamCall): MaybePromise<StreamReply>;
  /** One `ai.embed` call. */
  embed(call: EmbedCall): MaybePromise<EmbedReply>;
}
