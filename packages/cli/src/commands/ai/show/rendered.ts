// `jadpo ai show <prompt> --render [--fixture f]` (docs/cli-ai.md): what a model is sent for the
// prompt, part by part, rendered by the driver's own code — the same parts a test reads from
// `ai.<prompt>.sent`, and a prompt's tools with the JSON Schema of their arguments, as the driver
// sends them. Without a fixture the placeholders stay as written (`{question}`).
import { printType, type Paint, type PromptInfo, type Type } from "@jadpo/compiler";
import type { Value } from "@jadpo/runtime";
import { completionRequestFor, sentParts, toolDefinitions } from "@jadpo/runtime/drivers";

const LABEL = 15;

function block(label: string, text: string): string[] {
  return text.split("\n").map((line, i) => `    ${(i === 0 ? label : "").padEnd(LABEL)}${line}`.trimEnd());
}

export interface RenderFacts {
  prompt: PromptInfo;
  /** The fixture's values, or null to leave the placeholders in. */
  values: Value;
  /** `questions.sesame`, or null. */
  fixture: string | null;
  paint: Paint;
}

export function renderedText({ prompt, values, fixture, paint }: RenderFacts): string {
  const from = fixture === null ? "placeholders as written" : `values of ${fixture}`;
  // A stream has no answer format; a generate prompt has one per type it is asked for as.
  const asked: (Type | null)[] = prompt.use === "stream" || prompt.asTypes.length === 0 ? [null] : prompt.asTypes;
  // Each request built once: the first gives the system and text, every one its answer format.
  const sent = asked.map((type) => sentParts(completionRequestFor(prompt, values, type)));
  const lines = [
    `${paint.bold(prompt.version)}  rendered with ${from}`,
    ...block("system", sent[0].system === "" ? "none" : sent[0].system),
    ...block("text", sent[0].text),
  ];
  for (const [i, type] of asked.entries()) {
    const format = type === null ? "" : sent[i].answer_format;
    const label = asked.length > 1 && type !== null ? `as ${printType(type)}` : "answer format";
    lines.push(...block(label, format === "" ? (prompt.use === "stream" ? "none: a stream is plain text" : "none") : format));
  }
  // A prompt with tools: each tool's name and description, then its arguments' schema, as sent.
  const tools = toolDefinitions(prompt).map((t) => `${t.name}: ${t.description}\n${JSON.stringify(t.parameters, null, 2)}`);
  if (tools.length > 0) lines.push(...block("tools", tools.join("\n")));
  lines.push(...block("correction", "none: sent only with a correction attempt"));
  return `${lines.join("\n")}\n`;
}
