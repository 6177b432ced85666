import { describe, expect, it } from "vitest";
import type { Type } from "@jadpo/compiler";
import { type DecodeResult, decodeAnswer, decodeValue, formatDecodeError, formatDecodeErrorDetail, unwrapFence } from "../../src/ai/decode.ts";
import {
  BOOL, CUSTOMER_QUESTION, DECIMAL, DURATION, INSTANT, INT, LOCALE, ORDER_CODE, STARS, SUPPORT_ANSWER, TEXT,
  commentType, list, optional, record,
} from "./types-fixture.ts";

const VALID = {
  resolved_by_articles: true,
  reply: "Our sourdough is baked beside sesame.",
  tags: ["allergens"],
  follow_up: { note: "call back", due: "2026-03-01T09:30:00Z" },
  tone: "friendly",
  stars: 4,
};

/** VALID with some fields replaced (undefined removes one). */
function answer(changes: Record<string, unknown>): string {
  const out: Record<string, unknown> = { ...VALID };
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return JSON.stringify(out);
}

function errorOf(result: DecodeResult): string {
  if (result.ok) throw new Error(`decoded: ${JSON.stringify(result.value)}`);
  return formatDecodeError(result.error);
}

function detailOf(result: DecodeResult): string {
  if (result.ok) throw new Error(`decoded: ${JSON.stringify(result.value)}`);
  return formatDecodeErrorDetail(result.error);
}

describe("decodeAnswer: records", () => {
  it("decodes a valid answer into runtime values", () => {
    expect(decodeAnswer(SUPPORT_ANSWER, JSON.stringify(VALID))).toEqual({
      ok: true,
      value: { ...VALID, follow_up: { note: "call back", due: Date.UTC(2026, 2, 1, 9, 30) } },
    });
  });

  it("reads a missing `T?` field as none", () => {
    const result = decodeAnswer(SUPPORT_ANSWER, answer({ follow_up: undefined }));
    expect(result.ok && (result.value as Record<string, unknown>).follow_up).toBe(null);
    const inner = decodeAnswer(SUPPORT_ANSWER, answer({ follow_up: { note: "x" } }));
    expect(inner.ok && (inner.value as Record<string, Record<string, unknown>>).follow_up.due).toBe(null);
  });

  it("names one rule and one path for each rule", () => {
    const cases: Array<[string, string, string]> = [
      [answer({ resolved_by_articles: "yes" }), "`type` on `resolved_by_articles`", "`type` on `resolved_by_articles`: expected Bool, got Text"],
      [answer({ reply: undefined }), "`missing` on `reply`", "`missing` on `reply`: expected Text, got nothing"],
      // An enum field left out is `missing` too, as the checker says of a scripted answer (it was once `type`).
      [answer({ tone: undefined }), "`missing` on `tone`", "`missing` on `tone`: expected Tone, got nothing"],
      [answer({ mood: "happy" }), "`unknown` on `mood`", "`unknown` on `mood`: expected a field of SupportAnswer (resolved_by_articles, reply, tags, follow_up, tone, stars)"],
      [answer({ tone: "casual" }), "`member` on `tone`", '`member` on `tone`: expected one of friendly, formal, got "casual"'],
      [answer({ stars: 0 }), "`min` on `stars`", "`min` on `stars`: expected at least 1, got 0"],
      [answer({ stars: 6 }), "`max` on `stars`", "`max` on `stars`: expected at most 5, got 6"],
      [answer({ tags: ["a", "b", "c", "d", "e", "f"] }), "`max_items` on `tags`", "`max_items` on `tags`: expected at most 5 items, got 6 items"],
      [answer({ tags: ["a", 2] }), "`type` on `tags[1]`", "`type` on `tags[1]`: expected Text, got Int"],
      [answer({ reply: "half \ud800 a pair" }), "`type` on `reply`", "`type` on `reply`: expected Text, got text that isn't Unicode (half of a surrogate pair)"],
      [answer({ tags: ["\udc00"] }), "`type` on `tags[0]`", "`type` on `tags[0]`: expected Text, got text that isn't Unicode (half of a surrogate pair)"],
      [answer({ follow_up: { note: "far too long a note" } }), "`max_length` on `follow_up.note`", "`max_length` on `follow_up.note`: expected at most 10 characters, got 19 characters"],
      [answer({ follow_up: { note: "x", due: "tomorrow" } }), "`type` on `follow_up.due`", "`type` on `follow_up.due`: expected Instant? as ISO 8601 text (2026-01-01T00:00:00Z), got Text"],
      [answer({ follow_up: "soon" }), "`type` on `follow_up`", "`type` on `follow_up`: expected FollowUp?, got Text"],
      [answer({ stars: 2.5 }), "`type` on `stars`", "`type` on `stars`: expected Stars, got Decimal"],
      ["Sure! Our sourdough contains no sesame.", "`json` on `the answer`", '`json` on `the answer`: expected one JSON value, got "Sure! Our sourdough contains no sesame."'],
      ["[1, 2]", "`type` on `the answer`", "`type` on `the answer`: expected SupportAnswer, got a list"],
      ["{} {}", "`json` on `the answer`", '`json` on `the answer`: expected one JSON value, got "{} {}"'],
    ];
    for (const [text, short, long] of cases) {
      const result = decodeAnswer(SUPPORT_ANSWER, text);
      expect(errorOf(result)).toBe(short);
      expect(detailOf(result)).toBe(long);
    }
  });

  it("reports the first error in field declaration order, unknown fields last", () => {
    expect(errorOf(decodeAnswer(SUPPORT_ANSWER, answer({ stars: 9, reply: undefined, resolved_by_articles: 1 })))).toBe("`type` on `resolved_by_articles`");
    expect(errorOf(decodeAnswer(SUPPORT_ANSWER, answer({ extra: 1, stars: 9 })))).toBe("`max` on `stars`");
    expect(errorOf(decodeAnswer(SUPPORT_ANSWER, "{}"))).toBe("`missing` on `resolved_by_articles`");
  });

  it("cuts a long found text", () => {
    const long = "x".repeat(100);
    expect(detailOf(decodeAnswer(SUPPORT_ANSWER, long))).toBe(`\`json\` on \`the answer\`: expected one JSON value, got "${"x".repeat(60)}"…`);
  });
});

