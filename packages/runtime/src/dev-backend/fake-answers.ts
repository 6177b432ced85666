// What `jadpo dev` answers a call with when the real model doesn't (docs/dev.md): the prompt's
// recordings — a current version first, then older ones, each group by name — and otherwise a
// generated valid value. Everything is seeded from the prompt and its values, so asking the same
// question again gives the same answer, on every machine.
import { createHash } from "node:crypto";
import type { CheckedProgram, PromptInfo, Type } from "@jadpo/compiler";
import { decodeValue } from "../ai/decode.ts";
import { generateValue } from "../ai/defaults.ts";
import { fillPlaceholders } from "../recordings/placeholders.ts";
import { readRecording } from "../recordings/read.ts";
import { canonicalJson } from "../values/json.ts";
import { rng } from "../seed.ts";
import type { JsonValue, Value } from "../values/value.ts";
import type { ReadProjectFile } from "@jadpo/compiler";

/** The seed of one call: the first 4 bytes of SHA-256 over the prompt's name and its values as canonical JSON. */
export function callSeed(promptName: string, values: JsonValue): number {
  return createHash("sha256").update(`jadpo dev\u0000${promptName}\u0000${canonicalJson(values)}`, "utf8").digest().readUInt32BE(0);
}

export interface RecordedAnswer {
  /** The recording's name (`not_covered`). */
  name: string;
  value: Value;
}

/**
 * The first of the prompt's recordings that decodes as `asType`, placeholders filled from `seed`.
 * Current recordings come first, by name; then older ones, by name. One that can't be read or
 * doesn't decode is passed over (`jadpo check` and `jadpo test` report it).
 */
export function recordedAnswer(
  program: CheckedProgram, readFile: ReadProjectFile, prompt: PromptInfo, asType: Type, seed: number,
): RecordedAnswer | null {
  const read = program.recordings
    .filter((r) => r.promptName === prompt.name)
    .map((r) => {
      const bytes = readFile(r.path);
      const recording = bytes === null ? null : readRecording(bytes, { promptName: prompt.name });
      return { name: r.name, recording: recording?.ok ? recording : null };
    })
    .filter((r) => r.recording !== null)
    .sort((a, b) => {
      const ca = a.recording!.version === prompt.version ? 0 : 1;
      const cb = b.recording!.version === prompt.version ? 0 : 1;
      if (ca !== cb) return ca - cb;
      return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    });
  for (const { name, recording } of read) {
    const filled = fillPlaceholders(asType, recording!.answer, rng(seed, "placeholders"));
    if (!filled.ok) continue;
    const decoded = decodeValue(asType, filled.json);
    if (decoded.ok) return { name, value: decoded.value };
  }
  return null;
}

/** A generated valid value of `type` (docs/testing.md's generated defaults), from `seed`. */
export function generatedAnswer(type: Type, seed: number): Value {
  return generateValue(type, rng(seed, "defaults"));
}

/** Generated text for a stream (at least one word), from `seed`. */
export function generatedStreamText(textType: Type, seed: number): string {
  return generateValue(textType, rng(seed, "streams")) as string;
}
