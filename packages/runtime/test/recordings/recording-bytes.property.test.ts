// A recording file's bytes are json-stable-stringify's (through the compiler's sortedJsonIndented):
// the same bytes the writer made before it used the library, JSON.stringify of a copy with its keys
// re-inserted in sorted order, for every key a recording can hold. The one difference is keys that
// are array indices ("9", "10"): a JavaScript object lists those first in number order whatever
// their insertion, so the old writer put "9" before "10"; the file now has code-unit order, as the
// canonical JSON of digests has. A written recording never holds such a key: its keys are Jadpo
// field names (lower_snake) and the file's own (answer, asked, steps, version).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recordingText } from "../../src/recordings/write.ts";

/** The writer's definition before json-stable-stringify: keys re-inserted in sorted order, then JSON.stringify. */
function byOldWriter(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(byOldWriter);
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value).sort().map((k): [string, unknown] => [k, byOldWriter((value as Record<string, unknown>)[k])]);
    return Object.fromEntries(entries);
  }
  return value;
}

const isArrayIndex = (key: string): boolean => /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < 2 ** 32 - 1;

/** Jadpo's field names, and the other keys JSON allows (not array indices: see above). */
const key = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/),
  fc.string({ maxLength: 8 }).filter((k) => !isArrayIndex(k)),
  fc.constantFrom("", "__proto__", "toJSON", "constructor", "-1", "01", "1.5", "4294967295"),
);
const leaf = fc.oneof(fc.string({ unit: "binary" }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(key, tie("value"), { maxKeys: 6 }),
  ),
})).value;

describe("a recording file's bytes", () => {
  it("are the old writer's for any answer whose keys are not array indices (1,000 cases)", () => {
    fc.assert(
      fc.property(json, (answer) => {
        const old = `${JSON.stringify(byOldWriter({ answer, version: "p@0123abcd" }), null, 2)}\n`;
        expect(recordingText(answer, "p@0123abcd")).toBe(old);
      }),
      { numRuns: 1000, seed: 20261205 },
    );
  });

  it("put array-index keys in code-unit order, as canonical JSON does", () => {
    expect(recordingText({ "9": 1, "10": 2, a: 3 }, "p@0123abcd")).toBe(
      '{\n  "answer": {\n    "10": 2,\n    "9": 1,\n    "a": 3\n  },\n  "version": "p@0123abcd"\n}\n',
    );
  });
});
