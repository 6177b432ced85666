// Reading a chat completion's `tool_calls` (docs/ai.md, "Tools"): each call's id, the tool's name,
// and its arguments as the JSON text the model wrote. The arguments are not decoded here: the
// tool loop decodes them as the tool's arguments type, and a call that doesn't decode goes back to
// the model as its error. Only a body that isn't a list of tool calls at all is the driver's failure.
import { isRecord } from "./errors.ts";
import type { ModelToolCall } from "./types.ts";

export type ToolCallsRead =
  | { ok: true; calls: ModelToolCall[] }
  | { ok: false; failure: "model_error" | "too_long"; message: string };

const bad = (message: string): ToolCallsRead => ({ ok: false, failure: "model_error", message });

/** `message.tool_calls` of a completion; `maxAnswerBytes` bounds the arguments, all together, as it bounds an answer. */
export function readToolCalls(raw: unknown, maxAnswerBytes: number): ToolCallsRead {
  if (!Array.isArray(raw)) return bad("the model's `tool_calls` is not a list");
  const calls: ModelToolCall[] = [];
  let bytes = 0;
  for (const [i, entry] of raw.entries()) {
    const fn = isRecord(entry) ? entry["function"] : undefined;
    if (!isRecord(entry) || !isRecord(fn)) return bad(`the model's tool call ${i + 1} has no \`function\``);
    if (entry["type"] !== undefined && entry["type"] !== "function") {
      return bad(`the model's tool call ${i + 1} is of type ${JSON.stringify(entry["type"])}, not "function"`);
    }
    const name = fn["name"];
    if (typeof name !== "string" || name === "") return bad(`the model's tool call ${i + 1} names no tool`);
    const args = fn["arguments"];
    // The wire form is JSON text; some servers send the object itself. Anything else is passed on
    // as it came, for decoding to report to the model.
    const text = typeof args === "string" ? args : isRecord(args) ? JSON.stringify(args) : args === undefined || args === null ? "" : JSON.stringify(args);
    bytes += Buffer.byteLength(text, "utf8");
    // A call without an id can't be answered by id: it gets one that is unique within the step.
    const id = typeof entry["id"] === "string" && entry["id"] !== "" ? entry["id"] : `call_${i + 1}`;
    calls.push({ id, tool: name, arguments: text });
  }
  if (bytes > maxAnswerBytes) {
    return { ok: false, failure: "too_long", message: `the model's tool calls are longer than max_answer (${maxAnswerBytes} bytes)` };
  }
  return { ok: true, calls };
}
