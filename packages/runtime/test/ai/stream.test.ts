import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { streamPieces, streamedText } from "../../src/ai/stream.ts";

describe("streamPieces", () => {
  it("cuts text into pieces of three words, each keeping the whitespace after it", () => {
    expect(streamPieces("Our sourdough is baked beside sesame, sadly.")).toEqual(["Our sourdough is ", "baked beside sesame, ", "sadly."]);
    expect(streamPieces("  lead  one two\nthree\n")).toEqual(["  lead  one two\n", "three\n"]);
    expect(streamPieces("one")).toEqual(["one"]);
    expect(streamPieces("")).toEqual([]);
    expect(streamPieces("   ")).toEqual(["   "]);
  });

  it("joins back to the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "\t", "é", "😀") }), (text) => {
        const pieces = streamPieces(text);
        expect(pieces.join("")).toBe(text);
        if (text === "") expect(pieces).toEqual([]);
        for (const piece of pieces.slice(0, -1)) expect(piece.trim().split(/\s+/)).toHaveLength(3);
      }),
      { numRuns: 500, seed: 5 },
    );
  });
});

describe("streamedText", () => {
  it("is the StreamedText value with its stop", () => {
    expect(streamedText("a b c d", "finished")).toEqual({ pieces: ["a b c ", "d"], text: "a b c d", stopped: "finished" });
    expect(streamedText("", "refused")).toEqual({ pieces: [], text: "", stopped: "refused" });
  });
});
