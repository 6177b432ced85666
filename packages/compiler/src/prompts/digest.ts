// The one digest of the toolchain (docs/language.md): canonical JSON — object keys sorted by code
// unit, no whitespace — hashed with SHA-256 and cut to its first 8 hex digits. A prompt's version
// is made this way, so equal inputs give equal digests however their fields were written. (A
// recording's `asked.values` is keyed instead: the runtime's values-digest.ts.)
import stableStringify from "json-stable-stringify";
import { sha256Hex } from "../hash/digest.ts";

/** JSON as this digest reads it: what `JSON.parse` gives back. */
export type CanonicalInput = null | boolean | number | string | readonly CanonicalInput[] | { readonly [key: string]: CanonicalInput };

/**
 * Keys sorted at every depth, no whitespace: json-stable-stringify's default output, which is
 * byte for byte the form every version and digest was made with (test/prompts/canonical-json.property.test.ts).
 */
export function canonicalJson(json: CanonicalInput): string {
  // It answers undefined only for what JSON can't hold (undefined, a function), never for a CanonicalInput.
  return stableStringify(json) as string;
}

/**
 * The same key order laid out for people to read, `indent` spaces a level, empty lists and objects
 * kept as `[]` and `{}`: a recording file's form (docs/testing.md).
 */
export function sortedJsonIndented(json: { readonly [key: string]: unknown }, indent: number): string {
  return stableStringify(json, { space: indent, collapseEmpty: true }) as string;
}

/** The first 8 hex digits of the SHA-256 of `json`'s canonical form. */
export function digest8(json: CanonicalInput): string {
  return sha256Hex(canonicalJson(json)).slice(0, 8);
}
