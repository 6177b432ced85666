// One step of an `ai.generate` call asked of a real model: the request the driver sends for it
// (drivers/request.ts, with the loop's earlier turns) and the model's turn as the executor's reply.
// Every backend that asks a real model (`jadpo dev`'s sandbox, `jadpo ai record`, production)
// goes through here, so they all send and read a step the same way; the loop itself stays above.
import type { GenerateCall, GenerateReply } from "../ai/backend.ts";
import { completionRequestFor } from "./request.ts";
import type { CompletionRequest, ModelTurn } from "./types.ts";

/** What the driver is sent for `call`. */
export function stepRequest(call: GenerateCall): CompletionRequest {
  return completionRequestFor(call.prompt, call.values, call.asType, call.correction, call.earlier);
}

/** The model's turn as the loop reads it: text to decode, or tool calls whose arguments the loop decodes. */
export function stepReply(turn: ModelTurn): GenerateReply {
  if (turn.kind === "answer") return { kind: "text", text: turn.text };
  return { kind: "calls", calls: turn.calls.map((c) => ({ kind: "text", tool: c.tool, text: c.arguments, id: c.id })) };
}