describe("decodeAnswer: fenced blocks", () => {
  it("unwraps a single ```json or ``` block with only whitespace around it", () => {
    const json = JSON.stringify(VALID);
    for (const text of ["```json\n" + json + "\n```", "```\n" + json + "\n```", "\n  ```json\n" + json + "\n```  \n", "```JSON  \r\n" + json + "\r\n```"]) {
      expect(decodeAnswer(SUPPORT_ANSWER, text).ok).toBe(true);
    }
  });

  it("leaves anything else for JSON to reject", () => {
    const json = JSON.stringify(VALID);
    for (const text of ["Here you are:\n```json\n" + json + "\n```", "```json\n" + json + "\n```\nHope that helps", "```json\n" + json + "\n```\n```json\n" + json + "\n```"]) {
      expect(errorOf(decodeAnswer(SUPPORT_ANSWER, text))).toBe("`json` on `the answer`");
    }
    expect(unwrapFence("```js\n1\n```")).toBe("```js\n1\n```");
    expect(unwrapFence("plain")).toBe("plain");
  });
});

describe("decodeAnswer: Text-based types", () => {
  it("takes the whole answer verbatim, then checks its constraints", () => {
    expect(decodeAnswer(TEXT, "  Hello, \"world\"\n")).toEqual({ ok: true, value: "  Hello, \"world\"\n" });
    expect(decodeAnswer(CUSTOMER_QUESTION, "```json\n\"x\"\n```")).toEqual({ ok: true, value: "```json\n\"x\"\n```" });
    expect(detailOf(decodeAnswer(CUSTOMER_QUESTION, ""))).toBe("`min_length` on `the answer`: expected at least 1 character, got 0 characters");
    expect(errorOf(decodeAnswer(CUSTOMER_QUESTION, "a".repeat(2001)))).toBe("`max_length` on `the answer`");
    expect(detailOf(decodeAnswer(ORDER_CODE, "abc-1234"))).toBe('`pattern` on `the answer`: expected text matching "[A-Z]{3}-[0-9]{4}", got "abc-1234"');
    expect(decodeAnswer(ORDER_CODE, "ABC-1234").ok).toBe(true);
  });

  it("takes a whole surrogate pair (an emoji) as text", () => {
    const result = decodeAnswer(SUPPORT_ANSWER, answer({ reply: "\ud83c\udf5e bread" }));
    expect(result.ok && (result.value as Record<string, unknown>).reply).toBe("🍞 bread");
  });

  it("counts lengths in code points", () => {
    const two = { kind: "named", decl: { name: "Two", module: "m", def: { kind: "scalar", base: "Text", constraints: { max_length: 2 } } } } as const satisfies Type;
    expect(decodeAnswer(two, "😀😀").ok).toBe(true);
    expect(errorOf(decodeAnswer(two, "😀😀😀"))).toBe("`max_length` on `the answer`");
  });

  it("matches the pattern against the whole text with the u flag", () => {
    const letters = { kind: "named", decl: { name: "Word", module: "m", def: { kind: "scalar", base: "Text", constraints: { pattern: "\\p{L}+|x" } } } } as const satisfies Type;
    expect(decodeAnswer(letters, "Crème").ok).toBe(true);
    expect(errorOf(decodeAnswer(letters, "Crème brûlée"))).toBe("`pattern` on `the answer`");
    expect(errorOf(decodeAnswer(letters, "x1"))).toBe("`pattern` on `the answer`");
  });
});

