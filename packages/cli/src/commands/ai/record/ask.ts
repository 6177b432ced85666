// Asking the model for one recording (docs/cli-ai.md), exactly as an action's `ai.generate` call
// asks: the runtime's own call runs — decoding, the one correction, and for a prompt with tools the
// loop, its tools running as app code. Only the recorded call's steps go to the model; whatever
// its tools ask of AI themselves is answered as `jadpo dev` answers it, and logged nowhere. A
// stream prompt is asked as an `ai.stream` call asks, through the driver's streaming.
import { randomInt } from "node:crypto";
import { diagnostic, printType, type Diagnostic, type PromptInfo, type Type } from "@jadpo/compiler";
import {
  addUsage, callPrompt, compileProgram, decodeAnswer, formatDecodeErrorDetail, NO_USAGE,
  type AiBackend, type DecodeError, type EmbedCall, type GenerateCall, type GenerateEnd, type GenerateReply, type StreamCall, type TokenUsage, type ToolCallRun, type Value,
} from "@jadpo/runtime";
import { DevAi, UsageCounter, type DevRequestBackend } from "@jadpo/runtime/dev";
import { completionRequestFor, redact, stepReply, stepRequest, type DriverFailure } from "@jadpo/runtime/drivers";
import { recordedStream, type RecordedStream } from "@jadpo/runtime/recordings";
import { recordingKey } from "../../../recording-key.ts";
import type { LoadedPrompt } from "./load.ts";
import type { Model } from "./model.ts";

export type AskResult =
  /**
   * `steps`: each tool-calling step of the call, in order (none for a prompt without tools);
   * `usage`: the tokens its requests used, summed, when the model reported them for every one.
   */
  | { ok: true; value: Value; steps: ToolCallRun[][]; usage: TokenUsage | null }
  | { ok: false; diagnostic: Diagnostic };

/** The model answered with no answer a call can use: the recording stops with it. */
class ModelStopped {
  constructor(readonly failure: DriverFailure) {}
}

/** The recorded call's steps go to the model; every other AI call (its tools') to `jadpo dev`'s answers. */
class RecordingBackend implements AiBackend {
  /** The recorded call's depth: the first call asked is it, and its tools' own calls are deeper. */
  private depth: number | null = null;
  private devBackend: DevRequestBackend | null = null;
  readonly steps: ToolCallRun[][] = [];
  /** The model's last answer text, for the decode error when the call ends unreadable. */
  lastText: string | null = null;
  /** The recorded call's requests' usage so far; null once one came without it. */
  usage: TokenUsage | null = NO_USAGE;

  constructor(private readonly model: Model, private readonly prompt: PromptInfo, private readonly makeDev: () => DevRequestBackend) {}

  private recorded(call: GenerateCall): boolean {
    this.depth ??= call.depth;
    return call.prompt === this.prompt && call.depth === this.depth;
  }

  private get dev(): DevRequestBackend {
    return (this.devBackend ??= this.makeDev());
  }

  async generate(call: GenerateCall): Promise<GenerateReply> {
    if (!this.recorded(call)) return this.dev.generate(call);
    const result = await this.model.driver.complete(stepRequest(call));
    if (!result.ok) throw new ModelStopped(result);
    this.usage = this.usage === null || result.usage === undefined ? null : addUsage(this.usage, result.usage);
    const reply = stepReply(result.value);
    if (reply.kind === "text") this.lastText = reply.text;
    return reply;
  }

  toolsRan(call: GenerateCall, runs: readonly ToolCallRun[]): void {
    if (this.recorded(call)) this.steps.push([...runs]);
    else this.dev.toolsRan(call, runs);
  }

  /** The recorded call's end is the command's own; its tools' calls end in `jadpo dev`'s answers. */
  ended(end: GenerateEnd): void {
    if (end.prompt !== this.prompt || end.depth !== this.depth) this.devBackend?.ended(end);
  }

  stream(call: StreamCall) {
    return this.dev.stream(call);
  }

