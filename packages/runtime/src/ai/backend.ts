// What answers the program's AI calls. The test fake implements it (ai/fake.ts); `jadpo dev`
// implements another (recordings, generated defaults, the sandboxed model). Decoding and the one
// correction live ABOVE the backend (exec/ai-calls.ts), so every backend shares them: a backend
// answers one attempt at a time and never decodes a model's text itself.
import type { AiFailureWord, PromptInfo, Span, StopWord, ToolInfo, Type } from "@jadpo/compiler";
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

export type GenerateReply = Took & (
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
  /**
   * Told after a tool prompt's step has run its tool calls, before the next step (or the end of
   * the call, when `max_steps` is reached): what each call was and what went back.
   */
  toolsRan?(call: GenerateCall, calls: readonly ToolCallRun[]): void;
  /** One `ai.stream` call. */
  stream(call: StreamCall): MaybePromise<StreamReply>;
  /** One `ai.embed` call. */
  embed(call: EmbedCall): MaybePromise<EmbedReply>;
}
