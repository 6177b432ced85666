// A built app's AI backend (docs/production.md): every attempt, step and stream goes to the
// connection's model through its driver — no fakes, recordings, sandbox or daily budget. Decoding,
// the one correction and the tool loop stay above it, as for every backend. Each `ai.*` call is
// reported when it ends (its prompt, outcome, time and tokens), for `jadpo serve`'s logs and
// metrics; nothing of its values or answer is.
import type { AiFailureWord, CheckedProgram, PromptInfo, Span } from "@jadpo/compiler";
import type {
  AiBackend, EmbedCall, EmbedReply, GenerateCall, GenerateReply, StreamCall, StreamReply,
} from "../ai/backend.ts";
import { decodeAnswer } from "../ai/decode.ts";
import type { GenerateOutcome, EmbedOutcome } from "../ai/outcomes.ts";
import { completionRequestFor } from "../drivers/request.ts";
import { stepReply, stepRequest } from "../drivers/step.ts";
import type { AiDriver, CompletionRequest, DriverFailure, ModelTurn } from "../drivers/types.ts";
import { RuntimeFault, TimedOut } from "../signals.ts";
import type { StopWord } from "@jadpo/compiler";

/** How one AI call ended: the outcome words of coverage (a tool loop's `loop_limit` included). */
export type AiCallOutcome = GenerateOutcome | EmbedOutcome | StopWord | "loop_limit";

/** One `ai.generate`, `ai.stream` or `ai.embed` call, once it ended. Never a value, an answer or a prompt's text. */
export interface AiCallRecord {
  /** The prompt's name; `embed` for `ai.embed`. */
  prompt: string;
  outcome: AiCallOutcome;
  /** Wall time of its model requests. */
  ms: number;
  /** Requests sent again after a transport failure. */
  retries: number;
  inputTokens: number;
  outputTokens: number;
}

/** Tokens a text counts for when the model reports none: a quarter of its code points, rounded up. */
export function estimatedTokens(text: string): number {
  let points = 0;
  for (const _ of text) points++;
  return Math.ceil(points / 4);
}

/** What a request sends: the prompt's texts, a tool loop's earlier turns, the correction. */
function requestText(req: CompletionRequest): string {
  const earlier = (req.earlier ?? []).map((turn) => (turn.kind === "tool_calls"
    ? turn.calls.map((c) => `${c.tool}${c.arguments}${c.result}`).join("")
    : `${turn.correction.previousAnswer}${turn.correction.error}`));
  return `${req.system}${req.user}${req.answerFormat ?? ""}${earlier.join("")}${req.correction?.previousAnswer ?? ""}${req.correction?.error ?? ""}`;
}

/** What a model's turn says: its answer, or its tool calls as canonical JSON. */
function turnText(turn: ModelTurn): string {
  return turn.kind === "answer" ? turn.text : JSON.stringify(turn.calls.map((c) => ({ arguments: c.arguments, tool: c.tool })));
}

/** A generate call in progress: its attempts (or steps) so far. */
interface Pending {
  prompt: PromptInfo;
  record: AiCallRecord;
  corrected: boolean;
  lastWasCalls: boolean;
}

export interface BackendOptions {
  program: CheckedProgram;
  /** The driver for this action's requests; null when the app has no ai connection. */
  driver: AiDriver | null;
  /** Aborted when the action is stopped (past its time limit): no further request is sent. */
  stop: AbortSignal;
  /** The limit as written (`60s`), for the fault of an action stopped. */
  limit: string;
  onCall: (call: AiCallRecord) => void;
}

/**
 * The backend of one action call. Its AI calls are sequential; a tool prompt's loop is in progress
 * while its tools make calls of their own, one level deeper.
 */
