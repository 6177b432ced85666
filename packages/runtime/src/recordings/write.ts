// Writing one recording file (docs/testing.md): keys in code-unit order at every depth, as digests'
// canonical JSON sorts them (the compiler's sortedJsonIndented), two-space indent, a final newline;
// written to a temporary file in the same folder and renamed over the target, so a reader sees the
// old file or the new one, never half of either.
import { sortedJsonIndented } from "@jadpo/compiler";
import { writeFileAtomic } from "../files/atomic.ts";
import type { Asked } from "./asked.ts";
import { stepsFileJson, type RecordedStep } from "./steps.ts";

/** The exact bytes of a recording file, as text; `steps` only for a tool prompt's (recordings/steps.ts). */
export function recordingText(answer: unknown, version: string, asked: Asked | null = null, steps: readonly RecordedStep[] | null = null): string {
  const file: Record<string, unknown> = { answer, version };
  if (asked !== null) file["asked"] = asked;
  if (steps !== null) file["steps"] = stepsFileJson(steps);
  return `${sortedJsonIndented(file, 2)}\n`;
}

export function writeRecordingAtomic(
  absPath: string, answer: unknown, version: string, asked: Asked | null = null, steps: readonly RecordedStep[] | null = null,
): void {
  writeFileAtomic(absPath, recordingText(answer, version, asked, steps));
}
