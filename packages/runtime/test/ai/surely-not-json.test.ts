// The decoder's shortcut for answers that can't be JSON: it may only ever say "not JSON" where
// JSON.parse throws, or a valid answer would be reported undecodable.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { surelyNotJson } from "../../src/ai/decode.ts";

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const pieces = ["true", "false", "null", " ", "\t", "\n", "\r", "\u00a0", "\ufeff", "{", "}", "[", "]", '"', "-", "0", "7", "e", "x", "n", "t", "f", ",", ":", "nul", "tru"];

describe("surelyNotJson", () => {
  it("says so only of texts JSON.parse rejects", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(fc.constantFrom(...pieces)).map((parts) => parts.join("")), fc.json()), (text) => {
        if (surelyNotJson(text)) expect(parses(text)).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  it("tells the common answers that aren't JSON by their start, and leaves JSON to the parser", () => {
    const cases: [string, boolean][] = [
      ["not json", true], ["Sure! No sesame.", true], ["", true], ["  \n", true], ["nul", true], ["truex", true], ["\u00a0true", true],
      ["null", false], [" true \r\n", false], ["false", false], ['{"a": 1}', false], ["[1, 2", false], ["-", false], ['"text"', false], ["12", false],
    ];
    expect(cases.map(([text]) => [text, surelyNotJson(text)])).toEqual(cases);
  });
});
