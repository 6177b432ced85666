import { describe, expect, it } from "vitest";
import { answerTextOf, canonicalJson, toJson } from "../../src/values/json.ts";
import { formatDuration, formatInstant, parseDuration, parseInstant } from "@jadpo/compiler";
import { CUSTOMER_QUESTION, LOCALE, SUPPORT_ANSWER, list } from "../ai/types-fixture.ts";

describe("Instant text", () => {
  it("formats as ISO 8601 UTC, dropping zero milliseconds", () => {
    expect(formatInstant(Date.UTC(2026, 0, 1))).toBe("2026-01-01T00:00:00Z");
    expect(formatInstant(Date.UTC(2026, 0, 1) + 7)).toBe("2026-01-01T00:00:00.007Z");
  });

  it("parses ISO 8601 with a zone, or a bare date", () => {
    expect(parseInstant("2026-01-01T00:00:00Z")).toBe(Date.UTC(2026, 0, 1));
    expect(parseInstant("2026-01-01T02:00+02:00")).toBe(Date.UTC(2026, 0, 1));
    expect(parseInstant("2025-12-31T23:00:00-0100")).toBe(Date.UTC(2026, 0, 1));
    expect(parseInstant("2024-02-29")).toBe(Date.UTC(2024, 1, 29));
    expect(parseInstant("0050-06-01T00:00:00Z")).toBe(new Date("0050-06-01T00:00:00Z").getTime());
    for (const bad of ["2025-02-29", "2026-13-01", "2026-01-01T24:00:00Z", "2026-01-01T00:00:00", "1 Jan 2026", ""]) {
      expect(parseInstant(bad)).toBe(null);
    }
  });
});

describe("Duration text", () => {
  it("formats in the largest unit that divides it", () => {
    expect([3_600_000, 900_000, 90_000, 1_000, 1_500, 0, -5_000].map(formatDuration)).toEqual(["1h", "15m", "90s", "1s", "1500ms", "0s", "-5s"]);
  });

  it("parses duration literals, compound ones too", () => {
    expect(["500ms", "5s", "15m", "2h", "1h30m", "-5s", "0s"].map(parseDuration)).toEqual([500, 5_000, 900_000, 7_200_000, 5_400_000, -5_000, 0]);
    for (const bad of ["", "-", "5", "5 m", "m", "1.5h", "5d"]) expect(parseDuration(bad)).toBe(null);
  });
});

describe("toJson", () => {
  it("writes enum members by tag, Instants and Durations as text, every record field", () => {
    expect(toJson(list(LOCALE), ["en_gb", "fr_fr"])).toEqual(["en-GB", "fr-FR"]);
    const answer = { resolved_by_articles: true, reply: "x", tags: [], follow_up: { note: "n", due: Date.UTC(2026, 0, 2) }, tone: "formal", stars: 2 };
    expect(toJson(SUPPORT_ANSWER, answer)).toEqual({ ...answer, follow_up: { note: "n", due: "2026-01-02T00:00:00Z" } });
  });

  it("gives a Text-based answer verbatim and others as JSON", () => {
    expect(answerTextOf(CUSTOMER_QUESTION, 'say "hi"')).toBe('say "hi"');
    expect(answerTextOf(LOCALE, "en_gb")).toBe('"en-GB"');
  });

  it("writes canonical JSON with sorted keys and no whitespace", () => {
    expect(canonicalJson({ b: [1, { d: null, c: "x" }], a: true })).toBe('{"a":true,"b":[1,{"c":"x","d":null}]}');
  });
});
