// Where a recording lives (SPEC 9.1): `<folder of the prompt's file>/recordings/<prompt>/<name>.json`.
import { posix } from "node:path";

/** `domains/support/prompts/answer_question.jadpo`, `answer_question`, `sesame` → `domains/support/prompts/recordings/answer_question/sesame.json` (with `/`). */
export function recordingPath(promptFile: string, promptName: string, name: string): string {
  const folder = posix.dirname(promptFile.replace(/\\/g, "/"));
  return posix.join(folder, "recordings", promptName, `${name}.json`);
}
