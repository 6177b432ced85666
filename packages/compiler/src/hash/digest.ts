// SHA-256 for the toolchain's short texts (a test's seed, a prompt's version, a recording's values,
// the fake's embeddings). Loading node:crypto costs a `jadpo test` start ≈ 2–3 ms of CPU
// (packages/cli/build/README.md), more than hashing the few texts of a small run in JavaScript
// before V8 has optimized it; past a few dozen hashes node:crypto is cheaper, so it loads then.
// Either way the digest is SHA-256's: which one computed it never shows.
import { createRequire } from "node:module";
import { sha256Js } from "./sha256.ts";

/** Hashes computed in JavaScript before node:crypto takes over, and the longest text hashed there. */
const JS_HASHES = 64;
const JS_MAX_LENGTH = 4096;

type Crypto = typeof import("node:crypto");
let crypto: Crypto | undefined;
let hashed = 0;

/** The SHA-256 digest (32 bytes) of `text` read as UTF-8. */
export function sha256(text: string): Uint8Array {
  if (crypto === undefined && text.length <= JS_MAX_LENGTH && ++hashed <= JS_HASHES) return sha256Js(text);
  crypto ??= createRequire(import.meta.url)("node:crypto") as Crypto;
  return crypto.createHash("sha256").update(text, "utf8").digest();
}

/** The digest as lowercase hex (`digest("hex")`). */
export function sha256Hex(text: string): string {
  let hex = "";
  for (const byte of sha256(text)) hex += (byte < 16 ? "0" : "") + byte.toString(16);
  return hex;
}

/** The big-endian unsigned 32-bit number at `at` of `bytes` (Buffer's `readUInt32BE`). */
export function uint32At(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
}
