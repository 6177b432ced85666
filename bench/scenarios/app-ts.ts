// The support example's app in TypeScript, twice: on the AI SDK with a zod schema (for vitest) and
// on a plain model interface (for `node --test` with a hand-written fake). Both do what Jadpo's
// `answer_customer` does: one prompt, a decoded answer, one correction, the app's own failures.

export const AI_SDK_APP = `import { generateText, NoObjectGeneratedError, Output, type LanguageModel, type ModelMessage } from "ai";
import { z } from "zod";

export const SupportAnswer = z.object({ resolved_by_articles: z.boolean(), reply: z.string() });
export type SupportAnswer = z.infer<typeof SupportAnswer>;
export class AssistantUnavailable extends Error {}
export class AnswerUnreadable extends Error {}

export function answerQuestion(question: string, locale = "en-GB"): string {
  return \`Answer the customer's question in \${locale}.\\nQuestion: \${question}\`;
}

export async function answerCustomer(model: LanguageModel, question: string): Promise<SupportAnswer> {
  if (question.length < 1 || question.length > 2000) throw new RangeError("question");
  const messages: ModelMessage[] = [{ role: "user", content: answerQuestion(question) }];
  for (let attempt = 1; ; attempt++) {
    try {
      const { output } = await generateText({
        model, output: Output.object({ schema: SupportAnswer }), maxRetries: 0, messages,
        system: "You answer bakery customers from the help articles only.",
      });
      return output;
    } catch (error) {
      if (!NoObjectGeneratedError.isInstance(error) || error.finishReason === "content-filter") throw new AssistantUnavailable();
      if (attempt === 2) throw new AnswerUnreadable();
      messages.push({ role: "assistant", content: error.text ?? "" }, { role: "user", content: "That answer did not match the schema. Answer again." });
    }
  }
}
`;

export const AI_SDK_REPLIES = `import type { LanguageModelV4GenerateResult } from "@ai-sdk/provider";

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};
export function reply(text: string, finish: "stop" | "content-filter" = "stop"): LanguageModelV4GenerateResult {
  return { content: text === "" ? [] : [{ type: "text", text }], finishReason: { unified: finish, raw: finish }, usage, warnings: [] };
}
export const refused = () => reply("", "content-filter");
export const malformed = () => reply('{"resolved_by_articles": "maybe"}');
export const generated = () => reply(JSON.stringify({ resolved_by_articles: false, reply: "A generated answer." }));
`;

export const PLAIN_APP = `// A hand-written model interface and fake: what a plain JS project writes without an SDK.
export class AssistantUnavailable extends Error {}
export class AnswerUnreadable extends Error {}

export function answerQuestion(question, locale = "en-GB") {
  return \`Answer the customer's question in \${locale}.\\nQuestion: \${question}\`;
}

function decode(text) {
  let value;
  try { value = JSON.parse(text); } catch { return null; }
  if (typeof value !== "object" || value === null || typeof value.resolved_by_articles !== "boolean" || typeof value.reply !== "string") return null;
  return { resolved_by_articles: value.resolved_by_articles, reply: value.reply };
}

export async function answerCustomer(model, question) {
  if (question.length < 1 || question.length > 2000) throw new RangeError("question");
  const messages = [{ role: "user", content: answerQuestion(question) }];
  for (let attempt = 1; ; attempt++) {
    const answer = await model.generate({ system: "You answer bakery customers from the help articles only.", messages });
    if (answer.refused) throw new AssistantUnavailable();
    const decoded = decode(answer.text);
    if (decoded) return decoded;
    if (attempt === 2) throw new AnswerUnreadable();
    messages.push({ role: "assistant", content: answer.text }, { role: "user", content: "That answer did not match the schema. Answer again." });
  }
}

export class FakeModel {
  constructor(script = []) { this.script = [...script]; this.requests = []; }
  async generate(request) {
    this.requests.push(request);
    return this.script.shift() ?? { text: JSON.stringify({ resolved_by_articles: false, reply: "A generated answer." }) };
  }
}
export const refused = { refused: true, text: "" };
export const malformed = { text: '{"resolved_by_articles": "maybe"}' };
export const raw = (text) => ({ text });
`;
