// What `jadpo ai show <prompt>` does: compile the project, find the prompt, judge its recordings
// as `jadpo test` would, print. Showing never fails on a recording's state: exit 0.
import type { CliContext } from "../../../context.ts";
import type { ColorMode } from "../../../terminal.ts";
import { loadPrompt } from "../record/load.ts";
import { recordingStates } from "./states.ts";
import { showText } from "./render.ts";
import { renderedText } from "./rendered.ts";
import type { Value } from "@jadpo/runtime";
import { OptionValueError, reportUsage } from "../../../usage.ts";
import { reportProblem } from "../record/output.ts";
import { parseFixtureName, valuesFromFixture } from "../record/values.ts";

export interface AiShowOptions {
  color: ColorMode;
  render?: boolean;
  fixture?: string;
}

export async function runAiShow(promptName: string, options: AiShowOptions, context: CliContext): Promise<void> {
  if (options.fixture !== undefined && parseFixtureName(options.fixture) === null) {
    reportUsage(context, new OptionValueError("--fixture", options.fixture, "group.fixture", "questions.sesame").diagnostic);
    return;
  }
  const loaded = loadPrompt(context, options.color, "show", promptName);
  if (loaded === null) return;
  const { root, program, prompt, printing } = loaded;
  if (options.render || options.fixture !== undefined) {
    let values: Value = null;
    if (options.fixture !== undefined) {
      const found = await valuesFromFixture(program, prompt, options.fixture);
      if (!found.ok) return reportProblem(printing, found.diagnostic);
      values = found.values;
    }
    context.stdout.write(renderedText({ prompt, values, fixture: options.fixture ?? null, paint: printing.terminal.paint }));
    context.exitCode = 0;
    return;
  }
  const recordings = recordingStates(program, prompt, root, context.env);
  context.stdout.write(showText({ prompt, recordings, displayPath: printing.displayPath, paint: printing.terminal.paint }));
  context.exitCode = 0;
}
