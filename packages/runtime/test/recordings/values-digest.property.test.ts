// The values digest a recording keeps in `asked.values` (docs/testing.md): the digest of the
// prompt values' canonical JSON, the very code a prompt's version is made with. Equal values give
// equal digests however a record literal's fields were ordered; any change to any value changes it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, digest8, promptVersion } from "@jadpo/compiler";
import { valuesDigestOfJson } from "../../src/recordings/asked.ts";
import type { JsonValue } from "../../src/values/value.ts";

/** Prompt values as JSON: records of text, numbers, Bools, none, lists and nested records. */
const json: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.string(),
    // Ints and Decimals as Jadpo has them: well inside the range where adding 1 changes a number.
    fc.integer(),
    fc.double({ min: -1e9, max: 1e9, noNaN: true }).filter((n) => !Object.is(n, -0)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), tie("value"), { maxKeys: 5 }),
  ),
})).value;

const record = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), json, { minKeys: 1, maxKeys: 6 });

/** The same record with its fields (at every depth) in another order, as another literal would write them. */
function reordered(value: JsonValue, order: number[]): JsonValue {
  if (Array.isArray(value)) return value.map((item) => reordered(item, order));
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value);
  const shuffled = keys.map((key, i) => ({ key, rank: order[i % order.length] ?? i })).sort((a, b) => a.rank - b.rank).map((k) => k.key);
  return Object.fromEntries(shuffled.map((key) => [key, reordered(value[key] as JsonValue, order)]));
}

/** One leaf of the record changed: a text gets a character, a number moves, a Bool flips, none becomes 0. */
function changedLeaf(value: JsonValue, pick: number): JsonValue {
  const paths: Array<Array<string | number>> = [];
  const walk = (v: JsonValue, path: Array<string | number>) => {
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, [...path, i]));
    else if (v !== null && typeof v === "object") for (const key of Object.keys(v)) walk(v[key] as JsonValue, [...path, key]);
    else paths.push(path);
  };
  walk(value, []);
  const copy = structuredClone(value);
  if (paths.length === 0) {
    // Only empty lists and records: a new field is a change too.
    (copy as Record<string, JsonValue>)["added"] = 1;
    return copy;
  }
  const path = paths[pick % paths.length];
  let parent = copy as Record<string | number, JsonValue>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, JsonValue>;
  const last = path[path.length - 1];
  const leaf = parent[last];
  parent[last] = typeof leaf === "string" ? `${leaf}x` : typeof leaf === "number" ? leaf + 1 : typeof leaf === "boolean" ? !leaf : 0;
  return copy;
}

describe("the values digest", () => {
  it("is the version digest's code: canonical JSON, SHA-256, 8 hex digits", () => {
    const values = { reader_locale: "en-GB", question: "Does your sourdough contain sesame?" };
    expect(valuesDigestOfJson(values)).toBe(digest8(values));
    expect(canonicalJson(values)).toBe('{"question":"Does your sourdough contain sesame?","reader_locale":"en-GB"}');
    expect(valuesDigestOfJson(values)).toMatch(/^[0-9a-f]{8}$/);
    // The example's prompt keeps its version: the shared code gives the digest it always had.
    expect(promptVersion({ name: "p", params: [["q", "Text"]], system: "s", text: "t" })).toBe(`p@${digest8({ name: "p", params: [["q", "Text"]], system: "s", text: "t" })}`);
  });

  it("is the same however the record literal's fields were ordered (1,000 cases)", () => {
    fc.assert(
      fc.property(record, fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 8 }), (values, order) => {
        expect(valuesDigestOfJson(reordered(values, order))).toBe(valuesDigestOfJson(values));
      }),
      { numRuns: 1000, seed: 20261201 },
    );
  });

  it("differs when any value differs (1,000 cases)", () => {
    fc.assert(
      fc.property(record, fc.nat(), (values, pick) => {
        expect(valuesDigestOfJson(changedLeaf(values, pick))).not.toBe(valuesDigestOfJson(values));
      }),
      { numRuns: 1000, seed: 20261201 },
    );
  });
});
