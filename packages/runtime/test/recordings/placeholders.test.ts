import { describe, expect, it } from "vitest";
import type { NamedType, Type } from "@jadpo/compiler";
import { applyPlaceholders, fillPlaceholders } from "../../src/recordings/placeholders.ts";
import { rng } from "../../src/seed.ts";
import { decodeValue } from "../../src/ai/decode.ts";
import type { JsonValue } from "../../src/values/value.ts";

const TEXT: Type = { kind: "base", base: "Text" };
const BOOL: Type = { kind: "base", base: "Bool" };
const INT: Type = { kind: "base", base: "Int" };
const DECIMAL: Type = { kind: "base", base: "Decimal" };
const INSTANT: Type = { kind: "base", base: "Instant" };
const DURATION: Type = { kind: "base", base: "Duration" };
const named = (decl: NamedType): Type => ({ kind: "named", decl });
const list = (item: Type, max_items?: number): Type => ({ kind: "list", item, ...(max_items === undefined ? {} : { max_items }) });
const opt = (inner: Type): Type => ({ kind: "optional", inner });

const Stars: NamedType = { name: "Stars", module: "support/types", def: { kind: "scalar", base: "Int", constraints: { min: 1, max: 5 } } };
const Price: NamedType = { name: "Price", module: "support/types", def: { kind: "scalar", base: "Decimal", constraints: { min: 0, max: 10 } } };
const CustomerQuestion: NamedType = { name: "CustomerQuestion", module: "support/types", def: { kind: "scalar", base: "Text", constraints: { min_length: 1, max_length: 2000 } } };
const OrderCode: NamedType = { name: "OrderCode", module: "support/types", def: { kind: "scalar", base: "Text", constraints: { pattern: "[A-Z]{3}-[0-9]{4}", personal: false } } };
const Quantity: NamedType = { name: "Quantity", module: "support/types", def: { kind: "scalar", base: "Int", constraints: { min: 0, personal: false } } };
const Born: NamedType = { name: "Born", module: "support/types", def: { kind: "scalar", base: "Instant", constraints: {} } };
const Opened: NamedType = { name: "Opened", module: "support/types", def: { kind: "scalar", base: "Instant", constraints: { personal: false } } };
const Flag: NamedType = { name: "Flag", module: "support/types", def: { kind: "scalar", base: "Bool", constraints: {} } };
const Tone: NamedType = { name: "Tone", module: "support/types", def: { kind: "enum", members: [{ name: "friendly", tag: "friendly" }, { name: "formal", tag: "formal" }] } };
const Locale: NamedType = { name: "Locale", module: "", def: { kind: "enum", members: [{ name: "en_gb", tag: "en-GB" }, { name: "fr_fr", tag: "fr-FR" }] } };
const Note: NamedType = { name: "Note", module: "support/types", def: { kind: "object", fields: [{ name: "text", type: TEXT }, { name: "code", type: named(OrderCode) }] } };
const Review: NamedType = {
  name: "Review",
  module: "support/types",
  def: {
    kind: "object",
    fields: [
      { name: "resolved_by_articles", type: BOOL },
      { name: "reply", type: TEXT },
      { name: "tags", type: list(TEXT, 5) },
      { name: "follow_up", type: opt(TEXT) },
      { name: "stars", type: named(Stars) },
      { name: "price", type: named(Price) },
      { name: "asked", type: named(CustomerQuestion) },
      { name: "code", type: named(OrderCode) },
      { name: "quantity", type: named(Quantity) },
      { name: "flag", type: named(Flag) },
      { name: "tone", type: named(Tone) },
      { name: "locale", type: named(Locale) },
      { name: "at", type: INSTANT },
      { name: "born", type: named(Born) },
      { name: "opened", type: named(Opened) },
      { name: "wait", type: DURATION },
      { name: "count", type: INT },
      { name: "ratio", type: DECIMAL },
      { name: "notes", type: list(named(Note)) },
      { name: "maybe_stars", type: opt(named(Stars)) },
    ],
  },
};
const REVIEW = named(Review);

