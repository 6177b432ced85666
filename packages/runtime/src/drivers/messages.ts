// The chat messages one ask sends. One system message (some local chat templates accept only
// one), the prompt's text as the user's turn; for a tool prompt's later step, each earlier step's
// tool calls as the assistant's turn, each answered by a `tool` message with its `tool_call_id`;
// for a correction, the rejected answer as the assistant's turn followed by the toolchain's
// correction request.
import type { CompletionRequest, CorrectionTurn, ToolDefinition } from "./types.ts";

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string }
  | { role: "assistant"; content: null; tool_calls: ChatToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

export interface ChatToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** A tool in the request's `tools` list. */
export interface ChatTool {
  type: "function";
  function: { name: string; description: string; parameters: { [key: string]: unknown } };
}

function corrected(correction: CorrectionTurn): ChatMessage[] {
  return [
    { role: "assistant", content: correction.previousAnswer },
    { role: "user", content: correction.error },
  ];
}

export function chatMessages(req: CompletionRequest): ChatMessage[] {
  const system = [req.system, req.answerFormat ?? ""].filter((part) => part !== "").join("\n\n");
  const messages: ChatMessage[] = [];
  if (system !== "") messages.push({ role: "system", content: system });
  messages.push({ role: "user", content: req.user });
  for (const turn of req.earlier ?? []) {
    if (turn.kind === "correction") {
      messages.push(...corrected(turn.correction));
      continue;
    }
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: turn.calls.map((call) => ({ id: call.id, type: "function", function: { name: call.tool, arguments: call.arguments } })),
    });
    for (const call of turn.calls) messages.push({ role: "tool", tool_call_id: call.id, content: call.result });
  }
  if (req.correction !== undefined) messages.push(...corrected(req.correction));
  return messages;
}

/** The request's `tools`, or undefined when the prompt has none (the key is then not sent). */
export function chatTools(tools: readonly ToolDefinition[] | undefined): ChatTool[] | undefined {
  if (tools === undefined || tools.length === 0) return undefined;
  return tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } }));
}
