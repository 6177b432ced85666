// `jadpo dev`'s AI backend (docs/dev.md): every call is faked as in tests — from the recording of
// the call's very values, else the prompt's recordings by name (a tool prompt's replaying its
// steps), then generated defaults (a tool prompt's calling each tool once first) — except prompts
// in the connection's `development.sandbox`, which go to the real model within the day's `per_day`
// budget (each step and correction counted; an attempt that never reached the model is not).
// Each `ai.generate`/`ai.stream`/`ai.embed` call becomes one line of the call log when its action
// request ends, so a request that did not succeed marks its calls with its status and failure code.
// Decoding, the one correction and the tool loop stay in the executor above; this answers one
// step at a time, and is told what each step's tools gave back and how each call ended.
import { TEXT, type CheckedProgram, type PromptInfo } from "@jadpo/compiler";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type {
  AiBackend, EmbedCall, EmbedReply, GenerateCall, GenerateEnding, GenerateEnd, GenerateReply, StreamCall, StreamReply, TokenUsage, ToolCallRun,
} from "../ai/backend.ts";
import { fakeEmbedding } from "../ai/embed.ts";
import { LOOP_LIMIT } from "../ai/outcomes.ts";
import { unscriptedReply } from "../ai/fake.ts";
import { streamPieces } from "../ai/stream.ts";
import { appendCallAsync } from "../dev-log/log-file.ts";
import { capCall, type DevCall, type DevCallOutcome, type DevCallRequest, type DevCallSource, type DevRetry, type NewDevCall } from "../dev-log/call.ts";
import { valuesDigestOfJson, type RecordingKey } from "../recordings/values-digest.ts";
import { driverOptionsFromConnection } from "../drivers/config.ts";
import { keyEcho, redactJson, type KeyEcho } from "../drivers/key-echo.ts";
import type { DriverRetry } from "../drivers/types.ts";
import { completionRequestFor } from "../drivers/request.ts";
import { stepReply, stepRequest } from "../drivers/step.ts";
import { rng } from "../seed.ts";
import { toJson } from "../values/json.ts";
import type { JsonValue, Value } from "../values/value.ts";
import type { ReadProjectFile } from "@jadpo/compiler";
import { callSeed, generatedStreamText, recordedAnswer, recordedStreamAnswer, type RecordedAnswer } from "./fake-answers.ts";
import { estimatedEmbedUsage, estimatedStepUsage, estimatedStreamUsage } from "../drivers/usage-estimate.ts";
import { NO_USAGE } from "../ai/token-usage.ts";
import { accessModel, connectionFailureReason, sandboxingConnection, type Env, type MakeDriver } from "./model.ts";
import { loggedStep, type Trace } from "./trace.ts";
import type { UsageCounter } from "./usage.ts";

export interface DevAiOptions {
  /** The project root (absolute): recordings are read and the call log written below it. */
  root: string;
  /** Where `env(...)` settings of the connection (the key) are read, at each real call. */
  env: Env;
  /**
   * The key of values digests, asked for at each call (`jadpo dev` makes it once, at the first,
   * when it must); null when there is none to be had: calls then match recordings by name only.
   */
  recordingKey: () => RecordingKey | null;
  usage: UsageCounter;
  /** Default: the file under `root`. */
  readFile?: ReadProjectFile;
  /** Default: the `openai_compatible` driver. */
  makeDriver?: MakeDriver;
  /** The wall clock, epoch ms. */
  now?: () => number;
  /**
   * Writes one call to the log and returns it with its id. Default: `appendCallAsync(root, call)`;
   * null: calls are answered as `jadpo dev` answers them but logged nowhere (`jadpo ai record`'s tools).
   */
  log?: ((call: NewDevCall) => DevCall | Promise<DevCall>) | null;
  /** Told of every call logged, after it is written. */
  onCall?: (call: DevCall) => void;
  /** Told when the log can't be written (the call still answers), with the error that stopped it. */
  onProblem?: (message: string, error: unknown) => void;
}

/** What one attempt answered, and where from. */
interface Answered<R> {
  reply: R;
  source: DevCallSource;
  reason?: string;
  /** What the log shows as the answer, when it isn't the reply's own JSON (a recording's, as recorded). */
  shown?: JsonValue;
  /** The tokens it used as a model reported them (now, or when its recording was made); absent: estimated. */
  usage?: TokenUsage;
}

function valuesJson(prompt: PromptInfo, values: Value): { [field: string]: JsonValue } {
  const json = toJson({ kind: "named", decl: prompt.valuesType }, values);
  return json !== null && typeof json === "object" && !Array.isArray(json) ? json : {};
}

