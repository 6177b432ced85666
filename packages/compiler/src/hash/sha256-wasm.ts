// SHA-256's compression function as a WebAssembly module, assembled here from its instructions
// (625 bytes, compiled by V8's baseline compiler in well under a millisecond). digest.ts
// says why: the fake's embeddings hash ~800 short texts in a 10-test run, and a WebAssembly
// function runs as machine code from its first call, where JavaScript would spend most of such a
// run in V8's interpreter and node:crypto costs ≈ 3 ms to load and ≈ 2.5 µs a call.
//
// The module exports `memory` and `hash(blocks)`: it hashes the `blocks` 64-byte blocks of padded
// message at MESSAGE (the caller pads) and leaves the eight state words at 0 (as i32, in the
// memory's little-endian order). W (the message schedule) is at 64, the round constants at K_AT.

export const MESSAGE = 1024;
const W_AT = 64;
const K_AT = 320;

const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

// Locals: 0 is the parameter `blocks`; then the working variables a–h, and the loop's own.
const [BLOCKS, A, B, C, D, E, F, G, H, I4, T1, P, END] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const LOCALS = 12;

/** LEB128 of an unsigned (u) or signed (s) integer, as the binary format writes numbers. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}
function sleb(n: number): number[] {
  const out: number[] = [];
  n |= 0;
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) return [...out, byte];
    out.push(byte | 0x80);
  }
}

// The instructions used, each giving its bytes.
const get = (local: number): number[] => [0x20, local];
const set = (local: number): number[] => [0x21, local];
const konst = (n: number): number[] => [0x41, ...sleb(n)];
const load = (offset: number): number[] => [0x28, 2, ...uleb(offset)];
const load8 = (offset: number): number[] => [0x2d, 0, ...uleb(offset)];
const store = (offset: number): number[] => [0x36, 2, ...uleb(offset)];
const [add, and, or, xor, shl, shrU, rotr, ltU] = [[0x6a], [0x71], [0x72], [0x73], [0x74], [0x76], [0x78], [0x49]];
const loop = (...body: number[][]): number[] => [0x03, 0x40, ...body.flat(), 0x0b];
const brIf = (depth: number): number[] => [0x0d, depth];

/** `rotr(x, r1) ^ rotr(x, r2) ^ last`, where `last` is a third rotation or a shift of x. */
const sigma = (x: number, r1: number, r2: number, last: number[]): number[] =>
  [...get(x), ...konst(r1), ...rotr, ...get(x), ...konst(r2), ...rotr, ...xor, ...get(x), ...last, ...xor];

/** Adds `n` to local `local`, and loops again while it is below `limit` (a local or a constant). */
const stepWhileBelow = (local: number, n: number, limit: number[]): number[] =>
  [...get(local), ...konst(n), ...add, 0x22, local, ...limit, ...ltU, ...brIf(0)];

function body(): number[] {
  const code: number[][] = [];
  // The state starts as H0; P walks the blocks, END is past the last.
  H0.forEach((word, i) => code.push(konst(0), konst(word), store(i * 4)));
  code.push(konst(MESSAGE), set(P), get(BLOCKS), konst(6), shl, konst(MESSAGE), add, set(END));
  code.push(loop(
    // W[0..16): the block's words, big-endian. I4 is 4 × the index.
    konst(0), set(I4),
    loop(
      get(I4), get(P), get(I4), add, load8(0), konst(24), shl,
      get(P), get(I4), add, load8(1), konst(16), shl, or,
      get(P), get(I4), add, load8(2), konst(8), shl, or,
      get(P), get(I4), add, load8(3), or,
      store(W_AT),
      stepWhileBelow(I4, 4, konst(64)),
    ),
    // W[16..64): W[i] = W[i-16] + σ0(W[i-15]) + W[i-7] + σ1(W[i-2]); each read at 4i + offset.
    loop(
      get(I4),
      get(I4), load(W_AT - 64), // W[i-16]
      get(I4), load(W_AT - 60), set(T1), sigma(T1, 7, 18, [...konst(3), ...shrU]), add,
      get(I4), load(W_AT - 28), add, // W[i-7]
      get(I4), load(W_AT - 8), set(T1), sigma(T1, 17, 19, [...konst(10), ...shrU]), add,
      store(W_AT),
      stepWhileBelow(I4, 4, konst(256)),
    ),
    // a–h from the state, then the 64 rounds.
    ...[A, B, C, D, E, F, G, H].map((local, i) => [...konst(0), ...load(i * 4), ...set(local)]),
    konst(0), set(I4),
    loop(
      // T1 = h + Σ1(e) + ch(e, f, g) + K[i] + W[i]
      get(H), sigma(E, 6, 11, [...konst(25), ...rotr]), add,
      get(E), get(F), and, get(E), konst(-1), xor, get(G), and, xor, add,
      get(I4), load(K_AT), add, get(I4), load(W_AT), add, set(T1),
      get(G), set(H), get(F), set(G), get(E), set(F),
      get(D), get(T1), add, set(E),
      get(C), set(D), get(B), set(C), get(A), set(B),
      // a = T1 + Σ0(a) + maj(a, b, c), with b, c now holding the old a, b (c = old b, d = old c).
      get(T1), sigma(B, 2, 13, [...konst(22), ...rotr]), add,
      get(B), get(C), and, get(B), get(D), and, xor, get(C), get(D), and, xor, add, set(A),
      stepWhileBelow(I4, 4, konst(256)),
    ),
    // The state += a–h.
    ...[A, B, C, D, E, F, G, H].map((local, i) => [...konst(0), ...konst(0), ...load(i * 4), ...get(local), ...add, ...store(i * 4)]),
    stepWhileBelow(P, 64, get(END)),
  ));
  return [...uleb(1), ...uleb(LOCALS), 0x7f, ...code.flat(), 0x0b];
}

const section = (id: number, content: number[]): number[] => [id, ...uleb(content.length), ...content];
const name = (text: string): number[] => [...uleb(text.length), ...Array.from(text, (c) => c.charCodeAt(0))];

/** The module's bytes. */
export function sha256Module(): Uint8Array {
  const code = body();
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 1, 0x7f, 0]), // one type: (i32) -> ()
    ...section(3, [1, 0]), // one function, of that type
    ...section(5, [1, 0, 1]), // one memory, one page to start
    ...section(7, [2, ...name("hash"), 0x00, 0, ...name("memory"), 0x02, 0]),
    ...section(10, [1, ...uleb(code.length), ...code]),
  ]);
}

/** Writes the round constants where `hash` reads them (once per instance). */
export function writeConstants(memory: { readonly buffer: ArrayBuffer }): void {
  new Int32Array(memory.buffer, K_AT, 64).set(K.map((k) => k | 0));
}
