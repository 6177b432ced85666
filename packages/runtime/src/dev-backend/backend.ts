// `jadpo dev`'s AI backend (docs/dev.md): every call is faked as in tests — from the recording of
// the call's very values, else the prompt's recordings by name, then generated defaults — except
// prompts in the connection's `development.sandbox`, which go to the real model within the day's
// `per_day` budget (corrections included; an attempt that never reached the model is not counted).
// Each `ai.generate`/`ai.stream`/`ai.embed` call becomes one line of the call log when its action
// request ends, so a request that did not succeed marks its calls with its status and failure code.
// Decoding and the one correction stay in the executor above; this answers one attempt at a time.
import { TEXT, type CheckedProgram, type PromptInfo, type Type } from "@jadpo/compiler";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type {
  AiBackend, EmbedCall, EmbedReply, GenerateCall, GenerateReply, StreamCall, StreamReply,
} from "../ai/backend.ts";
import { decodeAnswer } from "../ai/decode.ts";
import { fakeEmbedding } from "../ai/embed.ts";
import { streamPieces } from "../ai/stream.ts";
import { appendCallAsync } from "../dev-log/log-file.ts";
import { capCall, type DevCall, type DevCallOutcome, type DevCallRequest, type DevCallSource, type NewDevCall } from "../dev-log/call.ts";
import { valuesDigestOfJson, type RecordingKey } from "../recordings/values-digest.ts";
import { driverOptionsFromConnection } from "../drivers/config.ts";
import { keyEcho, redactJson, type KeyEcho } from "../drivers/key-echo.ts";
import { completionRequestFor } from "../drivers/request.ts";
import { toJson } from "../values/json.ts";
import type { JsonValue, Value } from "../values/value.ts";
import type { ReadProjectFile } from "@jadpo/compiler";
import { callSeed, generatedAnswer, generatedStreamText, recordedAnswer } from "./fake-answers.ts";
import { accessModel, connectionFailureReason, sandboxingConnection, type Env, type MakeDriver } from "./model.ts";
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
  /** Writes one call to the log and returns it with its id. Default: `appendCallAsync(root, call)`. */
  log?: (call: NewDevCall) => DevCall | Promise<DevCall>;
  /** Told of every call logged, after it is written. */
  onCall?: (call: DevCall) => void;
  /** Told when the log can't be written (the call still answers), with the error that stopped it. */
  onProblem?: (message: string, error: unknown) => void;
}

/** One call in progress: what its log line will say. */
interface Trace {
  prompt: PromptInfo;
  values: { [field: string]: JsonValue };
  /** The values' digest, matched against recordings' `asked.values`; null without a recording key. */
  digest: string | null;
  seed: number;
  started: number;
  /** When it settled (the log line is written when the request ends). */
  ended: number;
  attempts: number;
  source: DevCallSource;
  reason: string | undefined;
  answer: JsonValue | undefined;
}

/** What one attempt answered, and where from. */
interface Answered<R> {
  reply: R;
  source: DevCallSource;
  reason?: string;
  /** What the log shows as the answer, when it isn't the reply's own JSON (a recording's, as recorded). */
  shown?: JsonValue;
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
  private readonly log: (call: NewDevCall) => DevCall | Promise<DevCall>;
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
    this.log = options.log ?? ((call) => appendCallAsync(options.root, call));
    this.echo = keyEcho(connectionKey(program, options.env));
  }

  /** A backend for one action call: its AI calls are sequential, so one call is in progress at a time. */
  forRequest(): DevRequestBackend {
    return new DevRequestBackend(this);
  }

  /** @internal */ begin(prompt: PromptInfo, values: Value): Trace {
    const json = valuesJson(prompt, values);
    const started = this.now();
    const key = this.options.recordingKey();
    return {
      prompt, values: json, digest: key === null ? null : valuesDigestOfJson(key, json), seed: callSeed(prompt.name, json), started, ended: started,
      attempts: 0, source: "generated", reason: undefined, answer: undefined,
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
      ...(trace.answer === undefined || outcome !== "success" ? {} : { answer: trace.answer }),
      ...(request === null ? {} : { request }),
    });
  }

  /** @internal An `ai.embed` call's line: `prompt` and `version` are `embed`, `values` holds the text. */
  finishEmbed(text: string, at: number, request: DevCallRequest | null): Promise<DevCall | null> {
    return this.write({
      time: new Date(at).toISOString(), prompt: "embed", version: "embed", values: { text },
      source: "generated", attempts: 1, duration_ms: 0, outcome: "success",
      ...(request === null ? {} : { request }),
    });
  }

  private async write(entry: NewDevCall): Promise<DevCall | null> {
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
        const request = completionRequestFor(call.prompt, call.values, call.asType, call.correction);
        const result = await access.driver.complete(request);
        if (result.ok) return { reply: { kind: "text", text: result.value }, source: "model" };
        if (result.failure !== "unreachable" && result.failure !== "model_error") {
          return { reply: { kind: "failure", failure: result.failure, message: result.message }, source: "model" };
        }
        // A request that never reached the model (refused, DNS) is not one of the day's model requests.
        if (result.failure === "unreachable") await access.refund();
        reason = connectionFailureReason(result.failure, result.message);
      } else {
        reason = access.reason;
      }
    }
    const faked = this.fakeGenerate(call.prompt, call.asType, trace);
    return reason === undefined ? faked : { ...faked, reason };
  }

  private fakeGenerate(prompt: PromptInfo, asType: Type, trace: Trace): Answered<GenerateReply> {
    const recorded = recordedAnswer(this.program, this.readFile, prompt, asType, trace.seed, trace.digest);
    if (recorded !== null) {
      return { reply: { kind: "value", value: recorded.value }, source: `recording ${recorded.name} (${recorded.why})`, shown: recorded.recorded };
    }
    return { reply: { kind: "value", value: generatedAnswer(asType, trace.seed) }, source: "generated" };
  }

  /** @internal One stream call: the model's text as it was delivered, or generated text. */
  async answerStream(call: StreamCall, trace: Trace): Promise<Answered<StreamReply>> {
    const connection = sandboxingConnection(this.program, call.prompt);
    let reason: string | undefined;
    if (connection !== null) {
      const access = await accessModel(connection, this.options.env, this.options.usage, this.options.makeDriver);
      if (access.ok) {
        const result = await access.driver.stream(completionRequestFor(call.prompt, call.values, null));
        if (result.ok) {
          const { text, deltas, stopped } = result.value;
          return { reply: { pieces: deltas, text, stopped }, source: "model" };
        }
        if (result.failure === "unreachable") await access.refund();
        reason = connectionFailureReason(result.failure, result.message);
      } else {
        reason = access.reason;
      }
    }
    const text = generatedStreamText(TEXT, trace.seed);
    const reply: StreamReply = { pieces: streamPieces(text), text, stopped: "finished" };
    return reason === undefined ? { reply, source: "generated" } : { reply, source: "generated", reason };
  }

  /** @internal How a generate call stands after an attempt's reply; null while a correction will follow. */
  outcomeAfter(call: GenerateCall, reply: GenerateReply): DevCallOutcome | null {
    const failures = this.program.aiFailures;
    switch (reply.kind) {
      case "value":
        return "success";
      case "failure":
        return `failure ${failures[reply.failure].name}`;
      case "text":
        if (decodeAnswer(call.asType, reply.text).ok) return "success";
        return call.attempt >= 2 ? `failure ${failures.unreadable.name}` : null;
      case "undecodable":
        return call.attempt >= 2 ? `failure ${failures.unreadable.name}` : null;
      case "calls":
        return null; // a tool-calling step: the call goes on
    }
  }
}

