// From a prompt call to what the driver sends: the prompt's texts rendered with the call's
// values, the toolchain's answer-format instruction for the `as:` type, and on the correction
// attempt the toolchain's correction request (all texts from the runtime's prompts/ folder).
import type { PromptInfo, Type } from "@jadpo/compiler";
import type { DecodeError } from "../ai/decode.ts";
import { answerFormatInstruction, correctionRequest } from "../ai/prompt-texts.ts";
import { renderPromptText } from "../ai/render-prompt.ts";
import { shapeOf } from "../values/shape.ts";
import type { Value } from "../values/value.ts";
import type { CompletionRequest } from "./types.ts";

/**
 * One ask of `prompt` with `values` (its values record). `asType` is the `ai.generate` call's
 * `as:` type, null for `ai.stream`; `correction` the rejected answer and its decode error.
 */
export function completionRequestFor(
  prompt: PromptInfo,
  values: Value,
  asType: Type | null,
  correction?: { answer: string; error: DecodeError },
): CompletionRequest {
  const shape = shapeOf({ kind: "named", decl: prompt.valuesType });
  const paramTypes = new Map(shape.kind === "object" ? shape.fields.map((f): [string, Type] => [f.name, f.type]) : []);
  const record = values !== null && typeof values === "object" && !Array.isArray(values) ? values : {};
  return {
    system: renderPromptText(prompt.system, record, paramTypes),
    user: renderPromptText(prompt.text, record, paramTypes),
    answerFormat: asType === null ? null : answerFormatInstruction(asType),
    ...(correction === undefined
      ? {}
      : { correction: { previousAnswer: correction.answer, error: correctionRequest(correction.answer, correction.error) } }),
  };
}

/**
 * The four parts of a request as a test reads them (`ai.<prompt>.sent`, a `SentRequest`) and
 * `jadpo ai show --render` prints them: the same request the driver sends, named for users.
 */
export interface SentParts {
  system: string;
  text: string;
  answer_format: string;
  correction: string | null;
}

export function sentParts(req: CompletionRequest): SentParts {
  return { system: req.system, text: req.user, answer_format: req.answerFormat ?? "", correction: req.correction?.error ?? null };
}
