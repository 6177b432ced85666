// The toolchain's own texts for real models (the runtime package's `prompts/` folder, read by
// prompt-files.ts): the answer-format instruction and the correction request.
import type { Type } from "@jadpo/compiler";
import { isTextBased } from "@jadpo/compiler";
import { shapeOf } from "../values/shape.ts";
import { type DecodeError, formatDecodeErrorDetail } from "./decode.ts";
import { jsonSchemaOf } from "./json-schema.ts";
import { promptText as text } from "./prompt-files.ts";

export { jsonSchemaOf } from "./json-schema.ts";

/** Fills `{slot}`s in one pass, so braces inside a filled value are never read as slots. */
function fill(template: string, slots: Record<string, string>): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, key: string) => (Object.hasOwn(slots, key) ? slots[key] : whole));
}

/** How a real model is told to write its answer for `type` (added to the prompt's request). */
export function answerFormatInstruction(type: Type): string {
  if (isTextBased(type)) return fill(text("answer-format-text.txt"), { rules: textRules(type) }).trimEnd();
  return fill(text("answer-format.txt"), { schema: JSON.stringify(jsonSchemaOf(type), null, 2) }).trimEnd();
}

/** The correction request: the rejected answer and why it didn't decode. */
export function correctionRequest(answer: string, error: DecodeError): string {
  return fill(text("correction.txt"), { answer, error: formatDecodeErrorDetail(error) }).trimEnd();
}

function textRules(type: Type): string {
  const shape = shapeOf(type);
  if (shape.kind !== "scalar") return "";
  const { min_length: min, max_length: max, pattern } = shape.constraints;
  const rules: string[] = [];
  if (min !== undefined && max !== undefined) rules.push(`It must be at least ${min} and at most ${max} characters long.`);
  else if (min !== undefined) rules.push(`It must be at least ${min} characters long.`);
  else if (max !== undefined) rules.push(`It must be at most ${max} characters long.`);
  if (pattern !== undefined) rules.push(`All of it must match the regular expression ^(?:${pattern})$.`);
  return rules.join("\n");
}
