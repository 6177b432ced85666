// The toolchain's SHA-256 (src/hash/digest.ts, its compression function in WebAssembly) gives
// node:crypto's digests byte for byte.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256, sha256Hex, sha256PartsHex, sha256Uint32, uint32At } from "../../src/hash/digest.ts";

const native = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

describe("sha256", () => {
  it("matches node:crypto at every length around the block and padding boundaries, for 1- to 4-byte characters", () => {
    for (let length = 0; length <= 200; length++) {
      for (const unit of ["a", "é", "€", "😀", "\u0000"]) {
        const text = unit.repeat(length);
        expect(sha256Hex(text), `${JSON.stringify(unit)} × ${length}`).toBe(native(text));
      }
    }
  });

  it("gives the digest's first four bytes as a big-endian number (a test's seed) without the digest", () => {
    for (const text of ["", "abc", "1\u0000domains/support/actions/a.test.jadpo\u0000a test", "é€😀".repeat(40), "x".repeat(300)]) {
      const first = Number.parseInt(native(text).slice(0, 8), 16);
      expect(sha256Uint32(text), JSON.stringify(text.slice(0, 20))).toBe(first);
      expect(uint32At(sha256(text), 0)).toBe(first);
    }
    expect(sha256Uint32("abc")).toBe(0xba7816bf);
  });

  it("matches the FIPS 180-4 examples", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  });

  it("hashes texts longer than its memory, and short ones after them (nothing of the long one is left over)", () => {
    const texts = ["x".repeat(300_000), "short", "é".repeat(100_000), "7\u0000domains/f.jadpotest\u0000a test", ""];
    for (const text of texts) expect(sha256Hex(text)).toBe(native(text));
  });

  it("digests parts, texts and bytes, as node:crypto digests them updated one after the other", () => {
    const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);
    const cases: (string | Uint8Array)[][] = [
      [], [""], [new Uint8Array(0)], ["a", "b"], ["é€", bytes(55, 1), "😀"],
      ["jadpo-cache 1\n", bytes(700_000, 2), "\npath\u0000", bytes(63, 3), bytes(64, 4), bytes(65, 5)],
      [bytes(100_000, 6)], ["after the long ones"],
      // Past a megabyte, node:crypto digests them.
      ["big", bytes(1_200_000, 7)], ["small after it"],
    ];
    for (const parts of cases) {
      const hash = createHash("sha256");
      for (const part of parts) hash.update(part);
      expect(sha256PartsHex(parts)).toBe(hash.digest("hex"));
    }
    // Short texts hashed after a long message see none of it.
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("reads big-endian 32-bit numbers as Buffer does", () => {
    const digest = sha256("seed");
    const buffer = Buffer.from(digest);
    for (let at = 0; at <= 28; at += 4) expect(uint32At(digest, at)).toBe(buffer.readUInt32BE(at));
  });
});
