// `jadpo ai record [<prompt>] --stale` (docs/cli-ai.md, "keeping recordings fresh"): every
// out-of-date recording of the prompt, or of every prompt, asked again with the values it was
// first asked with — its fixture, or the newest `jadpo dev` call with the same values digest —
// and rewritten. One that has neither is `ai.cannot_reask` and left byte for byte as it was; so is
// one whose asking fails. A summary line counts both; exit 1 if any was left.
import { join } from "node:path";
import { diagnostic, recordingPath, type Diagnostic, type PromptInfo } from "@jadpo/compiler";
import { currentModel } from "@jadpo/runtime/recordings";
import type { CliContext } from "../../../context.ts";
import { recordingKey } from "../../../recording-key.ts";
import { reportUsage } from "../../../usage.ts";
import { loadProject, unknownPrompt, type LoadedProject } from "./load.ts";
import { reportProblem, type Printing } from "./output.ts";
import { connectModel, type Model } from "./model.ts";
import { fromText, placeholdersText, streamText } from "./render.ts";
import type { AiRecordOptions } from "./options.ts";
import { askedAs, recordOne } from "./record-one.ts";
import { cannotReaskWhy, onDisk, reaskValues } from "./reask.ts";
import { fixtureForCommand } from "./values.ts";

interface Tally {
  recorded: number;
  left: number;
}

/** `--as` and `--fixture` name one recording; `--stale` finds them. */
function conflict(options: AiRecordOptions): Diagnostic | null {
  const second = options.as !== undefined ? "--as" : options.fixture !== undefined ? "--fixture" : null;
  if (second === null) return null;
  return diagnostic("cli.conflicting_options", null, {
    first: "--stale", second,
    suggestion: "Record every out-of-date recording with `--stale` alone, or one with `--as <name>` (and `--fixture group.fixture`)",
  });
}

function print(printing: Printing, d: Diagnostic): void {
  // Each problem in the one shape; the exit code is set once, from the tally.
  const code = printing.context.exitCode;
  reportProblem(printing, d);
  printing.context.exitCode = code;
}

async function restale(loaded: LoadedProject, prompt: PromptInfo, model: () => Model | Diagnostic, tally: Tally): Promise<void> {
  const { root, program, printing } = loaded;
  const now = currentModel(program, printing.context.env as NodeJS.ProcessEnv);
  const recordings = program.recordings.filter((r) => r.promptName === prompt.name).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const recording of recordings) {
    if (recording.path !== recordingPath(prompt.file.path, prompt.name, recording.name)) continue;
    const existing = onDisk(join(root, recording.path), prompt, now);
    if (existing.kind !== "out_of_date") continue;
    const left = (d: Diagnostic) => {
      print(printing, d);
      tally.left++;
    };
    const asked = askedAs(prompt);
    const values = asked.ok ? await reaskValues(program, root, prompt, existing.asked, false, () => recordingKey(root, printing.context.env)) : null;
    if (!asked.ok || values === null) {
      const why = asked.ok ? cannotReaskWhy(existing.asked) : `\`${prompt.name}\` is not asked by an \`ai.generate\` or \`ai.stream\` call`;
      left(diagnostic("ai.cannot_reask", null, { prompt: prompt.name, name: recording.name, why, fixture: fixtureForCommand(program, prompt) }));
      continue;
    }
    if (!values.ok) {
      left(values.diagnostic);
      continue;
    }
    const connected = model();
    if (!("driver" in connected)) {
      left(connected);
      continue;
    }
    const outcome = await recordOne({ ...loaded, prompt }, connected, asked.asked, recording.name, values);
    if (!outcome.ok) {
      left(outcome.diagnostic);
      continue;
    }
    const r = outcome.recorded;
    const ok = printing.terminal.paint.ok("✓");
    const kept = "stream" in r.answer ? streamText(r.answer.stream) : placeholdersText(r.placeholders);
    printing.context.stdout.write(`${ok} Recorded \`${r.prompt}\`'s \`${r.name}\` again  from ${fromText(r.from)} · ${kept} · ${r.file}\n`);
    tally.recorded++;
  }
}

export async function runAiRecordStale(promptName: string | undefined, options: AiRecordOptions, context: CliContext): Promise<void> {
  const problem = conflict(options);
  if (problem !== null) return reportUsage(context, problem);
  const loaded = loadProject(context, options.color, "record");
  if (loaded === null) return;
  const { program, printing } = loaded;
  let prompts: PromptInfo[];
  if (promptName === undefined) {
    prompts = [...program.prompts.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  } else {
    const prompt = program.prompts.get(promptName);
    if (prompt === undefined) return reportProblem(printing, unknownPrompt(program, promptName));
    prompts = [prompt];
  }
  // Connected once, when the first recording needs the model: a key that is missing is said once.
  let connected: Model | Diagnostic | null = null;
  const model = () => {
    if (connected === null) {
      const result = connectModel(program, context.env);
      connected = result.ok ? result.model : result.diagnostic;
    }
    return connected;
  };
  const tally: Tally = { recorded: 0, left: 0 };
  for (const prompt of prompts) await restale(loaded, prompt, model, tally);

  const { paint } = printing.terminal;
  const again = `${tally.recorded} recorded again`;
  if (tally.left > 0) {
    context.stdout.write(`${paint.error("record failed:")} ${tally.left} left out of date, ${again}\n`);
    context.exitCode = 1;
    return;
  }
  if (tally.recorded === 0) {
    context.stdout.write(`${paint.ok("✓")} No recording is out of date  0 recorded again · 0 left out of date\n`);
  } else {
    context.stdout.write(`${paint.ok("✓")} ${again} · 0 left out of date\n→ jadpo test  decodes the recordings and answers tests with them\n`);
  }
  context.exitCode = 0;
}
