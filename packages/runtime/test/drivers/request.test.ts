import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NamedType, PromptInfo, Type } from "@jadpo/compiler";
import { completionRequestFor, sentParts } from "../../src/drivers/request.ts";
import { createOpenAiDriver } from "../../src/drivers/openai-compatible.ts";
import { decodeAnswer } from "../../src/ai/decode.ts";
import { startFakeModelServer, type FakeModelServer } from "../../src/testing/openai-server.ts";
import { NO_RETRIES } from "./no-retries.ts";

const TEXT: Type = { kind: "base", base: "Text" };
const BOOL: Type = { kind: "base", base: "Bool" };
const Locale: NamedType = { name: "Locale", module: "", def: { kind: "enum", members: [{ name: "en_gb", tag: "en-GB" }] } };
const CustomerQuestion: NamedType = { name: "CustomerQuestion", module: "support/types", def: { kind: "scalar", base: "Text", constraints: { min_length: 1, max_length: 2000 } } };
const AnswerQuestion: NamedType = {
  name: "AnswerQuestion",
  module: "support/prompts",
  def: { kind: "object", fields: [{ name: "question", type: { kind: "named", decl: CustomerQuestion } }, { name: "reader_locale", type: { kind: "named", decl: Locale } }] },
};
const SupportAnswer: Type = {
  kind: "named",
  decl: { name: "SupportAnswer", module: "support/types", def: { kind: "object", fields: [{ name: "resolved_by_articles", type: BOOL }, { name: "reply", type: TEXT }] } },
};
// Only what a request needs of the checked prompt.
const prompt = {
  name: "answer_question",
  valuesType: AnswerQuestion,
  version: "answer_question@b44ecc53",
  system: "You answer bakery customers from the help articles only.",
  text: "Answer the customer's question in {reader_locale}.\nQuestion: {question}",
  tools: [],
} as unknown as PromptInfo;
const values = { question: "Does your sourdough contain sesame?", reader_locale: "en_gb" };

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({ kind: "answer", text: "x" });
});
afterAll(async () => {
  await server.close();
});

describe("completionRequestFor", () => {
  it("renders the prompt's texts with the values and adds the answer format for the as: type", () => {
    const req = completionRequestFor(prompt, values, SupportAnswer);
    expect(req.system).toBe("You answer bakery customers from the help articles only.");
    expect(req.user).toBe("Answer the customer's question in en-GB.\nQuestion: Does your sourdough contain sesame?");
    expect(req.answerFormat).toContain("JSON Schema");
    expect(req.answerFormat).toContain("resolved_by_articles");
    expect(req.correction).toBeUndefined();
  });

  it("asks a stream with no answer format", () => {
    expect(completionRequestFor(prompt, values, null).answerFormat).toBeNull();
  });

  it("carries the rejected answer and a correction request naming the decode error", () => {
    const rejected = "{\"resolved_by_articles\": \"yes\", \"reply\": \"No.\"}";
    const decoded = decodeAnswer(SupportAnswer, rejected);
    expect(decoded.ok).toBe(false);
    if (decoded.ok) return;
    const req = completionRequestFor(prompt, values, SupportAnswer, { answer: rejected, error: decoded.error });
    expect(req.correction?.previousAnswer).toBe(rejected);
    expect(req.correction?.error).toContain("`type` on `resolved_by_articles`");
  });

  it("goes over the wire as system, user, and for a correction assistant and user turns", async () => {
    server.setBehaviour({ kind: "answer", text: "{\"resolved_by_articles\": true, \"reply\": \"No sesame.\"}" });
    const driver = createOpenAiDriver({ baseUrl: server.url, model: "m", apiKey: null, timeoutMs: 5000, maxAnswerBytes: 1024 * 1024, embeddingDimensions: 16, retries: NO_RETRIES });
    const first = await driver.complete(completionRequestFor(prompt, values, SupportAnswer));
    expect(first.ok && first.value.kind === "answer" && decodeAnswer(SupportAnswer, first.value.text)).toEqual({ ok: true, value: { resolved_by_articles: true, reply: "No sesame." } });
    await driver.complete(completionRequestFor(prompt, values, SupportAnswer, { answer: "Sure!", error: { rule: "json", path: "the answer" } }));
    const sent = server.requests[server.requests.length - 1]?.body as { messages: Array<{ role: string; content: string }> };
    expect(sent.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(sent.messages[0]?.content.startsWith("You answer bakery customers from the help articles only.\n\n")).toBe(true);
    expect(sent.messages[2]?.content).toBe("Sure!");
    expect(sent.messages[3]?.content).toContain("`json` on `the answer`");
  });

  it("gives a test's `sent` parts that are exactly what goes over the wire (system + answer format, text, correction)", async () => {
    server.setBehaviour({ kind: "answer", text: "x" });
    const driver = createOpenAiDriver({ baseUrl: server.url, model: "m", apiKey: null, timeoutMs: 5000, maxAnswerBytes: 1024 * 1024, embeddingDimensions: 16, retries: NO_RETRIES });
    const req = completionRequestFor(prompt, values, SupportAnswer, { answer: "Sure!", error: { rule: "json", path: "the answer" } });
    await driver.complete(req);
    const wire = (server.requests[server.requests.length - 1]?.body as { messages: Array<{ content: string }> }).messages.map((m) => m.content);
    const parts = sentParts(req);
    expect(wire).toEqual([`${parts.system}\n\n${parts.answer_format}`, parts.text, "Sure!", parts.correction]);
    expect(parts.correction).toContain("Sure!");
    expect(sentParts(completionRequestFor(prompt, values, null))).toEqual({
      system: "You answer bakery customers from the help articles only.",
      text: "Answer the customer's question in en-GB.\nQuestion: Does your sourdough contain sesame?",
      answer_format: "",
      correction: null,
    });
  });
});