/** The connection's key as the environment gives it now; null without one. */
function connectionKey(program: CheckedProgram, env: Env): string | null {
  if (program.connection === null) return null;
  const settings = driverOptionsFromConnection(program.connection, env as NodeJS.ProcessEnv);
  return settings.ok ? settings.options.apiKey : null;
}

/** The seed of every `jadpo dev` embedding (a prompt can't be named `embed`, so no prompt's calls share it). */
const EMBED_SEED = callSeed("embed", null);

/** The project-wide part of the dev backend: one per build; `forRequest()` gives each HTTP request its own backend. */
export class DevAi {
  private readonly readFile: ReadProjectFile;
  private readonly now: () => number;
  private readonly log: ((call: NewDevCall) => DevCall | Promise<DevCall>) | null;
  /**
   * Finds the connection's key in text. A model can repeat its key into an answer: every echo
   * is replaced by `***` before a line is written, so no log line, page or terminal line has it.
   */
  readonly echo: KeyEcho;

  constructor(readonly program: CheckedProgram, readonly options: DevAiOptions) {
    this.readFile = options.readFile ?? ((path) => {
      try {
        return new Uint8Array(readFileSync(join(options.root, path)));
      } catch {
        return null;
      }
    });
    this.now = options.now ?? Date.now;
    this.log = options.log === null ? null : options.log ?? ((call) => appendCallAsync(options.root, call));
    this.echo = keyEcho(connectionKey(program, options.env));
  }

  /** A backend for one action call: its AI calls are sequential, so one call is in progress at a time. */
  forRequest(): DevRequestBackend {
    return new DevRequestBackend(this);
  }

  /** @internal */ begin(prompt: PromptInfo, values: Value, depth: number): Trace {
    const json = valuesJson(prompt, values);
    const started = this.now();
    const key = this.options.recordingKey();
    return {
      prompt, values: json, digest: key === null ? null : valuesDigestOfJson(key, json), seed: callSeed(prompt.name, json), depth, started, ended: started,
      attempts: 0, source: "generated", reason: undefined, answer: undefined, retries: [], usage: { input_tokens: 0, output_tokens: 0 },
      steps: [], defaults: null, outcome: undefined,
    };
  }

  /** @internal The wall clock. */
  clock(): number {
    return this.now();
  }

  /** @internal Writes the call's line; never throws. */
  finish(trace: Trace, outcome: DevCallOutcome, request: DevCallRequest | null): Promise<DevCall | null> {
    return this.write({
      time: new Date(trace.started).toISOString(),
      prompt: trace.prompt.name,
      version: trace.prompt.version,
      values: trace.values,
      source: trace.source,
      ...(trace.reason === undefined ? {} : { reason: trace.reason }),
      attempts: trace.attempts,
      duration_ms: Math.max(0, Math.round(trace.ended - trace.started)),
      outcome,
      ...(trace.steps.length === 0 ? {} : { steps: trace.steps }),
      ...(trace.answer === undefined || outcome !== "success" ? {} : { answer: trace.answer }),
      ...(request === null ? {} : { request }),
      ...(trace.retries.length === 0 ? {} : { retries: trace.retries }),
      usage: trace.usage,
    });
  }

  /** @internal An `ai.embed` call's line: `prompt` and `version` are `embed`, `values` holds the text. */
  finishEmbed(text: string, at: number, request: DevCallRequest | null): Promise<DevCall | null> {
    return this.write({
      time: new Date(at).toISOString(), prompt: "embed", version: "embed", values: { text },
      source: "generated", attempts: 1, duration_ms: 0, outcome: "success",
      ...(request === null ? {} : { request }),
      usage: { ...estimatedEmbedUsage(text), estimated: true },
    });
  }

  private async write(entry: NewDevCall): Promise<DevCall | null> {
    if (this.log === null) return null;
    let logged: DevCall;
    try {
      // Cut first, so a long answer is searched for the key once, at the size the line keeps.
      logged = await this.log(redactJson(capCall(entry), this.echo));
    } catch (e) {
      this.options.onProblem?.(`The call log could not be written: ${e instanceof Error ? e.message : String(e)}`, e);
      return null;
    }
    this.options.onCall?.(logged);
    return logged;
  }

