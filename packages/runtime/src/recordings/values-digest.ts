// The values digest (docs/testing.md, "keeping recordings fresh"): what a recording keeps in
// `asked.values` and what a `jadpo dev` call is matched to it by. HMAC-SHA-256 of the values as
// canonical JSON, keyed by the project's recording key, first 8 hex digits — keyed so a committed
// recording gives no value back: without the key, no one can test a guess (a PIN, a date of birth)
// against it. A digest made under another key, or by the older unkeyed form, matches no call.
// Every digest is made and compared here.
import { hmacSha256Hex, type PromptInfo } from "@jadpo/compiler";
import { canonicalJson, toJson } from "../values/json.ts";
import type { JsonValue, Value } from "../values/value.ts";
import type { Asked } from "./asked.ts";

const HIDDEN = "RecordingKey(***)";

/**
 * The secret that keys values digests. It never leaves this object: printed, logged or serialised,
 * it shows as `***`.
 */
export class RecordingKey {
  readonly #secret: string;

  constructor(secret: string) {
    if (secret === "") throw new Error("a recording key can't be empty");
    this.#secret = secret;
  }

  /** @internal The first 8 hex digits of HMAC-SHA-256 of `text` under this key. */
  hmac8(text: string): string {
    return hmacSha256Hex(this.#secret, text).slice(0, 8);
  }

  toString(): string {
    return HIDDEN;
  }

  toJSON(): string {
    return HIDDEN;
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return HIDDEN;
  }
}

/** The digest of prompt values as JSON (as the call log keeps them). */
export function valuesDigestOfJson(key: RecordingKey, values: JsonValue): string {
  return key.hmac8(canonicalJson(values));
}

/** The digest of a prompt's values. */
export function valuesDigest(key: RecordingKey, prompt: PromptInfo, values: Value): string {
  return valuesDigestOfJson(key, toJson({ kind: "named", decl: prompt.valuesType }, values));
}

/** Whether a recording that remembers `asked` was asked with the values whose digest is `digest` (null: no key to tell). */
export function askedWithValues(asked: Asked | null | undefined, digest: string | null): boolean {
  return digest !== null && asked !== null && asked !== undefined && asked.values === digest;
}
