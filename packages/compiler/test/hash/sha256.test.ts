// The toolchain's SHA-256 gives node:crypto's digests byte for byte: the JavaScript one a process
// starts with, and whichever computes a hash once node:crypto has taken over.
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Js } from "../../src/hash/sha256.ts";
import { sha256, sha256Hex, uint32At } from "../../src/hash/digest.ts";

const native = (data: string | Uint8Array): string => createHash("sha256").update(data).digest("hex");
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

describe("sha256Js", () => {
  it("matches node:crypto at every length around the block and padding boundaries", () => {
    for (let length = 0; length <= 200; length++) {
      for (const unit of ["a", "é", "😀", "\u0000"]) {
        const text = unit.repeat(length);
        expect(hex(sha256Js(text)), `${JSON.stringify(unit)} × ${length}`).toBe(native(text));
      }
    }
  });

  it("matches node:crypto on the FIPS examples and on random bytes", () => {
    expect(hex(sha256Js("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hex(sha256Js(""))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    for (const length of [1, 55, 56, 63, 64, 65, 1000, 100_000]) {
      const bytes = randomBytes(length);
      expect(hex(sha256Js(bytes))).toBe(native(bytes));
    }
  });
});

describe("sha256", () => {
  it("gives the same digests before and after node:crypto takes over, long texts included", () => {
    const texts = Array.from({ length: 200 }, (_, i) => `7\u0000domains/f${i}.jadpotest\u0000test ${"x".repeat(i)} é`);
    texts.push("p".repeat(10_000));
    for (const text of texts) expect(sha256Hex(text)).toBe(native(text));
    for (const text of texts) expect(hex(sha256(text))).toBe(native(text));
  });

  it("reads big-endian 32-bit numbers as Buffer does", () => {
    const digest = sha256("seed");
    const buffer = Buffer.from(digest);
    for (let at = 0; at <= 28; at += 4) expect(uint32At(digest, at)).toBe(buffer.readUInt32BE(at));
  });
});
