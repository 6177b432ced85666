// The small pure helpers the checker and the runtime share: prompt versions and templates,
// constraint checks, and the length bounds of a pattern.
import { describe, expect, test } from "vitest";
import { promptVersion } from "../../src/prompts/version.ts";
import { parseTemplate } from "../../src/prompts/template.ts";
import { codePointLength, numberViolation, textViolation, itemsViolation } from "../../src/types/constraints.ts";
import { wordsText } from "../../src/values/problem.ts";
import { patternLengthBounds } from "../../src/types/pattern-length.ts";
import { closest } from "../../src/names/suggest.ts";

describe("prompt version (docs/language.md)", () => {
  test("the test vector", () => {
    expect(promptVersion({
      name: "answer_question",
      params: [["question", "CustomerQuestion"], ["reader_locale", "Locale"]],
      system: "You answer bakery customers from the help articles only.",
      text: "Answer the customer's question in {reader_locale}.\nQuestion: {question}",
    })).toBe("answer_question@b44ecc53");
  });

  test("any change to the text changes the version", () => {
    const base = { name: "p", params: [] as [string, string][], system: "", text: "Hi" };
    expect(promptVersion(base)).not.toBe(promptVersion({ ...base, text: "Hi." }));
  });
});

describe("prompt templates", () => {
  test("placeholders, fields and escaped braces", () => {
    expect(parseTemplate("Hi {name}, order {order.code} {{literal}}")).toEqual([
      { kind: "text", text: "Hi " },
      { kind: "placeholder", path: ["name"], raw: "name", offset: 3 },
      { kind: "text", text: ", order " },
      { kind: "placeholder", path: ["order", "code"], raw: "order.code", offset: 17 },
      { kind: "text", text: " {literal}" },
    ]);
  });

  test("a brace that opens no placeholder", () => {
    expect(parseTemplate('{"a": 1}').map((p) => p.kind)).toEqual(["invalid"]);
    expect(parseTemplate("unclosed {name").map((p) => p.kind)).toEqual(["text", "invalid"]);
  });
});

describe("constraints", () => {
  test("lengths count code points", () => {
    expect(codePointLength("🍞ab")).toBe(3);
    expect(textViolation("🍞🍞", { max_length: 2 })).toBeNull();
    expect(wordsText(textViolation("🍞🍞🍞", { max_length: 2 }) ?? {})).toBe("expected at most 2 characters, got 3 characters");
  });

  test("a pattern matches the whole text, with the u flag", () => {
    expect(textViolation("ABC-1234", { pattern: "[A-Z]{3}-[0-9]{4}" })).toBeNull();
    expect(textViolation("xABC-1234", { pattern: "[A-Z]{3}-[0-9]{4}" })?.rule).toBe("pattern");
    expect(textViolation("🍞", { pattern: "." })).toBeNull();
  });

  test("numbers and item counts", () => {
    expect(numberViolation(0, { min: 1, max: 5 })?.constraint).toBe("min: 1");
    expect(wordsText(numberViolation(6, { min: 1, max: 5 }) ?? {})).toBe("expected at most 5, got 6");
    expect(wordsText(itemsViolation(6, { max_items: 5 }) ?? {})).toBe("expected at most 5 items, got 6 items");
  });
});

describe("pattern length bounds", () => {
  test.each([
    ["[A-Z]{3}-[0-9]{4}", 8, 8],
    ["a|bcd", 1, 3],
    ["(ab)+", 2, Infinity],
    ["x?y*", 0, Infinity],
    ["\\d{2,4}", 2, 4],
    ["^(?:yes|no)$", 2, 3],
    ["(?=a)a", 1, 1],
  ])("%s", (pattern, min, max) => {
    expect(patternLengthBounds(pattern)).toEqual({ min, max });
  });

  test("backreferences are not bounded", () => {
    expect(patternLengthBounds("(a)\\1")).toBeNull();
  });
});

describe("closest name", () => {
  test("a likely typo, or nothing", () => {
    expect(closest("questoin", ["question", "reader_locale"])).toBe("question");
    expect(closest("zzz", ["question"])).toBeNull();
  });
});
