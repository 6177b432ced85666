// The one digest of the toolchain (docs/language.md): canonical JSON — object keys sorted by code
// unit, no whitespace — hashed with SHA-256 and cut to its first 8 hex digits. A prompt's version
// is made this way, so equal inputs give equal digests however their fields were written. (A
// recording's `asked.values` is keyed instead: the runtime's values-digest.ts.)
import { sha256Hex } from "../hash/digest.ts";

/** JSON as this digest reads it: what `JSON.parse` gives back. */
export type CanonicalInput = null | boolean | number | string | readonly CanonicalInput[] | { readonly [key: string]: CanonicalInput };

/** Keys sorted at every depth, no whitespace. */
export function canonicalJson(json: CanonicalInput): string {
  if (json === null || typeof json !== "object") return JSON.stringify(json);
  if (Array.isArray(json)) return `[${(json as readonly CanonicalInput[]).map(canonicalJson).join(",")}]`;
  const object = json as { readonly [key: string]: CanonicalInput };
  const keys = Object.keys(object).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(object[k])}`).join(",")}}`;
}

/** The first 8 hex digits of the SHA-256 of `json`'s canonical form. */
export function digest8(json: CanonicalInput): string {
  return sha256Hex(canonicalJson(json)).slice(0, 8);
}