  /** @internal One attempt of a generate call. */
  async answerGenerate(call: GenerateCall, trace: Trace): Promise<Answered<GenerateReply>> {
    const connection = sandboxingConnection(this.program, call.prompt);
    let reason: string | undefined;
    if (connection !== null) {
      const access = await accessModel(connection, this.options.env, this.options.usage, this.options.makeDriver);
      if (access.ok) {
        const result = await access.driver.complete(stepRequest(call), access.options);
        trace.retries.push(...loggedRetries(result.retries));
        const stopped = access.stoppedAt();
        if (result.ok) return { reply: stepReply(result.value), source: "model", ...(result.usage === undefined ? {} : { usage: result.usage }) };
        if (result.failure !== "unreachable" && result.failure !== "model_error") {
          const failed: Answered<GenerateReply> = {
            reply: { kind: "failure", failure: result.failure, message: result.message }, source: "model",
            // A request that failed in transport, its retries run out, used nothing.
            ...(result.transport === undefined ? {} : { usage: NO_USAGE }),
          };
          return stopped === null ? failed : { ...failed, reason: stopped };
        }
        // A request that never reached the model (refused, DNS) is not one of the day's model requests.
        if (result.failure === "unreachable") await access.refund();
        reason = connectionFailureReason(result.failure, result.message);
      } else {
        reason = access.reason;
      }
    }
    const faked = this.fakeGenerate(call, trace);
    return reason === undefined ? faked : { ...faked, reason };
  }

  /**
   * A recording answers a call's first step (a tool prompt's replays its steps from there), any
   * attempt of a prompt without tools; otherwise the step is generated as the test fake generates
   * an unscripted one: a tool prompt's step n calls its n-th tool, then the answer.
   */
  private fakeGenerate(call: GenerateCall, trace: Trace): Answered<GenerateReply> {
    if (call.attempt === 1 || call.prompt.tools.length === 0) {
      const recorded = recordedAnswer(this.program, this.readFile, call.prompt, call.asType, trace.seed, trace.digest);
      if (recorded !== null) return fromRecording(recorded);
    }
    return { reply: unscriptedReply(call, (trace.defaults ??= rng(trace.seed, "defaults"))), source: "generated" };
  }

  /** @internal One stream call: the model's text as it was delivered, or generated text. */
  async answerStream(call: StreamCall, trace: Trace): Promise<Answered<StreamReply>> {
    const connection = sandboxingConnection(this.program, call.prompt);
    let reason: string | undefined;
    if (connection !== null) {
      const access = await accessModel(connection, this.options.env, this.options.usage, this.options.makeDriver);
      if (access.ok) {
        const result = await access.driver.stream(completionRequestFor(call.prompt, call.values, null), undefined, access.options);
        trace.retries.push(...loggedRetries(result.retries));
        if (result.ok) {
          const { text, deltas, stopped, usage } = result.value;
          return { reply: { pieces: deltas, text, stopped }, source: "model", ...(usage === undefined ? {} : { usage }) };
        }
        if (result.failure === "unreachable") await access.refund();
        reason = connectionFailureReason(result.failure, result.message);
      } else {
        reason = access.reason;
      }
    }
    const faked = this.fakeStream(call, trace);
    return reason === undefined ? faked : { ...faked, reason };
  }

  /** A stream's recording (generated pieces of its lengths, its stop), chosen as a generate call's is; else generated words. */
  private fakeStream(call: StreamCall, trace: Trace): Answered<StreamReply> {
    const recorded = recordedStreamAnswer(this.program, this.readFile, call.prompt, trace.seed, trace.digest);
    if (recorded !== null) return fromRecording(recorded);
    const text = generatedStreamText(TEXT, trace.seed);
    return { reply: { pieces: streamPieces(text), text, stopped: "finished" }, source: "generated" };
  }

  /** @internal A generate call's outcome as its line shows it: a corrected answer is a success. */
  outcomeOf(ending: GenerateEnding): DevCallOutcome {
    return ending === "success" || ending === "corrected" ? "success" : `failure ${this.program.aiFailures[ending].name}`;
  }
}

/** A call the executor never ended: a runtime fault or the action's time limit stopped it in the middle. */
const STOPPED: DevCallOutcome = "stopped";

/** The backend of one HTTP request. */
export class DevRequestBackend implements AiBackend {
  /** Generate calls not known to have ended, outermost first: a tool's own calls are deeper than its loop's. */
  private readonly open: Trace[] = [];
  /** Every call in the order it began (an embed call by its text): each is logged when the request ends. */
  private readonly began: Array<Trace | { embed: string; at: number }> = [];
  /** Every call this request logged, in order (filled by `end`). */
  readonly calls: DevCall[] = [];

  constructor(private readonly dev: DevAi) {}

  async generate(call: GenerateCall): Promise<GenerateReply> {
    // A later step or correction continues the open call at its depth; a first attempt begins one.
    let trace = call.attempt === 1 ? undefined : this.open.findLast((t) => t.depth === call.depth && t.prompt === call.prompt);
    if (trace === undefined) {
      this.close(call.depth);
      trace = this.dev.begin(call.prompt, call.values, call.depth);
      this.open.push(trace);
      this.began.push(trace);
    }
    trace.attempts = call.attempt;
    const answered = await this.dev.answerGenerate(call, trace);
    const reply = answered.reply;
    countUsage(trace, answered.usage ?? estimatedStepUsage(call, reply), answered.usage === undefined);
    trace.source = answered.source;
    if (answered.reason !== undefined) trace.reason = answered.reason;
    // A recording's answer as recorded; any other is shown as its value once the call ends with it.
    trace.answer = answered.shown;
    // A recording's steps are taken without asking again: its steps count from here.
    if (reply.kind === "replay") trace.attempts = call.attempt + reply.steps.length - 1;
    return reply;
  }

