import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { answerFormatInstruction, correctionRequest, jsonSchemaOf } from "../../src/ai/prompt-texts.ts";
import { promptsFolder } from "../../src/ai/prompt-files.ts";
import { CUSTOMER_QUESTION, DURATION, INSTANT, LOCALE, ORDER_CODE, STARS, SUPPORT_ANSWER, TEXT, commentType, list } from "./types-fixture.ts";

describe("promptsFolder", () => {
  it("finds the runtime package's prompts/ folder", () => {
    expect(promptsFolder()).toBe(fileURLToPath(new URL("../../prompts", import.meta.url)));
    expect(readFileSync(join(promptsFolder(), "answer-format.txt"), "utf8")).toContain("{schema}");
    expect(readFileSync(join(promptsFolder(), "correction.txt"), "utf8")).toContain("{answer}");
  });
});

describe("jsonSchemaOf", () => {
  it("describes a record with every constraint", () => {
    expect(jsonSchemaOf(SUPPORT_ANSWER)).toEqual({
      type: "object",
      properties: {
        resolved_by_articles: { type: "boolean" },
        reply: { type: "string" },
        tags: { type: "array", items: { type: "string" }, maxItems: 5 },
        follow_up: {
          anyOf: [
            {
              type: "object",
              properties: {
                note: { type: "string", maxLength: 10 },
                due: { anyOf: [{ type: "string", format: "date-time", description: "ISO 8601, e.g. 2026-01-01T00:00:00Z" }, { type: "null" }] },
              },
              required: ["note"],
              additionalProperties: false,
            },
            { type: "null" },
          ],
        },
        tone: { type: "string", enum: ["friendly", "formal"] },
        stars: { type: "integer", minimum: 1, maximum: 5 },
      },
      required: ["resolved_by_articles", "reply", "tags", "tone", "stars"],
      additionalProperties: false,
    });
  });

  it("writes Locales by tag, patterns anchored, durations as text", () => {
    expect(jsonSchemaOf(LOCALE)).toEqual({ type: "string", enum: ["en-GB", "fr-FR"] });
    expect(jsonSchemaOf(ORDER_CODE)).toEqual({ type: "string", pattern: "^(?:[A-Z]{3}-[0-9]{4})$" });
    expect(jsonSchemaOf(list(DURATION, { min_items: 1 }))).toMatchObject({ type: "array", minItems: 1, items: { type: "string" } });
    expect(jsonSchemaOf(INSTANT)).toMatchObject({ type: "string", format: "date-time" });
  });

  it("puts recursive types in $defs", () => {
    const schema = jsonSchemaOf(commentType());
    expect(schema.$ref).toBe("#/$defs/Comment");
    expect(schema.$defs).toEqual({
      Comment: {
        type: "object",
        properties: {
          text: { type: "string" },
          replies: { type: "array", items: { $ref: "#/$defs/Comment" } },
          parent: { anyOf: [{ $ref: "#/$defs/Comment" }, { type: "null" }] },
        },
        required: ["text", "replies"],
        additionalProperties: false,
      },
    });
  });
});

describe("answerFormatInstruction", () => {
  it("gives a JSON type its schema", () => {
    const text = answerFormatInstruction(STARS);
    expect(text).toContain(JSON.stringify({ type: "integer", minimum: 1, maximum: 5 }, null, 2));
    expect(text).not.toContain("{schema}");
  });

  it("gives a Text-based type the text instruction with its rules", () => {
    expect(answerFormatInstruction(TEXT)).toBe("Reply with the answer text only: no introduction, no quotation marks around it, no Markdown.");
    expect(answerFormatInstruction(CUSTOMER_QUESTION)).toBe(
      "Reply with the answer text only: no introduction, no quotation marks around it, no Markdown.\nIt must be at least 1 and at most 2000 characters long.",
    );
    expect(answerFormatInstruction(ORDER_CODE)).toContain("All of it must match the regular expression ^(?:[A-Z]{3}-[0-9]{4})$.");
  });
});

describe("correctionRequest", () => {
  it("fills the rejected answer and the decode error, leaving braces in them alone", () => {
    const text = correctionRequest('{"resolved_by_articles": "yes", "note": "{error}"}', {
      rule: "type",
      path: "resolved_by_articles",
      expected: "Bool",
      found: "Text",
    });
    expect(text).toBe(
      [
        "Your previous answer could not be read, so it was rejected.",
        "",
        "Your previous answer:",
        '{"resolved_by_articles": "yes", "note": "{error}"}',
        "",
        "Why it could not be read: `type` on `resolved_by_articles`: expected Bool, got Text",
        "",
        "Answer again with the same content, written exactly in the format asked for.",
      ].join("\n"),
    );
  });
});
