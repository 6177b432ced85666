// A prompt's version, `<name>@<8 hex>` (docs/language.md): the first 8 hex digits of the SHA-256 of the
// canonical JSON of its name, parameters (types as spelled), system and text.
// Test vector: the example project's `answer_question` is `answer_question@b44ecc53`.
import { digest8 } from "./digest.ts";
import type { TypeRef } from "../syntax/ast.ts";

/** A type as spelled in source, without spaces: `List<Text>`, `Text?`. */
export function spellTypeRef(ref: TypeRef): string {
  if (ref.kind === "optional") return `${spellTypeRef(ref.inner)}?`;
  if (ref.args.length === 0) return ref.name.name;
  return `${ref.name.name}<${ref.args.map(spellTypeRef).join(",")}>`;
}

export interface PromptDigestInput {
  name: string;
  params: [string, string][];
  system: string;
  text: string;
  /** `[name, description, arguments type]` per tool, in `tools:` order; absent (or empty) without tools. */
  tools?: [string, string, string][];
}

/**
 * The canonical JSON of `{name, params, system, text}`, digested (prompts/digest.ts). A prompt
 * with tools adds `tools`; one without has no such key, so its version is what it was.
 */
export function promptVersion(input: PromptDigestInput): string {
  const json = { name: input.name, params: input.params, system: input.system, text: input.text };
  const tools = input.tools ?? [];
  return `${input.name}@${digest8(tools.length === 0 ? json : { ...json, tools })}`;
}
