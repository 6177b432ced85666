// A recording test's check of one answer: placeholders filled from the test's seed, then decoded
// through each type, every rule included.
import type { Type } from "@jadpo/compiler";
import { fillPlaceholders } from "../recordings/placeholders.ts";
import { decodeValue } from "../ai/decode.ts";
import type { DecodeError } from "../ai/decode-error.ts";
import { rng } from "../seed.ts";
import type { JsonValue } from "../values/value.ts";

/** Why the answer doesn't decode through one of `types` (`type` on `resolved_by_articles`), or null. */
export function checkRecordingAnswer(types: Type[], answer: JsonValue, seed: number): DecodeError | null {
  // One stream for the whole test: placeholders are filled in type order from the test's seed.
  const random = rng(seed, "placeholders");
  for (const type of types) {
    const filled = fillPlaceholders(type, answer, random);
    if (!filled.ok) return filled.error;
    const decoded = decodeValue(type, filled.json);
    if (!decoded.ok) return decoded.error;
  }
  return null;
}
