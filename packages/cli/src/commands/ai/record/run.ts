// What `jadpo ai record <prompt> --as <name>` does (docs/cli-ai.md): compile, find the prompt and its
// first `ai.generate` call's type, take the values (a fixture's, or the last `jadpo dev` call's),
// ask the model once (plus one correction), decode, put placeholders in, write atomically, print.
// Any problem is one diagnostic, exit 1, and nothing is written.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { diagnostic, isLowerSnake, printType, recordingPath, toLowerSnake, type PromptInfo } from "@jadpo/compiler";
import { applyPlaceholders, readRecording, writeRecordingAtomic } from "@jadpo/runtime/recordings";
import { nodeHost } from "../../../node-host.ts";
import type { CliContext } from "../../../context.ts";
import { OptionValueError, reportUsage } from "../../../usage.ts";
import type { ColorMode } from "../../../terminal.ts";
import { loadPrompt } from "./load.ts";
import { reportProblem } from "./output.ts";
import { askOnce, connectModel } from "./model.ts";
import { recordedText } from "./render.ts";
import { fixtureExample, parseFixtureName, valuesFromDevLog, valuesFromFixture } from "./values.ts";

export interface AiRecordOptions {
  /** Required (commander says so when it is missing). */
  as: string;
  fixture?: string;
  force?: boolean;
  color: ColorMode;
}

/** Recording names become file names and `recorded("...")` texts: lower_snake, and not absurdly long. */
const MAX_NAME = 100;

/** The recording's name, or null once the usage error is printed. */
function checkArguments(options: AiRecordOptions, context: CliContext): string | null {
  if (!isLowerSnake(options.as) || options.as.length > MAX_NAME) {
    const better = toLowerSnake(options.as);
    const example = isLowerSnake(better) && better.length <= MAX_NAME ? better : "first_answer";
    reportUsage(context, new OptionValueError("--as", options.as, "a lower_snake name", example).diagnostic);
    return null;
  }
  return options.as;
}

/**
 * Whether the recording may be (re)written: it doesn't exist, `--force` says so, or it was made
 * from an older version of the prompt — the case `jadpo test`'s alert tells the user to record
 * again with `jadpo ai record <prompt> --as <name>`, without `--force`, so that line must work.
 */
function mayWrite(absolute: string, prompt: PromptInfo, force: boolean): boolean {
  if (force || !existsSync(absolute)) return true;
  const bytes = nodeHost.readFile(absolute);
  if (bytes === null) return true;
  const read = readRecording(bytes, { promptName: prompt.name });
  return read.ok && read.version !== prompt.version;
}

export async function runAiRecord(promptName: string, options: AiRecordOptions, context: CliContext): Promise<void> {
  const name = checkArguments(options, context);
  if (name === null) return;
  const loaded = loadPrompt(context, options.color, "record", promptName);
  if (loaded === null) return;
  const { root, program, prompt, printing } = loaded;
  // Checked once the project is loaded, so the example is one of its own fixtures.
  if (options.fixture !== undefined && parseFixtureName(options.fixture) === null) {
    const example = fixtureExample(program, prompt, options.fixture);
    reportUsage(context, new OptionValueError("--fixture", options.fixture, "group.fixture", example).diagnostic);
    return;
  }

  // The type the prompt's first `ai.generate` call (path order, then source order) asks for.
  const asType = prompt.use === "generate" ? prompt.asTypes[0] : undefined;
  if (asType === undefined) {
    const suggestion = prompt.use === "stream"
      ? `\`${prompt.name}\` is streamed; its tests script text for \`ai.stream\` instead`
      : `Ask \`${prompt.name}\` with \`ai.generate(values, as: T)\` in an action, then record it`;
    return reportProblem(printing, diagnostic("ai.not_generated", null, { prompt: prompt.name, suggestion }));
  }

  const file = recordingPath(prompt.file.path, prompt.name, name);
  const absolute = join(root, file);
  if (!mayWrite(absolute, prompt, options.force === true)) {
    return reportProblem(printing, diagnostic("ai.recording_exists", null, { prompt: prompt.name, name }));
  }

  const values = options.fixture !== undefined
    ? await valuesFromFixture(program, prompt, options.fixture)
    : valuesFromDevLog(root, prompt);
  if (!values.ok) return reportProblem(printing, values.diagnostic);

  const connected = connectModel(program, context.env);
  if (!connected.ok) return reportProblem(printing, connected.diagnostic);
  const { model } = connected;

  const answer = await askOnce(model, prompt, values.values, asType);
  if (!answer.ok) return reportProblem(printing, answer.diagnostic);

  const { json, count } = applyPlaceholders(asType, answer.value);
  writeRecordingAtomic(absolute, json, prompt.version);
  context.stdout.write(recordedText({
    prompt: prompt.name,
    name,
    model: model.model,
    connection: model.connection,
    from: values.from,
    typeName: printType(asType),
    placeholders: count,
    file: printing.displayPath(file),
    version: prompt.version,
  }, printing.terminal.paint));
  context.exitCode = 0;
}
