// Asking the model for one recording (docs/cli-ai.md), exactly as an action's `ai.generate` call
// asks: the runtime's own call runs — decoding, the one correction, and for a prompt with tools the
// loop, its tools running as app code. Only the recorded call's steps go to the model; whatever
// its tools ask of AI themselves is answered as `jadpo dev` answers it, and logged nowhere.
import { randomInt } from "node:crypto";
import { diagnostic, printType, type Diagnostic, type PromptInfo, type Type } from "@jadpo/compiler";
import {
  callPrompt, compileProgram, decodeAnswer, formatDecodeErrorDetail,
  type AiBackend, type DecodeError, type EmbedCall, type GenerateCall, type GenerateReply, type StreamCall, type ToolCallRun, type Value,
} from "@jadpo/runtime";
import { DevAi, UsageCounter, type DevRequestBackend } from "@jadpo/runtime/dev";
import { redact, stepReply, stepRequest, type DriverFailure } from "@jadpo/runtime/drivers";
import { recordingKey } from "../../../recording-key.ts";
import type { LoadedPrompt } from "./load.ts";
import type { Model } from "./model.ts";

export type AskResult =
  /** `steps`: each tool-calling step of the call, in order (none for a prompt without tools). */
  | { ok: true; value: Value; steps: ToolCallRun[][] }
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
    const reply = stepReply(result.value);
    if (reply.kind === "text") this.lastText = reply.text;
    return reply;
  }

  toolsRan(call: GenerateCall, runs: readonly ToolCallRun[]): void {
    if (this.recorded(call)) this.steps.push([...runs]);
    else this.dev.toolsRan(call, runs);
  }

  stream(call: StreamCall) {
    return this.dev.stream(call);
  }

  embed(call: EmbedCall) {
    return this.dev.embed(call);
  }
}

/** A driver failure as the command's error: no server → `ai.unreachable`; anything else the model said → `ai.model_error`. */
function failed(model: Model, f: DriverFailure): AskResult {
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
      return { ok: true, value: outcome.value, steps: backend.steps };
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
