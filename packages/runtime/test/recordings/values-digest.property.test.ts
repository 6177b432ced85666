// The values digest a recording keeps in `asked.values` (docs/testing.md): HMAC-SHA-256 of the
// prompt values' canonical JSON under the project's recording key, 8 hex digits. Equal values give
// equal digests however a record literal's fields were ordered; any change to any value, or to the
// key, changes it; and it is not the unkeyed SHA-256 an older recording kept, which anyone could
// test guesses against.
import { createHmac } from "node:crypto";
import { inspect } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, digest8 } from "@jadpo/compiler";
import { RecordingKey, valuesDigestOfJson } from "../../src/recordings/values-digest.ts";
import type { JsonValue } from "../../src/values/value.ts";

const SECRET = "5f0c9d1e7a2b4c6d8e0f1a3b5c7d9e1f";
const KEY = new RecordingKey(SECRET);
const digest = (values: JsonValue) => valuesDigestOfJson(KEY, values);

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
  it("is HMAC-SHA-256 of the values' canonical JSON under the key, 8 hex digits", () => {
    const values = { reader_locale: "en-GB", question: "Does your sourdough contain sesame?" };
    expect(canonicalJson(values)).toBe('{"question":"Does your sourdough contain sesame?","reader_locale":"en-GB"}');
    expect(digest(values)).toBe(createHmac("sha256", SECRET).update(canonicalJson(values)).digest("hex").slice(0, 8));
    expect(digest(values)).toMatch(/^[0-9a-f]{8}$/);
  });

  it("gives no value back without the key: a PIN can't be found by trying them all", () => {
    // An older recording's unkeyed digest of this letter was 5eb948ed, and trying every PIN found it.
    const letter = (pin: string) => ({ letter: `My PIN is ${pin}` });
    expect(digest8(letter("481516"))).toBe("5eb948ed");
    const kept = digest(letter("481516"));
    expect(kept).not.toBe("5eb948ed");
    const pins = Array.from({ length: 10_000 }, (_, i) => String(476_000 + i));
    expect(pins.filter((pin) => digest8(letter(pin)) === kept)).toEqual([]);
    expect(pins.filter((pin) => valuesDigestOfJson(new RecordingKey("a guessed key"), letter(pin)) === kept)).toEqual([]);
    // With the key, the same search finds it: the digest is of those very values.
    expect(pins.filter((pin) => digest(letter(pin)) === kept)).toEqual(["481516"]);
  });

  it("differs under another key, for the same values (1,000 cases)", () => {
    fc.assert(
      fc.property(record, fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (values, a, b) => {
        fc.pre(a !== b);
        expect(valuesDigestOfJson(new RecordingKey(a), values)).not.toBe(valuesDigestOfJson(new RecordingKey(b), values));
      }),
      { numRuns: 1000, seed: 20261201 },
    );
  });

  it("never shows the key: printed, serialised or inspected it is ***", () => {
    for (const shown of [String(KEY), `${KEY}`, JSON.stringify({ key: KEY }), inspect(KEY), inspect({ nested: [KEY] })]) {
      expect(shown).not.toContain(SECRET);
      expect(shown).toContain("***");
    }
    expect(Object.keys(KEY)).toEqual([]);
  });

  it("is the same however the record literal's fields were ordered (1,000 cases)", () => {
    fc.assert(
      fc.property(record, fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 8 }), (values, order) => {
        expect(digest(reordered(values, order))).toBe(digest(values));
      }),
      { numRuns: 1000, seed: 20261201 },
    );
  });

  it("differs when any value differs (1,000 cases)", () => {
    fc.assert(
      fc.property(record, fc.nat(), (values, pick) => {
        expect(digest(changedLeaf(values, pick))).not.toBe(digest(values));
      }),
      { numRuns: 1000, seed: 20261201 },
    );
  });
});
