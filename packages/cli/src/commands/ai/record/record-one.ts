// Recording one answer (docs/cli-ai.md): the type the prompt is asked for as, then the call as an
// action makes it (plus one correction; for a prompt with tools, the loop), placeholders in the
// answer and in the steps' arguments, and the file written atomically with what was asked — the
// fixture, the model and the values' digest, never the values. A stream prompt is asked as its
// `ai.stream` calls ask, and keeps its pieces' lengths and its stop. Used by one `--as` and by `--stale`.
import { join, relative } from "node:path";
import { diagnostic, printType, recordingPath, type Diagnostic, type PromptInfo, type Type } from "@jadpo/compiler";
import {
  applyPlaceholders, recordSteps, valuesDigest, writeRecordingAtomic, type Asked, type PlaceholderField, type RecordedStep,
} from "@jadpo/runtime/recordings";
import type { TokenUsage, Value } from "@jadpo/runtime";
import { recordingKey, recordingKeyPath } from "../../../recording-key.ts";
import { keyEcho } from "@jadpo/runtime/drivers";
import { diskFull, isDiskFull } from "../../../disk-full.ts";
import type { LoadedPrompt } from "./load.ts";
import { askModel, askStream } from "./ask.ts";
import type { Model } from "./model.ts";
import type { Recorded, RecordedAnswer } from "./render.ts";
import type { ValuesResult } from "./values.ts";

/** How the recorded call asks: as the prompt's first `ai.generate` call's type, or as its `ai.stream` calls do. */
export type AskedAs = { kind: "generate"; type: Type } | { kind: "stream" };

/** How the prompt's first call (path order, then source order) asks it, or the problem. */
export function askedAs(prompt: PromptInfo): { ok: true; asked: AskedAs } | { ok: false; diagnostic: Diagnostic } {
  if (prompt.use === "stream") return { ok: true, asked: { kind: "stream" } };
  const asType = prompt.use === "generate" ? prompt.asTypes[0] : undefined;
  if (asType !== undefined) return { ok: true, asked: { kind: "generate", type: asType } };
  const suggestion = `Ask \`${prompt.name}\` with \`ai.generate(values, as: T)\` or \`ai.stream(values)\` in an action, then record it`;
  return { ok: false, diagnostic: diagnostic("ai.not_generated", null, { prompt: prompt.name, suggestion }) };
}

export type RecordOutcome = { ok: true; recorded: Recorded } | { ok: false; diagnostic: Diagnostic };

/** Asks `model` with `values` and writes the recording `name` with what it was asked. */
export async function recordOne(
  loaded: LoadedPrompt, model: Model, asked: AskedAs, name: string, values: Extract<ValuesResult, { ok: true }>,
): Promise<RecordOutcome> {
  const { prompt, printing } = loaded;
  let answer: Answer;
  if (asked.kind === "stream") {
    // A stream keeps its pieces' lengths and its stop, no text: nothing to put placeholders in.
    const streamed = await askStream(loaded, model, values.values);
    if (!streamed.ok) return streamed;
    answer = {
      json: { pieces: streamed.stream.pieces, stopped: streamed.stream.stopped }, steps: null, count: 0, fields: [],
      shown: { stream: streamed.stream }, usage: streamed.usage,
    };
  } else {
    const generated = await generatedAnswer(loaded, model, asked.type, values.values);
    if (!generated.ok) return generated;
    answer = generated.answer;
  }
  const written = writeRecording(loaded, model, name, values, answer);
  if (!written.ok) return written;
  return {
    ok: true,
    recorded: {
      prompt: prompt.name, name, model: model.model, connection: model.connection, from: values.from,
      answer: answer.shown, placeholders: answer.count, fields: answer.fields, file: printing.displayPath(written.file), version: prompt.version,
      ...(answer.steps === null ? {} : { steps: answer.steps.map((calls) => calls.map((c) => c.tool)) }),
    },
  };
}

/** What a recording keeps of the answer, and what its block says of it. */
interface Answer {
  json: unknown;
  /** A tool prompt's steps (null without tools). */
  steps: RecordedStep[] | null;
  /** Placeholders in the answer and the steps, and the fields they stand in. */
  count: number;
  fields: PlaceholderField[];
  shown: RecordedAnswer;
  /** The tokens the model reported using (summed over a tool prompt's steps); null when it didn't, for some request. */
  usage: TokenUsage | null;
}

/** An `ai.generate` call's answer (and a tool prompt's steps) with placeholders in, or why there is none. */
async function generatedAnswer(
  loaded: LoadedPrompt, model: Model, asType: Type, values: Value,
): Promise<{ ok: true; answer: Answer } | { ok: false; diagnostic: Diagnostic }> {
  const { prompt } = loaded;
  const answer = await askModel(loaded, model, values, asType);
  if (!answer.ok) return answer;
  const placed = applyPlaceholders(asType, answer.value);
  const json = placed.json;
  // A prompt with tools keeps its steps (none without tools: the file is as it always was).
  const steps = prompt.tools.length === 0 ? null : recordSteps(answer.steps);
  // A `personal: false` text keeps its words verbatim, so a model that echoes its key (whole, escaped,
  // or 8 characters of it in a row) would commit it.
  if (keyEcho(model.key).contains(JSON.stringify(steps === null ? json : [json, steps.steps]))) {
    return { ok: false, diagnostic: diagnostic("ai.key_in_answer", null, { prompt: prompt.name }) };
  }
  return {
    ok: true,
    answer: {
      json, steps: steps?.steps ?? null,
      count: placed.count + (steps?.count ?? 0),
      fields: [...(steps?.fields ?? []), ...placed.fields],
      shown: { typeName: printType(asType) },
      usage: answer.usage,
    },
  };
}

/** The file written atomically with what was asked; its root-relative path, or why it isn't written. */
function writeRecording(
  loaded: LoadedPrompt, model: Model, name: string, values: Extract<ValuesResult, { ok: true }>, answer: Answer,
): { ok: true; file: string } | { ok: false; diagnostic: Diagnostic } {
  const { root, prompt, printing } = loaded;
  let key;
  try {
    key = recordingKey(root, printing.context.env);
  } catch (error) {
    // The key is made the first time one is needed, so the first recording can meet a full disk there.
    if (isDiskFull(error)) return { ok: false, diagnostic: diskFull(error, printing.displayPath(relative(root, recordingKeyPath(root)))) };
    throw error;
  }
  // What was asked, never the values themselves: their keyed digest matches a `jadpo dev` call later;
  // and what the model said it used, which a test's `ai.<prompt>.usage` counts for the recording.
  const asked: Asked = {
    ...(values.from.kind === "fixture" ? { fixture: values.from.name } : {}),
    model: model.model,
    values: valuesDigest(key, prompt, values.values),
    ...(answer.usage === null ? {} : { usage: answer.usage }),
  };
  const file = recordingPath(prompt.file.path, prompt.name, name);
  try {
    writeRecordingAtomic(join(root, file), answer.json, prompt.version, asked, answer.steps);
  } catch (error) {
    // The write is atomic: on a full disk the old recording, if any, is left as it was.
    if (isDiskFull(error)) return { ok: false, diagnostic: diskFull(error, printing.displayPath(file)) };
    throw error;
  }
  return { ok: true, file };
}
