// From a prompt call to what the driver sends: the prompt's texts rendered with the call's
// values, the toolchain's answer-format instruction for the `as:` type, a tool prompt's tools
// (each with its arguments type's JSON Schema) and its loop's earlier turns, and on a correction
// the toolchain's correction request (all texts from the runtime's prompts/ folder).
import { codePointLength, type PromptInfo, type Type } from "@jadpo/compiler";
import type { Correction, LoopTurn, ToolCallReply } from "../ai/backend.ts";
import { jsonSchemaOf } from "../ai/json-schema.ts";
import { answerFormatInstruction, correctionRequest } from "../ai/prompt-texts.ts";
import { renderPromptText } from "../ai/render-prompt.ts";
import { canonicalJson, toJson } from "../values/json.ts";
import { shapeOf } from "../values/shape.ts";
import type { Value } from "../values/value.ts";
import type { CompletionRequest, CorrectionTurn, EarlierTurn, ToolDefinition } from "./types.ts";

/**
 * One ask of `prompt` with `values` (its values record). `asType` is the `ai.generate` call's
 * `as:` type, null for `ai.stream`; `correction` the rejected answer and its decode error;
 * `earlier` a tool prompt's earlier turns in this call.
 */
export function completionRequestFor(
  prompt: PromptInfo,
  values: Value,
  asType: Type | null,
  correction?: Correction,
  earlier?: readonly LoopTurn[],
): CompletionRequest {
  const shape = shapeOf({ kind: "named", decl: prompt.valuesType });
  const paramTypes = new Map(shape.kind === "object" ? shape.fields.map((f): [string, Type] => [f.name, f.type]) : []);
  const record = values !== null && typeof values === "object" && !Array.isArray(values) ? values : {};
  return {
    system: renderPromptText(prompt.system, record, paramTypes),
    user: renderPromptText(prompt.text, record, paramTypes),
    answerFormat: asType === null ? null : answerFormatInstruction(asType),
    ...(prompt.tools.length === 0 ? {} : { tools: toolDefinitions(prompt) }),
    ...(earlier === undefined || earlier.length === 0 ? {} : { earlier: earlier.map((turn, i) => earlierTurn(prompt, turn, i)) }),
    ...(correction === undefined ? {} : { correction: correctionTurn(correction) }),
  };
}

function correctionTurn(correction: Correction): CorrectionTurn {
  return { previousAnswer: correction.answer, error: correctionRequest(correction.answer, correction.error) };
}

/** Every step of every call of a prompt sends the same tools: made once per prompt. */
const definitions = new WeakMap<PromptInfo, ToolDefinition[]>();

/** A tool prompt's tools as the model is told of them, in `tools:` order. */
export function toolDefinitions(prompt: PromptInfo): ToolDefinition[] {
  let made = definitions.get(prompt);
  if (made === undefined) {
    made = prompt.tools.map((t) => ({ name: t.name, description: t.description, parameters: jsonSchemaOf(t.argsType) }));
    definitions.set(prompt, made);
  }
  return made;
}

/** The arguments as the model is shown it wrote them: its own text, or a value as canonical JSON. */
function argumentsText(prompt: PromptInfo, call: ToolCallReply): string {
  if (call.kind === "text") return call.text;
  const tool = prompt.tools.find((t) => t.name === call.tool);
  return canonicalJson(tool === undefined ? null : toJson(tool.argsType, call.value));
}

function earlierTurn(prompt: PromptInfo, turn: LoopTurn, index: number): EarlierTurn {
  if (turn.kind === "correction") return { kind: "correction", correction: correctionTurn(turn.correction) };
  return {
    kind: "tool_calls",
    calls: turn.calls.map((run, i) => ({
      // A call the fake or a recording made has no id of the model's: one unique in the conversation.
      id: run.call.id ?? `call_${index + 1}_${i + 1}`,
      tool: run.call.tool,
      arguments: argumentsText(prompt, run.call),
      result: run.result,
    })),
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

/**
 * The code points of a request's own parts — its rendered system, text, answer format and
 * correction — as the usage estimate counts them (docs/testing.md, "Usage").
 */
export function partsCodePoints(req: CompletionRequest): number {
  return codePointLength(req.system) + codePointLength(req.user) + codePointLength(req.answerFormat ?? "") + codePointLength(req.correction?.error ?? "");
}

export function sentParts(req: CompletionRequest): SentParts {
  return { system: req.system, text: req.user, answer_format: req.answerFormat ?? "", correction: req.correction?.error ?? null };
}
