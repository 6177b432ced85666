// The toolchain's own texts for real models (the runtime package's `prompts/` folder): the
// answer-format instruction and the correction request. Read from disk at run time; the folder is
// found by walking up from this file: from the sources that is `packages/runtime/prompts`, from
// the CLI's bundle the copy the bundle build puts beside it (`packages/cli/dist/prompts`).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Type } from "@jadpo/compiler";
import { isTextBased } from "@jadpo/compiler";
import { shapeOf } from "../values/shape.ts";
import { type DecodeError, formatDecodeErrorDetail } from "./decode.ts";
import { jsonSchemaOf } from "./json-schema.ts";

export { jsonSchemaOf } from "./json-schema.ts";

let folder: string | null = null;
const texts = new Map<string, string>();

/** The `prompts/` folder holding `answer-format.txt`, nearest above this module. */
export function promptsFolder(): string {
  if (folder !== null) return folder;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "prompts", "answer-format.txt"))) {
      folder = join(dir, "prompts");
      return folder;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("jadpo: the runtime's prompts/ folder (answer-format.txt) was not found above its install");
    dir = parent;
  }
}

function text(name: string): string {
  const hit = texts.get(name);
  if (hit !== undefined) return hit;
  const loaded = readFileSync(join(promptsFolder(), name), "utf8").replace(/\r\n/g, "\n");
  texts.set(name, loaded);
  return loaded;
}

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