/** The backend of one HTTP request. */
export class DevRequestBackend implements AiBackend {
  private current: Trace | null = null;
  /** Calls settled and waiting for the request's end to be logged (an embed call by its text). */
  private readonly settled: Array<{ trace: Trace; outcome: DevCallOutcome } | { embed: string; at: number }> = [];
  /** Every call this request logged, in order (filled by `end`). */
  readonly calls: DevCall[] = [];

  constructor(private readonly dev: DevAi) {}

  async generate(call: GenerateCall): Promise<GenerateReply> {
    if (call.attempt === 1 || this.current === null || this.current.prompt !== call.prompt) {
      this.flush();
      this.current = this.dev.begin(call.prompt, call.values);
    }
    const trace = this.current;
    trace.attempts = call.attempt;
    const answered = await this.dev.answerGenerate(call, trace);
    trace.source = answered.source;
    if (answered.reason !== undefined) trace.reason = answered.reason;
    trace.answer = answered.shown ?? shownReply(call, answered.reply);
    const outcome = this.dev.outcomeAfter(call, answered.reply);
    if (outcome !== null) this.settle(trace, outcome);
    return answered.reply;
  }

  async stream(call: StreamCall): Promise<StreamReply> {
    this.flush();
    const trace = this.dev.begin(call.prompt, call.values);
    trace.attempts = 1;
    const answered = await this.dev.answerStream(call, trace);
    trace.source = answered.source;
    trace.reason = answered.reason;
    trace.answer = answered.reply.text;
    this.settle(trace, "success");
    return answered.reply;
  }

  /**
   * Embeddings have no prompt and no sandbox: lexical, as in tests, all from one seed so that texts
   * sharing words stay near each other across calls. Each is logged as a call of `embed`.
   */
  embed(call: EmbedCall): EmbedReply {
    this.flush();
    this.settled.push({ embed: call.text, at: this.dev.clock() });
    return { kind: "vector", vector: fakeEmbedding(EMBED_SEED, call.text, call.dimensions) };
  }

  /** Settles a call left waiting for a correction that never came (the action stopped first). */
  flush(): void {
    if (this.current !== null) this.settle(this.current, `failure ${this.dev.program.aiFailures.unreadable.name}`);
  }

  /**
   * The request is over: every call it made is logged, in order, marked with `request` (its
   * status and failure code) when the request did not succeed.
   */
  async end(request: DevCallRequest | null = null): Promise<void> {
    this.flush();
    for (const entry of this.settled.splice(0)) {
      // One at a time, so the ids follow the calls' order.
      const logged = "embed" in entry ? await this.dev.finishEmbed(entry.embed, entry.at, request) : await this.dev.finish(entry.trace, entry.outcome, request);
      if (logged !== null) this.calls.push(logged);
    }
  }

  private settle(trace: Trace, outcome: DevCallOutcome): void {
    if (this.current === trace) this.current = null;
    trace.ended = this.dev.clock();
    this.settled.push({ trace, outcome });
  }
}

/** A reply as the log shows it: a value as JSON, the model's text as it came. */
function shownReply(call: GenerateCall, reply: GenerateReply): JsonValue | undefined {
  switch (reply.kind) {
    case "value":
      return toJson(call.asType, reply.value);
    case "text": {
      const decoded = decodeAnswer(call.asType, reply.text);
      return decoded.ok ? toJson(call.asType, decoded.value) : reply.text;
    }
    case "undecodable":
      return reply.text;
    case "failure":
    case "calls":
      return undefined;
  }
}
