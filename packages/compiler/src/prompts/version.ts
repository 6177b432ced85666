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
}

/** The canonical JSON of `{name, params, system, text}`, digested (prompts/digest.ts). */
export function promptVersion(input: PromptDigestInput): string {
  return `${input.name}@${digest8({ name: input.name, params: input.params, system: input.system, text: input.text })}`;
}
