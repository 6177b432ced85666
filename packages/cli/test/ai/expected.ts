// What `jadpo ai record` is expected to print and write for the example app, and the values a
// `jadpo dev` call logs: shared by the end-to-end and in-process tests.
import type { NewDevCall } from "@jadpo/runtime/dev";
import type { FakeModelServer } from "@jadpo/runtime/testing";
import { RECORDINGS } from "./harness.ts";

export const NOT_COVERED = JSON.stringify({ resolved_by_articles: false, reply: "We don't deliver to Jersey." });
export const COVERED = JSON.stringify({ resolved_by_articles: true, reply: "Our sourdough is baked beside sesame." });

/** The recording file's form (docs/testing.md), for an answer whose reply is a placeholder. */
export function recordingBytes(resolved: boolean): string {
  return `{\n  "answer": {\n    "reply": "{Text}",\n    "resolved_by_articles": ${resolved}\n  },\n  "version": "answer_question@b44ecc53"\n}\n`;
}

export function recordedBlock(name: string, from: string, placeholders = "1 placeholder"): string {
  return [
    `✓ Recorded \`answer_question\`'s answer as \`${name}\``,
    "    asked     meta-llama/Llama-3.1-8B-Instruct through local_model",
    `    from      ${from}`,
    "    answer    decodes as SupportAnswer",
    `    values    ${placeholders}`,
    `    file      ${RECORDINGS}/${name}.json`,
    `✓ answer recorded  answer_question@b44ecc53 · ${name}`,
    "→ jadpo test  decodes the recording and answers tests with it",
    "",
  ].join("\n");
}

export function devCall(question: string, prompt = "answer_question"): NewDevCall {
  return {
    time: "2026-01-01T09:30:00.000Z", prompt, version: "answer_question@b44ecc53",
    values: { question, reader_locale: "en-GB" },
    source: "generated", attempts: 1, duration_ms: 3, outcome: "success",
  };
}

/** The user turn of the n-th request the server received. */
export function asked(server: FakeModelServer, n = 0): string {
  const body = server.requests[n]?.body as { messages: Array<{ role: string; content: string }> };
  return body.messages.filter((m) => m.role === "user").map((m) => m.content)[0] ?? "";
}

