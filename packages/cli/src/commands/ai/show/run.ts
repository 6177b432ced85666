// What `jadpo ai show <prompt>` does: compile the project, find the prompt, judge its recordings
// as `jadpo test` would, print. Showing never fails on a recording's state: exit 0.
import type { CliContext } from "../../../context.ts";
import type { ColorMode } from "../../../terminal.ts";
import { loadPrompt } from "../record/load.ts";
import { recordingStates } from "./states.ts";
import { showText } from "./render.ts";

export interface AiShowOptions {
  color: ColorMode;
}

export function runAiShow(promptName: string, options: AiShowOptions, context: CliContext): void {
  const loaded = loadPrompt(context, options.color, "show", promptName);
  if (loaded === null) return;
  const { root, program, prompt, printing } = loaded;
  const recordings = recordingStates(program, prompt, root);
  context.stdout.write(showText({ prompt, recordings, displayPath: printing.displayPath, paint: printing.terminal.paint }));
  context.exitCode = 0;
}
