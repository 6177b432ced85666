// What `jadpo ai record <prompt> --as <name>` does (docs/cli-ai.md): compile, find the prompt and its
// first `ai.generate` call's type, take the values (a fixture's, the values the recording was
// first asked with, or the last `jadpo dev` call's), ask the model once (plus one correction),
// decode, put placeholders in, write atomically with what was asked, print. Any problem is one
// diagnostic, exit 1, and nothing is written. `--stale` is in stale.ts.
import { join } from "node:path";
import { diagnostic, isLowerSnake, printType, recordingPath, toLowerSnake, type Diagnostic, type PromptInfo, type Type } from "@jadpo/compiler";
import { applyPlaceholders, currentModel, valuesDigest, writeRecordingAtomic, type Asked } from "@jadpo/runtime/recordings";
import type { CliContext } from "../../../context.ts";
import { OptionValueError, reportUsage } from "../../../usage.ts";
import type { ColorMode } from "../../../terminal.ts";
import { loadPrompt, type LoadedPrompt } from "./load.ts";
import { reportProblem } from "./output.ts";
import { askOnce, connectModel, type Model } from "./model.ts";
import { recordedText, type Recorded } from "./render.ts";
import { onDisk, reaskValues } from "./reask.ts";
import { parseFixtureName, valuesFromDevLog, valuesFromFixture, type ValuesResult } from "./values.ts";

export interface AiRecordOptions {
  /** Required unless `--stale`. */
  as?: string;
  fixture?: string;
  force?: boolean;
  stale?: boolean;
  color: ColorMode;
}

/** Recording names become file names and `recorded("...")` texts: lower_snake, and not absurdly long. */
const MAX_NAME = 100;

/** The recording's name, or null once the usage error is printed. */
function checkArguments(as: string, options: AiRecordOptions, context: CliContext): string | null {
  if (!isLowerSnake(as) || as.length > MAX_NAME) {
    const better = toLowerSnake(as);
    const example = isLowerSnake(better) && better.length <= MAX_NAME ? better : "not_covered";
    reportUsage(context, new OptionValueError("--as", as, "a lower_snake name", example).diagnostic);
    return null;
  }
  if (options.fixture !== undefined && parseFixtureName(options.fixture) === null) {
    reportUsage(context, new OptionValueError("--fixture", options.fixture, "group.fixture", "questions.sesame").diagnostic);
    return null;
  }
  return as;
}

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
  const answer = await askOnce(model, prompt, values.values, asType);
  if (!answer.ok) return answer;
  const { json, count, fields } = applyPlaceholders(asType, answer.value);
  // What was asked, never the values themselves: their digest matches a `jadpo dev` call later.
  const asked: Asked = {
    ...(values.from.kind === "fixture" ? { fixture: values.from.name } : {}),
    model: model.model,
    values: valuesDigest(prompt, values.values),
  };
  const file = recordingPath(prompt.file.path, prompt.name, name);
  writeRecordingAtomic(join(root, file), json, prompt.version, asked);
  return {
    ok: true,
    recorded: {
      prompt: prompt.name, name, model: model.model, connection: model.connection, from: values.from,
      typeName: printType(asType), placeholders: count, fields, file: printing.displayPath(file), version: prompt.version,
    },
  };
}

export async function runAiRecord(promptName: string | undefined, options: AiRecordOptions, context: CliContext): Promise<void> {
  if (options.stale === true) {
    const { runAiRecordStale } = await import("./stale.ts");
    return runAiRecordStale(promptName, options, context);
  }
  const missing = missingForOne(promptName, options);
  if (missing !== null) return reportUsage(context, missing);
  const name = checkArguments(options.as!, options, context);
  if (name === null) return;
  const loaded = loadPrompt(context, options.color, "record", promptName!);
  if (loaded === null) return;
  const { root, program, prompt, printing } = loaded;

  const asType = askedType(prompt);
  if (!asType.ok) return reportProblem(printing, asType.diagnostic);

  // An out-of-date recording is replaced without `--force`: `jadpo test`'s remedy line says so.
  const absolute = join(root, recordingPath(prompt.file.path, prompt.name, name));
  const existing = onDisk(absolute, prompt, currentModel(program, context.env as NodeJS.ProcessEnv));
  const replaceable = existing.kind === "absent" || existing.kind === "out_of_date" || options.force === true;
  if (!replaceable) return reportProblem(printing, diagnostic("ai.recording_exists", null, { prompt: prompt.name, name }));

  const values = options.fixture !== undefined
    ? await valuesFromFixture(program, prompt, options.fixture)
    : existing.kind === "current" || existing.kind === "out_of_date"
      ? (await reaskValues(program, root, prompt, existing.asked, true))!
      : valuesFromDevLog(root, prompt);
  if (!values.ok) return reportProblem(printing, values.diagnostic);

  const connected = connectModel(program, context.env);
  if (!connected.ok) return reportProblem(printing, connected.diagnostic);

  const outcome = await recordOne(loaded, connected.model, asType.type, name, values);
  if (!outcome.ok) return reportProblem(printing, outcome.diagnostic);
  context.stdout.write(recordedText(outcome.recorded, printing.terminal.paint));
  context.exitCode = 0;
}

/** Without `--stale`, the prompt and `--as` are required: what commander said before `--stale` existed. */
function missingForOne(promptName: string | undefined, options: AiRecordOptions): Diagnostic | null {
  const command = "jadpo ai record";
  if (promptName === undefined) {
    return diagnostic("cli.missing_argument", null, { command, argument: "prompt", description: "the prompt to record an answer of" });
  }
  if (options.as === undefined) {
    return diagnostic("cli.missing_option", null, { command, flag: "--as", description: "the recording's name", example: "not_covered" });
  }
  return null;
}