describe("decodeAnswer: scalars", () => {
  it("reads Int as an integer within ±(2^53−1), Decimal as any finite number", () => {
    expect(decodeAnswer(INT, "42")).toEqual({ ok: true, value: 42 });
    expect(decodeAnswer(INT, "-9007199254740991")).toEqual({ ok: true, value: -9007199254740991 });
    expect(detailOf(decodeAnswer(INT, "9007199254740992"))).toBe("`type` on `the answer`: expected Int, got an integer beyond ±(2^53−1)");
    expect(detailOf(decodeAnswer(INT, "1.5"))).toBe("`type` on `the answer`: expected Int, got Decimal");
    expect(decodeAnswer(DECIMAL, "1.5")).toEqual({ ok: true, value: 1.5 });
    expect(decodeAnswer(DECIMAL, "2")).toEqual({ ok: true, value: 2 });
    expect(detailOf(decodeAnswer(DECIMAL, "1e999"))).toBe("`type` on `the answer`: expected Decimal, got a number out of range");
    expect(detailOf(decodeAnswer(DECIMAL, '"1.5"'))).toBe("`type` on `the answer`: expected Decimal, got Text");
    expect(detailOf(decodeAnswer(BOOL, "null"))).toBe("`type` on `the answer`: expected Bool, got none");
  });

  it("reads a Locale by tag and other enums by member name", () => {
    expect(decodeAnswer(LOCALE, '"en-GB"')).toEqual({ ok: true, value: "en_gb" });
    expect(detailOf(decodeAnswer(LOCALE, '"en_gb"'))).toBe('`member` on `the answer`: expected one of en-GB, fr-FR, got "en_gb"');
    expect(detailOf(decodeAnswer(LOCALE, "1"))).toBe("`type` on `the answer`: expected Locale, got Int");
  });

  it("reads Instants as ISO 8601 text and Durations as duration text", () => {
    expect(decodeAnswer(INSTANT, '"2026-01-01T00:00:00Z"')).toEqual({ ok: true, value: Date.UTC(2026, 0, 1) });
    expect(decodeAnswer(INSTANT, '"2026-01-01T01:00:00.250+01:00"')).toEqual({ ok: true, value: Date.UTC(2026, 0, 1) + 250 });
    expect(decodeAnswer(INSTANT, '"2026-02-03"')).toEqual({ ok: true, value: Date.UTC(2026, 1, 3) });
    expect(errorOf(decodeAnswer(INSTANT, '"2026-02-30T00:00:00Z"'))).toBe("`type` on `the answer`");
    expect(errorOf(decodeAnswer(INSTANT, '"2026-01-01T00:00:00"'))).toBe("`type` on `the answer`");
    expect(errorOf(decodeAnswer(INSTANT, "1767225600000"))).toBe("`type` on `the answer`");
    expect(decodeAnswer(DURATION, '"15m"')).toEqual({ ok: true, value: 900_000 });
    expect(decodeAnswer(DURATION, '"500ms"')).toEqual({ ok: true, value: 500 });
    expect(decodeAnswer(DURATION, '"2h"')).toEqual({ ok: true, value: 7_200_000 });
    expect(decodeAnswer(DURATION, '"1h30m"')).toEqual({ ok: true, value: 5_400_000 });
    expect(detailOf(decodeAnswer(DURATION, '"15 minutes"'))).toBe("`type` on `the answer`: expected Duration as duration text (15m), got Text");
  });
});