export class ProductionBackend implements AiBackend {
  /** The generate call in progress at each depth of calls. */
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly options: BackendOptions) {}

  private driverFor(span: Span): AiDriver {
    if (this.options.stop.aborted) throw new TimedOut(this.options.limit);
    const driver = this.options.driver;
    if (driver === null) throw new RuntimeFault({ variant: "model_error", error: "the app has no ai connection" }, span);
    return driver;
  }

  /** A driver failure as the program sees it: an AI failure word, or a fault of the call. */
  private failureWord(failure: DriverFailure, span: Span): AiFailureWord {
    // A model no connection reaches is unavailable, which surfaces as AiTimedOut.
    if (failure.failure === "unreachable") return "timed_out";
    if (failure.failure === "model_error") throw new RuntimeFault({ variant: "model_error", error: failure.message }, span);
    return failure.failure;
  }

  /** Times one request, adding its time to `record`. */
  private async timed<T>(record: AiCallRecord, send: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await send();
    } finally {
      record.ms += performance.now() - started;
      if (this.options.stop.aborted) throw new TimedOut(this.options.limit);
    }
  }

  private settle(depth: number, outcome: AiCallOutcome): void {
    const pending = this.pending.get(depth);
    if (pending === undefined) return;
    this.pending.delete(depth);
    pending.record.outcome = outcome;
    this.options.onCall(pending.record);
  }

  /**
   * The calls in progress at `depth` or deeper ended without saying how: a tool loop whose last
   * step called tools ran out of steps. (One stopped by a fault or the time limit is not an
   * outcome of the call.)
   */
  private endFrom(depth: number): void {
    for (const [at, pending] of [...this.pending].sort((a, b) => b[0] - a[0])) {
      if (at < depth) continue;
      if (pending.lastWasCalls) this.settle(at, "loop_limit");
      this.pending.delete(at);
    }
  }

  /** The action ended: every call left in progress ended too. */
  end(): void {
    this.endFrom(0);
  }

  async generate(call: GenerateCall): Promise<GenerateReply> {
    const known = this.pending.get(call.depth);
    if (call.attempt === 1 || known === undefined || known.prompt !== call.prompt) {
      this.endFrom(call.depth);
      this.pending.set(call.depth, {
        prompt: call.prompt, corrected: false, lastWasCalls: false,
        record: { prompt: call.prompt.name, outcome: "success", ms: 0, retries: 0, inputTokens: 0, outputTokens: 0 },
      });
    }
    const pending = this.pending.get(call.depth)!;
    const driver = this.driverFor(call.span);
    const req = stepRequest(call);
    pending.record.inputTokens += estimatedTokens(requestText(req));
    const result = await this.timed(pending.record, () => driver.complete(req));
    if (!result.ok) {
      const word = this.failureWord(result, call.span);
      this.settle(call.depth, word);
      return { kind: "failure", failure: word, message: result.message };
    }
    const turn = result.value;
    pending.record.outputTokens += estimatedTokens(turnText(turn));
    pending.lastWasCalls = turn.kind === "tool_calls";
    if (turn.kind === "answer") {
      if (decodeAnswer(call.asType, turn.text).ok) this.settle(call.depth, pending.corrected ? "corrected" : "success");
      else if (pending.corrected) this.settle(call.depth, "unreadable");
      else pending.corrected = true;
    }
    return stepReply(turn);
  }

  async stream(call: StreamCall): Promise<StreamReply> {
    const record: AiCallRecord = { prompt: call.prompt.name, outcome: "finished", ms: 0, retries: 0, inputTokens: 0, outputTokens: 0 };
    const driver = this.driverFor(call.span);
    const req = completionRequestFor(call.prompt, call.values, null);
    record.inputTokens = estimatedTokens(requestText(req));
    const result = await this.timed(record, () => driver.stream(req));
    let reply: StreamReply;
    if (result.ok) {
      const { text, deltas, stopped } = result.value;
      reply = { pieces: deltas, text, stopped };
    } else {
      // A stream that lost its connection stops as timed out, with no pieces; a model error is a fault.
      reply = { pieces: [], text: "", stopped: this.failureWord(result, call.span) };
    }
    record.outcome = reply.stopped;
    record.outputTokens = estimatedTokens(reply.text);
    this.options.onCall(record);
    return reply;
  }

  async embed(call: EmbedCall): Promise<EmbedReply> {
    const record: AiCallRecord = { prompt: "embed", outcome: "success", ms: 0, retries: 0, inputTokens: estimatedTokens(call.text), outputTokens: 0 };
    const driver = this.driverFor(call.span);
    const result = await this.timed(record, () => driver.embed(call.text));
    if (!result.ok) {
      const word = this.failureWord(result, call.span);
      this.options.onCall({ ...record, outcome: word });
      return { kind: "failure", failure: word, message: result.message };
    }
    this.options.onCall(record);
    return { kind: "vector", vector: result.value };
  }
}
