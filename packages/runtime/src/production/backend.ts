// A built app's AI backend (docs/production.md): every attempt, step and stream goes to the
// connection's model through its driver — no fakes, recordings, sandbox or daily budget. Each
// request carries the action's stop signal, so an action stopped (past its time limit, or at the
// end of a drain) aborts its model request or the wait before a retry. Decoding, the one
// correction and the tool loop stay above it, as for every backend. Each `ai.*` call is reported
// when it ends — its prompt, outcome (a generate call's as the executor tells it), time, retries,
// and tokens (the model's reported usage, else the estimate tests count) — for `jadpo serve`'s
// logs and metrics; nothing of its values or answer is. A call the stop cuts short ends `timed_out` at that moment, with what it did so far,
// so the stopped request's 504 log line counts it.
import { nowMs, type AiFailureWord, type CheckedProgram, type PromptInfo, type Span } from "@jadpo/compiler";
import type {
  AiBackend, EmbedCall, EmbedReply, GenerateCall, GenerateEnd, GenerateEnding, GenerateReply, StreamCall, StreamReply, TokenUsage, ToolCallRun,
} from "../ai/backend.ts";
import { RETRIED, toolUseOutcomes, type EmbedOutcome, type ToolUseOutcome } from "../ai/outcomes.ts";
import { NO_USAGE } from "../ai/token-usage.ts";
import { completionRequestFor } from "../drivers/request.ts";
import { stepReply, stepRequest } from "../drivers/step.ts";
import type { AiDriver, DriverFailure, RequestOptions } from "../drivers/types.ts";
import { estimatedEmbedUsage, estimatedStepUsage, estimatedStreamUsage } from "../drivers/usage-estimate.ts";
import { RuntimeFault, TimedOut } from "../signals.ts";
import type { StopWord } from "@jadpo/compiler";

/** How one AI call ended: the outcome words of coverage (a tool loop's `loop_limit` included). */
export type AiCallOutcome = GenerateEnding | EmbedOutcome | StopWord;

/** The words a call counts under: how it ended; `retried` when any of its requests was sent again; what it did with its tools. */
export type AiCallWord = AiCallOutcome | typeof RETRIED | ToolUseOutcome;

/** One `ai.generate`, `ai.stream` or `ai.embed` call, once it ended. Never a value, an answer or a prompt's text. */
export interface AiCallRecord {
  /** The prompt's name; `embed` for `ai.embed`. */
  prompt: string;
  outcome: AiCallOutcome;
  /** Wall time of its model requests, their retries and the waits before them included. */
  ms: number;
  /** Requests sent again after a transport failure. */
  retries: number;
  inputTokens: number;
  outputTokens: number;
  /** A tool prompt's call: what it did with its tools (its tools' names only). */
  tools: ToolUseOutcome[];
}

/** The words `call` counts under, in that order: how it ended, `retried`, then its tool words. */
export function callWords(call: AiCallRecord): AiCallWord[] {
  const words: AiCallWord[] = [call.outcome];
  if (call.retries > 0) words.push(RETRIED);
  return [...words, ...call.tools];
}

/** A call's record before it ends. */
function started(prompt: string, outcome: AiCallOutcome): AiCallRecord {
  return { prompt, outcome, ms: 0, retries: 0, inputTokens: 0, outputTokens: 0, tools: [] };
}

/** A request's tokens, added to its call's. (Its retries are counted as each is sent.) */
function count(record: AiCallRecord, usage: TokenUsage): void {
  record.inputTokens += usage.input_tokens;
  record.outputTokens += usage.output_tokens;
}

/** The tokens of a failed request: nothing when it failed in transport (retries included), else what it sent. */
function failedUsage(failure: DriverFailure, sent: () => TokenUsage): TokenUsage {
  return failure.transport === undefined ? sent() : NO_USAGE;
}

/** A model request in flight: its call's record, since when, and what it counts if the action stops it now. */
interface InFlight {
  record: AiCallRecord;
  since: number;
  /** False while it waits before a retry: its last send failed in transport, and such a send counts no tokens. */
  sending: boolean;
  /** Its tokens if stopped while sending: the estimate of what it sent (and of a stream's text so far), as for a failure. */
  stoppedUsage: () => TokenUsage;
}

/** A generate call in progress: its attempts (or steps) so far. */
interface Pending {
  prompt: PromptInfo;
  record: AiCallRecord;
  /** Its steps' tool calls so far (kept here, never in the record: they hold values). */
  runs: ToolCallRun[];
}

export interface BackendOptions {
  program: CheckedProgram;
  /** The app's driver; null when the app has no ai connection. */
  driver: AiDriver | null;
  /**
   * Aborted when the action is stopped (past its time limit, or by a drain that ran out of time):
   * its model request in flight and any wait before a retry end at once, and no further request is sent.
   */
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

  /** The one model request in flight (the calls are sequential), or null. */
  private inFlight: InFlight | null = null;

  private readonly onStop = () => this.stopCalls();

  constructor(private readonly options: BackendOptions) {
    // Counted as the stop happens: the stopped action's outcome is answered at once.
    options.stop.addEventListener("abort", this.onStop, { once: true });
  }

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