describe("decodeAnswer: lists and recursion", () => {
  it("names list items by index, top-level ones too", () => {
    expect(errorOf(decodeAnswer(list(STARS), "[1, 9]"))).toBe("`max` on `[1]`");
    expect(detailOf(decodeAnswer(list(INT, { min_items: 2 }), "[1]"))).toBe("`min_items` on `the answer`: expected at least 2 items, got 1 item");
  });

  it("decodes recursive types, with paths through them", () => {
    const comment = commentType();
    const ok = { text: "a", replies: [{ text: "b", replies: [] }], parent: null };
    expect(decodeAnswer(comment, JSON.stringify(ok))).toEqual({ ok: true, value: { text: "a", replies: [{ text: "b", replies: [], parent: null }], parent: null } });
    const bad = { text: "a", replies: [{ text: "b", replies: [{ text: 3, replies: [] }] }] };
    expect(errorOf(decodeAnswer(comment, JSON.stringify(bad)))).toBe("`type` on `replies[0].replies[0].text`");
  });

  it("treats absurdly deep JSON as an error, not a crash", () => {
    const deep = "[".repeat(50_000) + "]".repeat(50_000);
    const nested: Type = list(INT);
    const result = decodeAnswer(nested, deep);
    expect(result.ok).toBe(false);
  });
});

describe("decodeValue", () => {
  it("decodes already-parsed JSON, a Text-based type from a JSON string", () => {
    expect(decodeValue(CUSTOMER_QUESTION, "Sesame?")).toEqual({ ok: true, value: "Sesame?" });
    expect(detailOf(decodeValue(CUSTOMER_QUESTION, 3))).toBe("`type` on `the answer`: expected CustomerQuestion, got Int");
    expect(decodeValue(optional(TEXT), null)).toEqual({ ok: true, value: null });
    const empty = record("Empty", []);
    expect(errorOf(decodeValue(empty, { a: 1 }))).toBe("`unknown` on `a`");
    expect(errorOf(decodeValue(empty, JSON.parse('{"__proto__": 1}')))).toBe("`unknown` on `__proto__`");
  });
});

describe("decoding speed", () => {
  it("decodes a typical answer in microseconds (hot path of every faked call)", () => {
    const text = JSON.stringify(VALID);
    decodeAnswer(SUPPORT_ANSWER, text);
    const start = performance.now();
    for (let i = 0; i < 5_000; i++) decodeAnswer(SUPPORT_ANSWER, text);
    // ~5 ms on a laptop; the bound only catches a rebuilt-per-call schema or similar.
    expect(performance.now() - start).toBeLessThan(2_000);
  });
});