const value = {
  resolved_by_articles: false,
  reply: "Dear Ann Smith, your order is late.",
  tags: ["late", "refund"],
  follow_up: null,
  stars: 2,
  price: 3.5,
  asked: "Where is my order for 12 Elm Street?",
  code: "ABC-1234",
  quantity: 7,
  flag: true,
  tone: "formal",
  locale: "fr_fr",
  at: 1_767_225_600_000,
  born: 258_681_600_000,
  opened: 1_767_229_200_000,
  wait: 900_000,
  count: 41,
  ratio: 0.25,
  notes: [{ text: "called twice", code: "XYZ-0001" }],
  maybe_stars: 5,
};

const RECORDED: JsonValue = {
  resolved_by_articles: false,
  reply: "{Text}",
  tags: ["{Text}", "{Text}"],
  follow_up: null,
  stars: "{Stars}",
  price: "{Price}",
  asked: "{CustomerQuestion}",
  code: "ABC-1234",
  quantity: 7,
  flag: true,
  tone: "formal",
  locale: "fr-FR",
  at: "{Instant}",
  born: "{Born}",
  opened: "2026-01-01T01:00:00Z",
  wait: "15m",
  count: "{Int}",
  ratio: "{Decimal}",
  notes: [{ text: "{Text}", code: "XYZ-0001" }],
  maybe_stars: "{Stars}",
};

describe("applying placeholders to an answer being recorded", () => {
  it("replaces every Text, Int, Decimal and Instant value by its declared type's name, and keeps the rest", () => {
    expect(applyPlaceholders(REVIEW, value)).toEqual({ json: RECORDED, count: 12, fields: expect.any(Array) });
  });

  it("names each field that became a placeholder once, list items as `[]`, in field order", () => {
    expect(applyPlaceholders(REVIEW, value).fields.map((f) => `${f.path} ${f.placeholder}`)).toEqual([
      "reply {Text}", "tags[] {Text}", "stars {Stars}", "price {Price}", "asked {CustomerQuestion}",
      "at {Instant}", "born {Born}", "count {Int}", "ratio {Decimal}", "notes[].text {Text}", "maybe_stars {Stars}",
    ]);
  });

  it("keeps `personal: false` values verbatim, Text, Int and Instant alike", () => {
    const r = applyPlaceholders(REVIEW, value);
    expect(r.json).toMatchObject({ code: "ABC-1234", quantity: 7, opened: "2026-01-01T01:00:00Z", notes: [{ code: "XYZ-0001" }] });
  });

  it("keeps Durations, Bools, none and enum members verbatim: they are no placeholder", () => {
    const r = applyPlaceholders(REVIEW, value);
    expect(r.json).toMatchObject({ wait: "15m", flag: true, resolved_by_articles: false, follow_up: null, tone: "formal", locale: "fr-FR" });
    expect(r.fields.some((f) => f.path === "wait" || f.path === "tone")).toBe(false);
    expect(applyPlaceholders(DURATION, 900_000)).toEqual({ json: "15m", count: 0, fields: [] });
    expect(applyPlaceholders(named(Tone), "friendly")).toEqual({ json: "friendly", count: 0, fields: [] });
  });

  it("makes a whole Instant answer, and a list of them, placeholders", () => {
    expect(applyPlaceholders(INSTANT, 258_681_600_000)).toEqual({ json: "{Instant}", count: 1, fields: [{ path: "the answer", placeholder: "{Instant}" }] });
    expect(applyPlaceholders(list(named(Born)), [258_681_600_000, 0]).json).toEqual(["{Born}", "{Born}"]);
    expect(applyPlaceholders(opt(named(Born)), null).json).toBeNull();
  });

  it("counts the seed's example: one placeholder", () => {
    const SupportAnswer: NamedType = { name: "SupportAnswer", module: "support/types", def: { kind: "object", fields: [{ name: "resolved_by_articles", type: BOOL }, { name: "reply", type: TEXT }] } };
    expect(applyPlaceholders(named(SupportAnswer), { resolved_by_articles: false, reply: "We don't deliver to Jersey." }))
      .toEqual({ json: { resolved_by_articles: false, reply: "{Text}" }, count: 1, fields: [{ path: "reply", placeholder: "{Text}" }] });
  });

  it("makes a whole Text-based answer one placeholder, and an empty list none", () => {
    expect(applyPlaceholders(named(CustomerQuestion), "Call me on 0123")).toEqual({ json: "{CustomerQuestion}", count: 1, fields: [{ path: "the answer", placeholder: "{CustomerQuestion}" }] });
    expect(applyPlaceholders(list(named(Stars)), [])).toEqual({ json: [], count: 0, fields: [] });
    expect(applyPlaceholders(opt(TEXT), null)).toEqual({ json: null, count: 0, fields: [] });
  });
});

