// What `jadpo ai record` is expected to print and write for the example app, and the values a
// `jadpo dev` call logs: shared by the end-to-end and in-process tests.
import type { NewDevCall } from "@jadpo/runtime/dev";
import type { FakeModelServer } from "@jadpo/runtime/testing";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RecordingKey, valuesDigestOfJson } from "@jadpo/runtime/recordings";
import type { JsonValue } from "@jadpo/runtime";
import { RECORDINGS } from "./harness.ts";

export const NOT_COVERED = JSON.stringify({ resolved_by_articles: false, reply: "We don't deliver to Jersey." });
export const COVERED = JSON.stringify({ resolved_by_articles: true, reply: "Our sourdough is baked beside sesame." });

/** The digest of `values` under the key `jadpo ai record` made in the project at `root`'s `.jadpo/recording-key`. */
export function projectDigest(root: string, values: JsonValue): string {
  return valuesDigestOfJson(new RecordingKey(readFileSync(join(root, ".jadpo", "recording-key"), "utf8").trim()), values);
}

/** The values digests of the two questions the tests ask with (`asked.values`), in the project at `root`. */
export const sesameValues = (root: string) => projectDigest(root, { question: "Does your sourdough contain sesame?", reader_locale: "en-GB" });
export const jerseyValues = (root: string) => projectDigest(root, { question: "Do you deliver to Jersey?", reader_locale: "en-GB" });

/**
 * The recording file's form (docs/testing.md), for an answer whose reply is a placeholder, asked
 * with `values` (and `fixture`) in the project at `root`, with the `usage` the model reported.
 */
export function recordingBytes(
  root: string, resolved: boolean,
  asked: { values: string; fixture?: string; model?: string; usage?: { input_tokens: number; output_tokens: number } } = { values: sesameValues(root), fixture: "questions.sesame" },
): string {
  const fixture = asked.fixture === undefined ? "" : `    "fixture": "${asked.fixture}",\n`;
  const model = asked.model ?? "meta-llama/Llama-3.1-8B-Instruct";
  const usage = asked.usage === undefined ? "" : `    "usage": {\n      "input_tokens": ${asked.usage.input_tokens},\n      "output_tokens": ${asked.usage.output_tokens}\n    },\n`;
  return `{\n  "answer": {\n    "reply": "{Text}",\n    "resolved_by_articles": ${resolved}\n  },\n  "asked": {\n${fixture}    "model": "${model}",\n${usage}    "values": "${asked.values}"\n  },\n  "version": "answer_question@b44ecc53"\n}\n`;
}

/** The line after the block naming the placeholder fields (the example's answer has one, `reply`). */
export const PLACEHOLDERS_LINE = "  placeholders  reply → {Text}; `personal: false` on a field's type keeps it verbatim";

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
    ...(placeholders === "0 placeholders" ? [] : [PLACEHOLDERS_LINE]),
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