  embed(call: EmbedCall) {
    return this.dev.embed(call);
  }
}

/** A driver failure as the command's error: no server → `ai.unreachable`; anything else the model said → `ai.model_error`. */
function failed(model: Model, f: DriverFailure): { ok: false; diagnostic: Diagnostic } {
  const message = redact(f.message, model.key);
  if (f.failure === "unreachable") {
    const d = diagnostic("ai.unreachable", null, { url: model.shownUrl });
    // The driver says `could not reach <url>: ECONNREFUSED`; the summary already names the URL.
    const prefix = `could not reach ${model.shownUrl}: `;
    d.details = [{ label: "note", text: message.startsWith(prefix) ? `the connection failed: ${message.slice(prefix.length)}` : message }];
    return { ok: false, diagnostic: d };
  }
  return { ok: false, diagnostic: diagnostic("ai.model_error", null, { error: message }) };
}

function undecodable(model: Model, asType: Type, error: DecodeError): AskResult {
  const d = diagnostic("ai.answer_undecodable", null, { type: printType(asType) });
  d.details = [
    { label: "decode", text: redact(formatDecodeErrorDetail(error), model.key) },
    { label: "note", text: "it was asked once more with the decode error, as a call corrects an answer, and that answer didn't decode either" },
  ];
  return { ok: false, diagnostic: d };
}

/** The recorded call's value and steps, or why there are none. */
export async function askModel(loaded: LoadedPrompt, model: Model, values: Value, asType: Type): Promise<AskResult> {
  const { root, program, prompt, printing } = loaded;
  const env = printing.context.env;
  const dev = new DevAi(program, {
    root, env, usage: new UsageCounter(root), log: null,
    recordingKey: () => {
      try {
        return recordingKey(root, env);
      } catch {
        return null; // recordings are then matched by name, as `jadpo dev` does without a key
      }
    },
  });
  const backend = new RecordingBackend(model, prompt, () => dev.forRequest());
  const outcome = await callPrompt(compileProgram(program, { aiMode: "async" }), prompt, asType, values, {
    // `random.int` in a tool is as random as in a `jadpo dev` request.
    backend, seed: randomInt(0, 2 ** 32 - 1), clockStart: Date.now(),
  });
  const { unreadable, loop_limit: loopLimit } = program.aiFailures;
  switch (outcome.kind) {
    case "success":
      return { ok: true, value: outcome.value, steps: backend.steps, usage: backend.usage };
    case "failure": {
      if (outcome.failure === unreadable && backend.lastText !== null) {
        const decoded = decodeAnswer(asType, backend.lastText);
        if (!decoded.ok) return undecodable(model, asType, decoded.error);
      }
      const error = outcome.failure === loopLimit
        ? `the model called tools at each of the ${prompt.maxSteps} steps \`max_steps\` allows, and gave no answer`
        : `the call failed with \`${outcome.failure.name}\``;
      return { ok: false, diagnostic: diagnostic("ai.model_error", null, { error }) };
    }
    case "fault":
      // A tool stopped with a runtime fault: said where, as a test says it.
      return { ok: false, diagnostic: diagnostic("runtime.fault", outcome.fault.span, outcome.fault.args) };
    case "internal_error":
      if (outcome.error instanceof ModelStopped) return failed(model, outcome.error.failure);
      throw outcome.error;
  }
}

/** A stream prompt asked as its `ai.stream` calls ask: what the recording keeps of the stream, or why there is none. */
export async function askStream(
  loaded: LoadedPrompt, model: Model, values: Value,
): Promise<{ ok: true; stream: RecordedStream; usage: TokenUsage | null } | { ok: false; diagnostic: Diagnostic }> {
  const result = await model.driver.stream(completionRequestFor(loaded.prompt, values, null));
  if (!result.ok) return failed(model, result);
  return { ok: true, stream: recordedStream(result.value.deltas, result.value.stopped), usage: result.value.usage ?? null };
}