  toolsRan(call: GenerateCall, runs: readonly ToolCallRun[]): void {
    const trace = this.open.findLast((t) => t.depth === call.depth && t.prompt === call.prompt);
    if (trace === undefined) return;
    trace.steps.push(loggedStep(runs));
    trace.ended = this.dev.clock();
  }

  ended(end: GenerateEnd): void {
    const trace = this.open.findLast((t) => t.depth === end.depth && t.prompt === end.prompt);
    if (trace === undefined || trace.outcome !== undefined) return;
    if (trace.answer === undefined && end.value !== undefined) trace.answer = toJson(end.asType, end.value);
    // Out of steps: it took exactly `max_steps` (a recording's further steps were never taken).
    if (end.outcome === LOOP_LIMIT) trace.attempts = end.prompt.maxSteps;
    this.settle(trace, this.dev.outcomeOf(end.outcome));
  }

  async stream(call: StreamCall): Promise<StreamReply> {
    const trace = this.dev.begin(call.prompt, call.values, Number.POSITIVE_INFINITY);
    this.began.push(trace);
    trace.attempts = 1;
    const answered = await this.dev.answerStream(call, trace);
    countUsage(trace, answered.usage ?? estimatedStreamUsage(call, answered.reply), answered.usage === undefined);
    trace.source = answered.source;
    trace.reason = answered.reason;
    trace.answer = answered.shown ?? answered.reply.text;
    this.settle(trace, "success");
    return answered.reply;
  }

  /**
   * Embeddings have no prompt and no sandbox: lexical, as in tests, all from one seed so that texts
   * sharing words stay near each other across calls. Each is logged as a call of `embed`.
   */
  embed(call: EmbedCall): EmbedReply {
    this.began.push({ embed: call.text, at: this.dev.clock() });
    return { kind: "vector", vector: fakeEmbedding(EMBED_SEED, call.text, call.dimensions) };
  }

  /** Every open call at `depth` or deeper has ended: one the action left in the middle is settled so. */
  private close(depth: number): void {
    while (this.open.length > 0 && this.open[this.open.length - 1].depth >= depth) {
      const trace = this.open.pop()!;
      if (trace.outcome === undefined) this.settle(trace, STOPPED);
    }
  }

  /**
   * The request is over: every call it made is logged, in the order they began, marked with
   * `request` (its status and failure code) when the request did not succeed.
   */
  async end(request: DevCallRequest | null = null): Promise<void> {
    this.close(Number.NEGATIVE_INFINITY);
    for (const entry of this.began.splice(0)) {
      // One at a time, so the ids follow the calls' order.
      const logged = "embed" in entry
        ? await this.dev.finishEmbed(entry.embed, entry.at, request)
        : await this.dev.finish(entry, entry.outcome ?? STOPPED, request);
      if (logged !== null) this.calls.push(logged);
    }
  }

  private settle(trace: Trace, outcome: DevCallOutcome): void {
    trace.outcome = outcome;
    trace.ended = this.dev.clock();
  }
}

/** A recording's answer: where it came from, as recorded, with the usage it kept. */
function fromRecording<R>(recorded: RecordedAnswer<R>): Answered<R> {
  return {
    reply: recorded.reply, source: `recording ${recorded.name} (${recorded.why})`, shown: recorded.recorded,
    ...(recorded.usage === undefined ? {} : { usage: recorded.usage }),
  };
}

/** One more request of the call: its tokens added to the line's, which is estimated once any of its requests was. */
function countUsage(trace: Trace, usage: TokenUsage, estimated: boolean): void {
  trace.usage = {
    input_tokens: trace.usage.input_tokens + usage.input_tokens,
    output_tokens: trace.usage.output_tokens + usage.output_tokens,
    ...(estimated || trace.usage.estimated ? { estimated: true } : {}),
  };
}

/** The driver's retries as the log keeps them: what each followed (its status, or the connection's error) and its wait. */
function loggedRetries(retries: readonly DriverRetry[] | undefined): DevRetry[] {
  return (retries ?? []).map((r) => ({
    ...(r.status === undefined ? {} : { status: r.status }),
    ...(r.cause === undefined ? {} : { error: r.cause }),
    wait_ms: r.waitMs,
  }));
}