describe("filling placeholders when a recording is read", () => {
  it("fills each placeholder with a valid value of its type and leaves everything else as written", () => {
    const r = fillPlaceholders(REVIEW, RECORDED, rng(7, "placeholders"));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const filled = r.json as Record<string, JsonValue>;
    for (const key of ["resolved_by_articles", "follow_up", "code", "quantity", "opened", "flag", "tone", "locale", "wait"]) {
      expect(filled[key]).toEqual((RECORDED as Record<string, JsonValue>)[key]);
    }
    expect(typeof filled["reply"]).toBe("string");
    expect(filled["reply"]).not.toBe("{Text}");
    expect((filled["tags"] as string[]).every((t) => typeof t === "string" && !t.startsWith("{"))).toBe(true);
    expect(Number.isInteger(filled["stars"]) && (filled["stars"] as number) >= 1 && (filled["stars"] as number) <= 5).toBe(true);
    expect(typeof filled["price"] === "number" && filled["price"] >= 0 && filled["price"] <= 10).toBe(true);
    expect(typeof filled["asked"] === "string" && filled["asked"].length >= 1).toBe(true);
    expect(Number.isInteger(filled["count"])).toBe(true);
    expect(typeof filled["ratio"]).toBe("number");
    expect((filled["notes"] as Array<Record<string, JsonValue>>)[0]).toMatchObject({ code: "XYZ-0001" });
    expect(typeof filled["maybe_stars"]).toBe("number");
    // An Instant placeholder becomes an Instant as an answer writes it: ISO 8601 text.
    for (const key of ["at", "born"]) expect(filled[key]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it("reads an older recording that holds an Instant verbatim as before", () => {
    const old = { ...(RECORDED as object), at: "2026-01-01T00:00:00Z", born: "1978-03-14T00:00:00Z" };
    const filled = fillPlaceholders(REVIEW, old, rng(2, "placeholders"));
    expect(filled.ok && (filled.json as Record<string, JsonValue>)).toMatchObject({ at: "2026-01-01T00:00:00Z", born: "1978-03-14T00:00:00Z" });
    const decoded = filled.ok ? decodeValue(REVIEW, filled.json) : null;
    expect(decoded?.ok && decoded.value).toMatchObject({ at: 1_767_225_600_000, born: 258_681_600_000 });
  });

  it("a filled recording decodes through its type, every rule included", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const filled = fillPlaceholders(REVIEW, RECORDED, rng(seed, "placeholders"));
      expect(filled.ok).toBe(true);
      if (!filled.ok) return;
      const decoded = decodeValue(REVIEW, filled.json);
      expect(decoded.ok, JSON.stringify(decoded)).toBe(true);
      expect(decoded.ok && decoded.value).toMatchObject({ locale: "fr_fr", opened: 1_767_229_200_000, wait: 900_000, code: "ABC-1234" });
    }
  });

  it("the seed's undecodable recording: `type` on `resolved_by_articles`", () => {
    const SupportAnswer: Type = named({ name: "SupportAnswer", module: "support/types", def: { kind: "object", fields: [{ name: "reply", type: TEXT }, { name: "resolved_by_articles", type: BOOL }] } });
    const filled = fillPlaceholders(SupportAnswer, { reply: "{Text}", resolved_by_articles: "yes" }, rng(1, "placeholders"));
    expect(filled.ok).toBe(true);
    const decoded = filled.ok ? decodeValue(SupportAnswer, filled.json) : null;
    expect(decoded).toMatchObject({ ok: false, error: { rule: "type", path: "resolved_by_articles" } });
  });

  it("fills the same way from the same seed, and differently from another", () => {
    const a = fillPlaceholders(REVIEW, RECORDED, rng(7, "placeholders"));
    const b = fillPlaceholders(REVIEW, RECORDED, rng(7, "placeholders"));
    const c = fillPlaceholders(REVIEW, RECORDED, rng(8, "placeholders"));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it("round-trips: applying placeholders to a filled answer gives the recording back", () => {
    const filled = fillPlaceholders(REVIEW, RECORDED, rng(3, "placeholders"));
    expect(filled.ok).toBe(true);
    if (!filled.ok) return;
    const back = fromJson(filled.json);
    expect(applyPlaceholders(REVIEW, back)).toEqual({ json: RECORDED, count: 12, fields: expect.any(Array) });
  });

  it("does not fill a `personal: false` value that looks like a placeholder: it is the value", () => {
    const r = fillPlaceholders(named(Note), { text: "{Text}", code: "{OrderCode}" }, rng(1, "placeholders"));
    expect(r.ok && (r.json as Record<string, JsonValue>)["code"]).toBe("{OrderCode}");
  });

  const wrong: Array<[string, Type, JsonValue, string, string, string]> = [
    ["a field", REVIEW, { ...(RECORDED as object), reply: "{CustomerQuestion}" }, "reply", "{CustomerQuestion}", "{Text}"],
    ["a list item", REVIEW, { ...(RECORDED as object), tags: ["{Text}", "{Stars}"] }, "tags[1]", "{Stars}", "{Text}"],
    ["a nested field", REVIEW, { ...(RECORDED as object), notes: [{ text: "{Int}", code: "A" }] }, "notes[0].text", "{Int}", "{Text}"],
    ["an optional", REVIEW, { ...(RECORDED as object), maybe_stars: "{Int}" }, "maybe_stars", "{Int}", "{Stars}"],
    ["an Instant-based field", REVIEW, { ...(RECORDED as object), born: "{Instant}" }, "born", "{Instant}", "{Born}"],
    ["the whole answer", named(CustomerQuestion), "{Text}", "the answer", "{Text}", "{CustomerQuestion}"],
  ];
  for (const [where, type, json, path, found, expected] of wrong) {
    it(`refuses a placeholder naming another type in ${where}`, () => {
      expect(fillPlaceholders(type, json, rng(1, "placeholders"))).toEqual({ ok: false, error: { rule: "type", path, found, expected } });
    });
  }

  it("leaves a value of the wrong shape for decoding to judge", () => {
    const r = fillPlaceholders(REVIEW, { ...(RECORDED as object), resolved_by_articles: "yes", stars: "three", tags: "{Text}" }, rng(1, "placeholders"));
    expect(r.ok && r.json).toMatchObject({ resolved_by_articles: "yes", stars: "three", tags: "{Text}" });
  });
});

/** The runtime value for the round trip: the filled JSON with Locale, Instants and Duration read back. */
function fromJson(json: JsonValue): typeof value {
  const j = json as Record<string, JsonValue>;
  return { ...(j as unknown as typeof value), locale: "fr_fr", at: 1_767_225_600_000, born: 258_681_600_000, opened: 1_767_229_200_000, wait: 900_000 };
}
