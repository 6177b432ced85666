// The chat messages one ask sends. One system message (some local chat templates accept only
// one), the prompt's text as the user's turn, and for the correction the rejected answer as the
// assistant's turn followed by the toolchain's correction request.
import type { CompletionRequest } from "./types.ts";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export function chatMessages(req: CompletionRequest): ChatMessage[] {
  const system = [req.system, req.answerFormat ?? ""].filter((part) => part !== "").join("\n\n");
  const messages: ChatMessage[] = [];
  if (system !== "") messages.push({ role: "system", content: system });
  messages.push({ role: "user", content: req.user });
  if (req.correction !== undefined) {
    messages.push({ role: "assistant", content: req.correction.previousAnswer });
    messages.push({ role: "user", content: req.correction.error });
  }
  return messages;
}
