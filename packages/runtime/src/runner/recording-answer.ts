// The pieces of the runtime a recording test uses: reading the file, filling placeholders from
// the test's seed, and decoding through each type, every rule included.
import type { Type } from "@jadpo/compiler";
import { readRecording } from "../recordings/read.ts";
import { fillPlaceholders } from "../recordings/placeholders.ts";
import { decodeValue, formatDecodeError } from "../ai/decode.ts";
import { rng, testSeed } from "../seed.ts";
import type { JsonValue } from "../values/value.ts";

export type ParsedRecording = { ok: true; answer: JsonValue; version: string } | { ok: false; problem: string };

export function parseRecordingFile(bytes: Uint8Array, promptName: string): ParsedRecording {
  return readRecording(bytes, { promptName });
}

export function recordingTestSeed(runSeed: number, file: string, name: string): number {
  return testSeed(runSeed, file, name);
}

/** Why the answer doesn't decode through one of `types` (`type` on `resolved_by_articles`), or null. */
export function checkRecordingAnswer(types: Type[], answer: JsonValue, seed: number): string | null {
  // One stream for the whole test: placeholders are filled in type order from the test's seed.
  const random = rng(seed, "placeholders");
  for (const type of types) {
    const filled = fillPlaceholders(type, answer, random);
    if (!filled.ok) return formatDecodeError(filled.error);
    const decoded = decodeValue(type, filled.json);
    if (!decoded.ok) return formatDecodeError(decoded.error);
  }
  return null;
}
