// What a model driver promises the runtime: three calls, and every problem as data (never a throw).
// The failure words are the language's AI failures (docs/ai.md) plus the two the CLI reports
// itself (`ai.unreachable`, `ai.model_error`, docs/cli.md).

import type { AiFailureWord, StopWord } from "@jadpo/compiler";

/** A failure of the connection itself: no model answered, or it answered with something unusable. */
export type ConnectionFailureWord = "unreachable" | "model_error";

export type DriverFailure =
  | { ok: false; failure: AiFailureWord; message: string }
  | { ok: false; failure: ConnectionFailureWord; message: string };

export type DriverResult<T> = { ok: true; value: T } | DriverFailure;

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
}

/** A stream never fails with an AI failure (the stop is in the value); only the connection can fail. */
export type StreamResult =
  | { ok: true; value: StreamedAnswer }
  | { ok: false; failure: ConnectionFailureWord; message: string; partialText: string };

export interface AiDriver {
  /**
   * One request of `ai.generate` (an attempt, or a tool prompt's step): the answer text,
   * undecoded, or the tool calls the model made. One HTTP request, never retried here.
   */
  complete(req: CompletionRequest): Promise<DriverResult<ModelTurn>>;
  /** One `ai.stream` call; `onDelta` sees each piece of text as it arrives. */
  stream(req: CompletionRequest, onDelta?: (delta: string) => void): Promise<StreamResult>;
  /** One `ai.embed` call: exactly `embeddingDimensions` numbers. */
  embed(text: string): Promise<DriverResult<number[]>>;
}
