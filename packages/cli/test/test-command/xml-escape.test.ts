// The junit reporter escapes in one pass: exactly what the six plain replacements give, for any
// text (forbidden characters, lone surrogates and emoji included).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { xmlEscape } from "../../src/reporters/junit.ts";

/** The escaping as six passes, always. */
function allPasses(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const pieces = ["a", " ", "&", "<", ">", '"', "'", "\t", "\n", "\r", "\u0000", "\u0008", "\uFFFE", "\uD800", "\uDC00", "\uD83D\uDE00", "é", "✓"];

describe("xmlEscape", () => {
  it("gives what the six passes give, for any text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.array(fc.constantFrom(...pieces)).map((parts) => parts.join(""))), (text) => {
        expect(xmlEscape(text)).toBe(allPasses(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("returns a plain name as it is, and escapes what XML needs", () => {
    expect(xmlEscape("scripted answer 1500")).toBe("scripted answer 1500");
    expect(xmlEscape(`a "b" & 'c' <d>\u0001\uD800`)).toBe("a &quot;b&quot; &amp; &apos;c&apos; &lt;d&gt;\uFFFD\uFFFD");
  });
});
