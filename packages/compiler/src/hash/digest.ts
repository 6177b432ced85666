// SHA-256 for the toolchain's short texts: a test's seed, a prompt's version, a recording's
// values, the fake's embeddings (≈ 800 texts in a 10-test run with one embedding test). Through
// node:crypto that costs ≈ 3 ms to load the module and ≈ 2.5 µs a call; in JavaScript most of a
// short run's hashes run in V8's interpreter. The compression function is WebAssembly instead
// (sha256-wasm.ts), machine code from its first call; this pads the text around it. Without
// WebAssembly (`node --jitless`), node:crypto. The digest is SHA-256's either way (tested).
// HMAC-SHA-256, for keyed digests only, is node:crypto's, loaded at its first use.
import { createRequire } from "node:module";
import { MESSAGE, sha256Module, writeConstants } from "./sha256-wasm.ts";

/** The part of the WebAssembly API used here (the project's TypeScript libraries don't declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: object };
}

interface Compressor {
  hash: (blocks: number) => void;
  memory: WasmMemory;
  /** Views of the memory, made again when it grows (growing detaches the old buffer). */
  bytes: Uint8Array;
  state: Int32Array;
}

let compressor: Compressor | null | undefined;
const SHARED_MODULE = Symbol.for("jadpo.sha256-module");
/** From this many bytes on, `sha256PartsHex` uses node:crypto. */
const CRYPTO_FROM_BYTES = 1_000_000;
let crypto: typeof import("node:crypto") | undefined;
const encoder = new TextEncoder();

function start(): Compressor | null {
  const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (wasm === undefined) return null;
  // One compiled module per process: the CLI bundles its own copy of this file for the cache's
  // keys (the part a command needs before compiling: packages/cli/build/README.md), and the
  // module is the same for both.
  const shared = globalThis as { [SHARED_MODULE]?: object };
  const instance = new wasm.Instance((shared[SHARED_MODULE] ??= new wasm.Module(sha256Module())));
  const { hash, memory } = instance.exports as { hash: Compressor["hash"]; memory: WasmMemory };
  writeConstants(memory);
  return { hash, memory, bytes: new Uint8Array(memory.buffer), state: new Int32Array(memory.buffer, 0, 8) };
}

/** Writes `text` as UTF-8 at MESSAGE (growing the memory as needed) and returns its length in bytes. */
function writeText(c: Compressor, text: string): number {
  reserve(c, text.length * 3);
  const bytes = c.bytes;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return encoder.encodeInto(text, bytes.subarray(MESSAGE)).written;
    bytes[MESSAGE + i] = code;
  }
  return text.length;
}

/** Makes room for `bytes` bytes of message at MESSAGE (and its padding). */
function reserve(c: Compressor, bytes: number): void {
  const room = MESSAGE + bytes + 72;
  if (c.bytes.length >= room) return;
  c.memory.grow(Math.ceil((room - c.bytes.length) / 65536));
  c.bytes = new Uint8Array(c.memory.buffer);
  c.state = new Int32Array(c.memory.buffer, 0, 8);
}

/** The WebAssembly compressor, made on first use; null without WebAssembly. */
function theCompressor(): Compressor | null {
  if (compressor === undefined) compressor = start();
  return compressor;
}

/** node:crypto, loaded at its first use, not with the toolchain: most runs never need it. */
function nodeCrypto(): typeof import("node:crypto") {
  crypto ??= createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
  return crypto;
}

/** HMAC-SHA-256 of `text` read as UTF-8, keyed by `key`, as hex (the recordings' values digest). */
export function hmacSha256Hex(key: string, text: string): string {
  return nodeCrypto().createHmac("sha256", key).update(text, "utf8").digest("hex");
}

/** The SHA-256 digest (32 bytes) of `text` read as UTF-8. */
export function sha256(text: string): Uint8Array {
  const c = theCompressor();
  if (c === null) return new Uint8Array(nodeCrypto().createHash("sha256").update(text, "utf8").digest());
  return digestMessage(c, writeText(c, text));
}

/**
 * The SHA-256 digest, as hex, of `parts` one after the other (texts as UTF-8): a project's files,
 * for the cache's keys. A cold `jadpo test` would otherwise load node:crypto (≈ 4 ms) for them
 * alone; with V8's optimizing compiler from the start (`--no-liftoff`, cli/build/v8-tuning.ts),
 * hashing 700 KB here takes ≈ 3 ms.
 */
export function sha256PartsHex(parts: readonly (string | Uint8Array)[]): string {
  let room = 0;
  for (const part of parts) room += typeof part === "string" ? part.length * 3 : part.byteLength;
  // Past about a megabyte, node:crypto's load pays for itself (it hashes ≈ 5× faster): the
  // WebAssembly is not even made then.
  const c = crypto !== undefined || room > CRYPTO_FROM_BYTES ? null : theCompressor();
  if (c === null) {
    const hash = nodeCrypto().createHash("sha256");
    for (const part of parts) hash.update(part);
    return hash.digest("hex");
  }
  reserve(c, room);
  let length = 0;
  for (const part of parts) {
    if (typeof part === "string") length += encoder.encodeInto(part, c.bytes.subarray(MESSAGE + length)).written;
    else {
      c.bytes.set(part, MESSAGE + length);
      length += part.byteLength;
    }
  }
  return toHex(digestMessage(c, length));
}

/** Pads the `length` bytes of message at MESSAGE and hashes them into `c.state`. */
function compress(c: Compressor, length: number): void {
  // The padding: a 1 bit, zeros, the length in bits as 64 bits big-endian, to a whole block.
  const blocks = Math.ceil((length + 9) / 64);
  const end = MESSAGE + blocks * 64;
  const padded = c.bytes;
  padded.fill(0, MESSAGE + length, end);
  padded[MESSAGE + length] = 0x80;
  const bits = length * 8;
  const high = Math.floor(bits / 0x100000000);
  padded[end - 8] = high >>> 24; padded[end - 7] = high >>> 16; padded[end - 6] = high >>> 8; padded[end - 5] = high;
  padded[end - 4] = bits >>> 24; padded[end - 3] = bits >>> 16; padded[end - 2] = bits >>> 8; padded[end - 1] = bits;
  c.hash(blocks);
}

/** The digest of the `length` bytes of message at MESSAGE. */
function digestMessage(c: Compressor, length: number): Uint8Array {
  compress(c, length);
  const state = c.state;
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const word = state[i];
    out[i * 4] = word >>> 24; out[i * 4 + 1] = word >>> 16; out[i * 4 + 2] = word >>> 8; out[i * 4 + 3] = word;
  }
  return out;
}

function toHex(digest: Uint8Array): string {
  let hex = "";
  for (const byte of digest) hex += (byte < 16 ? "0" : "") + byte.toString(16);
  return hex;
}

/** The digest as lowercase hex (`digest("hex")`). */
export function sha256Hex(text: string): string {
  return toHex(sha256(text));
}

/**
 * `uint32At(sha256(text), 0)` without the digest's bytes: the first word of the state. Every
 * test's seed is one, so no typed array is made for it.
 */
export function sha256Uint32(text: string): number {
  const c = theCompressor();
  if (c === null) return uint32At(sha256(text), 0);
  compress(c, writeText(c, text));
  return c.state[0] >>> 0;
}

/** The big-endian unsigned 32-bit number at `at` of `bytes` (Buffer's `readUInt32BE`). */
export function uint32At(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
}
