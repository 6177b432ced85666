// canonicalJson, which a prompt's version and a recording's values digest are made from: keys
// sorted by code unit at every depth, no whitespace. Its bytes must never change (a changed byte
// changes every version and digest), so it is checked against that definition written out here,
// and against json-stable-stringify, over the shapes the toolchain digests and writes.
import fc from "fast-check";
import stableStringify from "json-stable-stringify";
import { describe, expect, it } from "vitest";
import { canonicalJson, digest8, type CanonicalInput } from "../../src/prompts/digest.ts";
import { promptVersion } from "../../src/prompts/version.ts";

/** The definition: JSON.stringify for a scalar; arrays in order; object keys in code-unit order. */
function byDefinition(json: CanonicalInput): string {
  if (json === null || typeof json !== "object") return JSON.stringify(json);
  if (Array.isArray(json)) return `[${(json as readonly CanonicalInput[]).map(byDefinition).join(",")}]`;
  const object = json as { readonly [key: string]: CanonicalInput };
  return `{${Object.keys(object).sort().map((k) => `${JSON.stringify(k)}:${byDefinition(object[k])}`).join(",")}}`;
}

/** Keys as Jadpo writes them (lower_snake fields, `en-GB` locale tags), and the awkward ones JSON allows. */
const key = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: "binary", maxLength: 6 }), // lone surrogates included
  fc.constantFrom("", "__proto__", "toJSON", "constructor", "hasOwnProperty", "length", "0", "1", "10", "2", "-1", "01", "4294967295"),
);
const leaf = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.integer(),
  fc.double(), // NaN, ±Infinity and -0 included: JSON writes them as null and 0
  fc.constantFrom(1e21, 1e-7, 5e-324, Number.MAX_SAFE_INTEGER + 2, -0, 0.1 + 0.2),
  fc.boolean(),
  fc.constant(null),
);
const json: fc.Arbitrary<CanonicalInput> = fc.letrec<{ value: CanonicalInput }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(key, tie("value"), { maxKeys: 6 }), // with and without a prototype
    fc.dictionary(key, tie("value"), { maxKeys: 6, noNullPrototype: true }),
  ),
})).value;

/** What a prompt's version is made of: its name, its parameters with their types, its texts. */
const promptParts = fc.record({
  name: fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/),
  params: fc.array(fc.tuple(fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/), fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,11}(\[\])?$/)), { maxLength: 4 }),
  system: fc.string({ unit: "grapheme" }),
  text: fc.string({ unit: "grapheme" }),
});

const RUNS = { numRuns: 1000, seed: 20261202 };

describe("canonical JSON", () => {
  it("is the definition's bytes and json-stable-stringify's, for any JSON value and what JSON.parse reads back (1,000 cases)", () => {
    fc.assert(
      fc.property(json, (value) => {
        const parsed = JSON.parse(JSON.stringify(value)) as CanonicalInput;
        for (const input of [value, parsed]) {
          expect(canonicalJson(input)).toBe(byDefinition(input));
          expect(canonicalJson(input)).toBe(stableStringify(input));
        }
      }),
      RUNS,
    );
  });

  it("is the same for a prompt's version parts, so every version stays what it was (1,000 cases)", () => {
    fc.assert(
      fc.property(promptParts, (parts) => {
        expect(canonicalJson(parts)).toBe(byDefinition(parts));
        expect(canonicalJson(parts)).toBe(stableStringify(parts));
        expect(promptVersion(parts)).toBe(`${parts.name}@${digest8(parts)}`);
      }),
      RUNS,
    );
  });

  it("keeps its fixed vectors: keys in code-unit order at every depth, no whitespace", () => {
    expect(canonicalJson({ b: [1, { d: null, c: "x" }], a: true, "": 0, B: -0, "10": 1, "9": 2 })).toBe('{"":0,"10":1,"9":2,"B":0,"a":true,"b":[1,{"c":"x","d":null}]}');
    expect(canonicalJson({ reader_locale: "en-GB", question: "Does your sourdough contain sesame?" })).toBe('{"question":"Does your sourdough contain sesame?","reader_locale":"en-GB"}');
    expect(canonicalJson(["\ud800", "é", 1e21, 5e-324])).toBe('["\\ud800","é",1e+21,5e-324]');
    expect(canonicalJson("x")).toBe('"x"');
    expect(canonicalJson({})).toBe("{}");
    expect(canonicalJson([])).toBe("[]");
  });
});
