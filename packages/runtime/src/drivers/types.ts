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

/** One ask of a prompt: its rendered texts, and for a correction the rejected answer and why. */
export interface CompletionRequest {
  /** The prompt's rendered `system:` text; "" when it has none. */
  system: string;
  /** The prompt's rendered `text:`. */
  user: string;
  /** The toolchain's answer-format instruction for the `as:` type; null for a Text-based type or a stream. */
  answerFormat: string | null;
  /** Set on the one correction attempt (docs/ai.md). */
  correction?: CorrectionTurn;
}

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
  /** One attempt of `ai.generate`: the answer text, undecoded. */
  complete(req: CompletionRequest): Promise<DriverResult<string>>;
  /** One `ai.stream` call; `onDelta` sees each piece of text as it arrives. */
  stream(req: CompletionRequest, onDelta?: (delta: string) => void): Promise<StreamResult>;
  /** One `ai.embed` call: exactly `embeddingDimensions` numbers. */
  embed(text: string): Promise<DriverResult<number[]>>;
}
