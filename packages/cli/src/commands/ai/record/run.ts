// What `jadpo ai record <prompt> --as <name>` does (docs/cli-ai.md): compile, find the prompt and how
// its first call asks it (an `ai.generate` call's type, or a stream), take the values (a
// fixture's, the values the recording was first asked with, or the last `jadpo dev` call's), ask
// the model once (plus one correction), decode, put placeholders in (a stream keeps its pieces'
// lengths), write atomically with what was asked, print. Any problem is one
// diagnostic, exit 1, and nothing is written. `--stale` is in stale.ts.
import { dirname, join } from "node:path";
import { diagnostic, isLowerSnake, recordingPath, toLowerSnake, type Diagnostic } from "@jadpo/compiler";
import { currentModel, RECORDING_FOLDER_NAMES, removeStaleFiles } from "@jadpo/runtime/recordings";
import type { CliContext } from "../../../context.ts";
import { recordingKey } from "../../../recording-key.ts";
import { OptionValueError, reportUsage } from "../../../usage.ts";
import { loadPrompt } from "./load.ts";
import { reportProblem } from "./output.ts";
import { connectModel } from "./model.ts";
import type { AiRecordOptions } from "./options.ts";
import { recordedText } from "./render.ts";
import { onDisk, reaskValues } from "./reask.ts";
import { askedAs, recordOne } from "./record-one.ts";
import { fixtureExample, parseFixtureName, valuesFromDevLog, valuesFromFixture } from "./values.ts";

export type { AiRecordOptions } from "./options.ts";

/** Recording names become file names and `recorded("...")` texts: lower_snake, and not absurdly long. */
const MAX_NAME = 100;

/** The recording's name, or null once the usage error is printed. */
function checkArguments(as: string, context: CliContext): string | null {
  if (!isLowerSnake(as) || as.length > MAX_NAME) {
    const better = toLowerSnake(as);
    const example = isLowerSnake(better) && better.length <= MAX_NAME ? better : "first_answer";
    reportUsage(context, new OptionValueError("--as", as, "a lower_snake name", example).diagnostic);
    return null;
  }
  return as;
}

export async function runAiRecord(promptName: string | undefined, options: AiRecordOptions, context: CliContext): Promise<void> {
  if (options.stale === true) {
    const { runAiRecordStale } = await import("./stale.ts");
    return runAiRecordStale(promptName, options, context);
  }
  const missing = missingForOne(promptName, options);
  if (missing !== null) return reportUsage(context, missing);
  const name = checkArguments(options.as!, context);
  if (name === null) return;
  const loaded = loadPrompt(context, options.color, "record", promptName!);
  if (loaded === null) return;
  const { root, program, prompt, printing } = loaded;
  // Checked once the project is loaded, so the example is one of its own fixtures.
  if (options.fixture !== undefined && parseFixtureName(options.fixture) === null) {
    const example = fixtureExample(program, prompt, options.fixture);
    reportUsage(context, new OptionValueError("--fixture", options.fixture, "group.fixture", example).diagnostic);
    return;
  }

  const asked = askedAs(prompt);
  if (!asked.ok) return reportProblem(printing, asked.diagnostic);

  // An out-of-date recording is replaced without `--force`: `jadpo test`'s remedy line says so.
  const absolute = join(root, recordingPath(prompt.file.path, prompt.name, name));
  // A record killed between its write and its rename left a hidden temporary file here. The
  // folder is the user's: only that name is removed. (A folder behind a link never gets here:
  // the project doesn't compile, `module.unreadable`.)
  removeStaleFiles(dirname(absolute), RECORDING_FOLDER_NAMES);
  const existing = onDisk(absolute, prompt, currentModel(program, context.env as NodeJS.ProcessEnv));
  const replaceable = existing.kind === "absent" || existing.kind === "out_of_date" || options.force === true;
  if (!replaceable) return reportProblem(printing, diagnostic("ai.recording_exists", null, { prompt: prompt.name, name }));

  const values = options.fixture !== undefined
    ? await valuesFromFixture(program, prompt, options.fixture)
    : existing.kind === "current" || existing.kind === "out_of_date"
      ? (await reaskValues(program, root, prompt, existing.asked, true, () => recordingKey(root, context.env)))!
      : valuesFromDevLog(program, root, prompt);
  if (!values.ok) return reportProblem(printing, values.diagnostic);

  const connected = connectModel(program, context.env);
  if (!connected.ok) return reportProblem(printing, connected.diagnostic);

  const outcome = await recordOne(loaded, connected.model, asked.asked, name, values);
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
    return diagnostic("cli.missing_option", null, { command, flag: "--as", description: "the recording's name", example: "first_answer" });
  }
  return null;
}