  /**
   * Sends one request of `record`'s call, stopped with the action: adds its time to the call's,
   * and each retry as it is sent.
   */
  private async timed<T>(record: AiCallRecord, stoppedUsage: () => TokenUsage, send: (options: RequestOptions) => Promise<T>): Promise<T> {
    const request: InFlight = { record, since: nowMs(), sending: true, stoppedUsage };
    this.inFlight = request;
    const options: RequestOptions = {
      signal: this.options.stop,
      onRetryWait: () => {
        request.sending = false;
      },
      beforeRetry: () => {
        request.sending = true;
        record.retries++;
        return true;
      },
    };
    try {
      return await send(options);
    } finally {
      // A request the stop cut short was counted then.
      if (this.inFlight === request) {
        this.inFlight = null;
        record.ms += nowMs() - request.since;
      }
      if (this.options.stop.aborted) throw new TimedOut(this.options.limit);
    }
  }

  /**
   * The action was stopped: each call in progress ends `timed_out` now, deepest first, with its
   * time, retries and tokens so far — a tool loop's too, whatever its last step did.
   */
  private stopCalls(): void {
    const request = this.inFlight;
    this.inFlight = null;
    if (request !== null) {
      request.record.ms += nowMs() - request.since;
      if (request.sending) count(request.record, request.stoppedUsage());
    }
    const loops = [...this.pending].sort((a, b) => b[0] - a[0]);
    // A stream's or an embedding's request (no generate call in progress): the deepest call.
    if (request !== null && !loops.some(([, pending]) => pending.record === request.record)) {
      request.record.outcome = "timed_out";
      this.options.onCall(request.record);
    }
    for (const [depth] of loops) this.settle(depth, "timed_out");
  }

  private settle(depth: number, outcome: AiCallOutcome): void {
    const pending = this.pending.get(depth);
    if (pending === undefined) return;
    this.pending.delete(depth);
    pending.record.outcome = outcome;
    pending.record.tools = toolUseOutcomes(pending.prompt, pending.runs);
    this.options.onCall(pending.record);
  }

  /**
   * The action ended. A call still in progress was cut short by a fault, which is not an outcome
   * of the call (one the action's stop cut short was counted then).
   */
  end(): void {
    this.options.stop.removeEventListener("abort", this.onStop);
    this.pending.clear();
  }

  async generate(call: GenerateCall): Promise<GenerateReply> {
    const driver = this.driverFor(call.span);
    let pending = this.pending.get(call.depth);
    if (call.attempt === 1 || pending === undefined || pending.prompt !== call.prompt) {
      pending = { prompt: call.prompt, runs: [], record: started(call.prompt.name, "success") };
      this.pending.set(call.depth, pending);
    }
    const stoppedUsage = () => estimatedStepUsage(call, { kind: "failure", failure: "timed_out", message: "" });
    const result = await this.timed(pending.record, stoppedUsage, (options) => driver.complete(stepRequest(call), options));
    if (!result.ok) {
      const reply: GenerateReply = { kind: "failure", failure: this.failureWord(result, call.span), message: result.message };
      count(pending.record, failedUsage(result, () => estimatedStepUsage(call, reply)));
      return reply;
    }
    const reply = stepReply(result.value);
    count(pending.record, result.usage ?? estimatedStepUsage(call, reply));
    return reply;
  }

  /** The executor decided how the call ended: it is reported so. */
  ended(end: GenerateEnd): void {
    if (this.pending.get(end.depth)?.prompt === end.prompt) this.settle(end.depth, end.outcome);
  }

  toolsRan(call: GenerateCall, runs: readonly ToolCallRun[]): void {
    const pending = this.pending.get(call.depth);
    if (pending !== undefined && pending.prompt === call.prompt) pending.runs.push(...runs);
  }

  async stream(call: StreamCall): Promise<StreamReply> {
    const driver = this.driverFor(call.span);
    const record = started(call.prompt.name, "finished");
    const req = completionRequestFor(call.prompt, call.values, null);
    let received = "";
    const stoppedUsage = () => estimatedStreamUsage(call, { pieces: [], text: received, stopped: "timed_out" });
    const result = await this.timed(record, stoppedUsage, (options) => driver.stream(req, (delta) => {
      received += delta;
    }, options));
    let reply: StreamReply;
    if (result.ok) {
      const { text, deltas, stopped, usage } = result.value;
      reply = { pieces: deltas, text, stopped };
      count(record, usage ?? estimatedStreamUsage(call, reply));
    } else {
      // A stream that never reached the model stops as timed out, with no pieces and no tokens; a model error is a fault.
      reply = { pieces: [], text: "", stopped: this.failureWord(result, call.span) };
    }
    record.outcome = reply.stopped;
    this.options.onCall(record);
    return reply;
  }

  async embed(call: EmbedCall): Promise<EmbedReply> {
    const driver = this.driverFor(call.span);
    const record = started("embed", "success");
    const result = await this.timed(record, () => estimatedEmbedUsage(call.text), (options) => driver.embed(call.text, options));
    if (!result.ok) {
      const word = this.failureWord(result, call.span);
      count(record, failedUsage(result, () => estimatedEmbedUsage(call.text)));
      this.options.onCall({ ...record, outcome: word });
      return { kind: "failure", failure: word, message: result.message };
    }
    count(record, result.usage ?? estimatedEmbedUsage(call.text));
    this.options.onCall(record);
    return { kind: "vector", vector: result.value };
  }
}
