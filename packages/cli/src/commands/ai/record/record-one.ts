// Recording one answer (docs/cli-ai.md): the type the prompt is asked for as, then the call as an
// action makes it (plus one correction; for a prompt with tools, the loop), placeholders in the
// answer and in the steps' arguments, and the file written atomically with what was asked — the
// fixture, the model and the values' digest, never the values. Used by one `--as` and by `--stale`.
import { join, relative } from "node:path";
import { diagnostic, printType, recordingPath, type Diagnostic, type PromptInfo, type Type } from "@jadpo/compiler";
import { applyPlaceholders, recordSteps, valuesDigest, writeRecordingAtomic, type Asked } from "@jadpo/runtime/recordings";
import { recordingKey, recordingKeyPath } from "../../../recording-key.ts";
import { keyEcho } from "@jadpo/runtime/drivers";
import { diskFull, isDiskFull } from "../../../disk-full.ts";
import type { LoadedPrompt } from "./load.ts";
import { askModel } from "./ask.ts";
import type { Model } from "./model.ts";
import type { Recorded } from "./render.ts";
import type { ValuesResult } from "./values.ts";

/** The type the prompt's first `ai.generate` call (path order, then source order) asks for, or the problem. */
export function askedType(prompt: PromptInfo): { ok: true; type: Type } | { ok: false; diagnostic: Diagnostic } {
  const asType = prompt.use === "generate" ? prompt.asTypes[0] : undefined;
  if (asType !== undefined) return { ok: true, type: asType };
  const suggestion = prompt.use === "stream"
    ? `\`${prompt.name}\` is streamed; its tests script text for \`ai.stream\` instead`
    : `Ask \`${prompt.name}\` with \`ai.generate(values, as: T)\` in an action, then record it`;
  return { ok: false, diagnostic: diagnostic("ai.not_generated", null, { prompt: prompt.name, suggestion }) };
}

export type RecordOutcome = { ok: true; recorded: Recorded } | { ok: false; diagnostic: Diagnostic };

/** Asks `model` with `values` and writes the recording `name` with what it was asked. */
export async function recordOne(
  loaded: LoadedPrompt, model: Model, asType: Type, name: string, values: Extract<ValuesResult, { ok: true }>,
): Promise<RecordOutcome> {
  const { root, prompt, printing } = loaded;
  const answer = await askModel(loaded, model, values.values, asType);
  if (!answer.ok) return answer;
  const placed = applyPlaceholders(asType, answer.value);
  const json = placed.json;
  // A prompt with tools keeps its steps (none without tools: the file is as it always was).
  const steps = prompt.tools.length === 0 ? null : recordSteps(answer.steps);
  const count = placed.count + (steps?.count ?? 0);
  const fields = [...(steps?.fields ?? []), ...placed.fields];
  // A `personal: false` text keeps its words verbatim, so a model that echoes its key (whole, escaped,
  // or 8 characters of it in a row) would commit it.
  if (keyEcho(model.key).contains(JSON.stringify(steps === null ? json : [json, steps.steps]))) {
    return { ok: false, diagnostic: diagnostic("ai.key_in_answer", null, { prompt: prompt.name }) };
  }
  let key;
  try {
    key = recordingKey(root, printing.context.env);
  } catch (error) {
    // The key is made the first time one is needed, so the first recording can meet a full disk there.
    if (isDiskFull(error)) return { ok: false, diagnostic: diskFull(error, printing.displayPath(relative(root, recordingKeyPath(root)))) };
    throw error;
  }
  // What was asked, never the values themselves: their keyed digest matches a `jadpo dev` call later.
  const asked: Asked = {
    ...(values.from.kind === "fixture" ? { fixture: values.from.name } : {}),
    model: model.model,
    values: valuesDigest(key, prompt, values.values),
  };
  const file = recordingPath(prompt.file.path, prompt.name, name);
  try {
    writeRecordingAtomic(join(root, file), json, prompt.version, asked, steps?.steps ?? null);
  } catch (error) {
    // The write is atomic: on a full disk the old recording, if any, is left as it was.
    if (isDiskFull(error)) return { ok: false, diagnostic: diskFull(error, printing.displayPath(file)) };
    throw error;
  }
  return {
    ok: true,
    recorded: {
      prompt: prompt.name, name, model: model.model, connection: model.connection, from: values.from,
      typeName: printType(asType), placeholders: count, fields, file: printing.displayPath(file), version: prompt.version,
      ...(steps === null ? {} : { steps: steps.steps.map((calls) => calls.map((c) => c.tool)) }),
    },
  };
}


