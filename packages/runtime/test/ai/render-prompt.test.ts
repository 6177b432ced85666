import { describe, expect, it } from "vitest";
import type { Type } from "@jadpo/compiler";
import { renderPromptText } from "../../src/ai/render-prompt.ts";
import type { Value } from "../../src/values/value.ts";
import {
  BOOL, CUSTOMER_QUESTION, DECIMAL, DURATION, FOLLOW_UP, INSTANT, INT, LOCALE, PRICE, STARS, SUPPORT_ANSWER, TEXT, TONE,
  list, optional,
} from "./types-fixture.ts";

function render(template: string, params: Array<[string, Type, Value]>): string {
  const values: Record<string, Value> = {};
  const types = new Map<string, Type>();
  for (const [name, type, value] of params) {
    values[name] = value;
    types.set(name, type);
  }
  return renderPromptText(template, values, types);
}

describe("renderPromptText", () => {
  it("fills the documented example prompt", () => {
    const text = "Answer the customer's question in {reader_locale}.\nQuestion: {question}";
    expect(render(text, [["question", CUSTOMER_QUESTION, "Does your sourdough contain sesame?"], ["reader_locale", LOCALE, "en_gb"]])).toBe(
      "Answer the customer's question in en-GB.\nQuestion: Does your sourdough contain sesame?",
    );
  });

  it("writes each kind of value as text", () => {
    const cases: Array<[Type, Value, string]> = [
      [TEXT, "a {brace} and \"quotes\"", "a {brace} and \"quotes\""],
      [INT, 42, "42"],
      [STARS, -3, "-3"],
      [DECIMAL, 1.5, "1.5"],
      [PRICE, 2, "2"],
      [DECIMAL, 0.1 + 0.2, "0.30000000000000004"],
      [DECIMAL, -0, "0"],
      [BOOL, true, "true"],
      [BOOL, false, "false"],
      [TONE, "friendly", "friendly"],
      [LOCALE, "fr_fr", "fr-FR"],
      [optional(TEXT), null, ""],
      [optional(INT), 7, "7"],
      [INSTANT, Date.UTC(2026, 0, 1), "2026-01-01T00:00:00Z"],
      [INSTANT, Date.UTC(2026, 0, 1) + 5, "2026-01-01T00:00:00.005Z"],
      [DURATION, 900_000, "15m"],
      [DURATION, 1_500, "1500ms"],
      [list(TEXT), ["a", "b c"], '["a","b c"]'],
      [list(LOCALE), ["en_gb"], '["en-GB"]'],
      [list(INT), [], "[]"],
      [FOLLOW_UP, { note: "call", due: null }, '{"due":null,"note":"call"}'],
      [
        SUPPORT_ANSWER,
        { resolved_by_articles: true, reply: "Yes.", tags: ["x"], follow_up: { note: "n", due: Date.UTC(2026, 5, 1) }, tone: "formal", stars: 5 },
        '{"follow_up":{"due":"2026-06-01T00:00:00Z","note":"n"},"reply":"Yes.","resolved_by_articles":true,"stars":5,"tags":["x"],"tone":"formal"}',
      ],
    ];
    for (const [type, value, text] of cases) expect(render("<{v}>", [["v", type, value]])).toBe(`<${text}>`);
  });

  it("reads fields with {param.field}, a field of none as empty", () => {
    const answer = { resolved_by_articles: false, reply: "No.", tags: [], follow_up: { note: "ring", due: null }, tone: "friendly", stars: 1 };
    expect(render("{a.reply} {a.follow_up.note} [{a.follow_up.due}] {a.tone}", [["a", SUPPORT_ANSWER, answer]])).toBe("No. ring [] friendly");
    expect(render("[{a.follow_up.note}]", [["a", SUPPORT_ANSWER, { ...answer, follow_up: null }]])).toBe("[]");
  });

  it("writes {{ and }} as { and }, and keeps anything that isn't a placeholder", () => {
    expect(render('{{"q": "{q}"}}', [["q", TEXT, "hi"]])).toBe('{"q": "hi"}');
    expect(render("{{q}}", [["q", TEXT, "hi"]])).toBe("{q}");
    // `{ q }` is a placeholder to the checker too (spaces inside the braces are allowed).
    expect(render("{unknown} {q.nope} { q } {q", [["q", TEXT, "hi"]])).toBe("{unknown} {q.nope} hi {q");
    expect(render("a } b", [])).toBe("a } b");
  });
});
