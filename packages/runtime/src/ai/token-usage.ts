// Tokens as the fake counts them (docs/testing.md, "Usage"), one figure every backend can fall back
// on when the model reports none: ⌈n / 4⌉ input for the n code points a request sends, ⌈m / 4⌉
// output for the m code points of its answer's text — an answer as the fake would write it
// (canonical JSON; a Text-based value as is), tool calls as canonical JSON, nothing for a failure.
import { codePointLength, isTextBased, type PromptInfo, type Type } from "@jadpo/compiler";
import type { GenerateReply, StreamReply, TokenUsage, ToolCallReply } from "./backend.ts";
import { canonicalJson, toJson } from "../values/json.ts";
import type { JsonValue, Value } from "../values/value.ts";

export const NO_USAGE: TokenUsage = { input_tokens: 0, output_tokens: 0 };

/** The estimate for `codePoints` of text. */
export function tokensOf(codePoints: number): number {
  return Math.ceil(codePoints / 4);
}

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { input_tokens: a.input_tokens + b.input_tokens, output_tokens: a.output_tokens + b.output_tokens };
}

/** A value answered as `type`, as the fake writes it: a Text-based value as is, anything else canonical JSON. */
export function valueAnswerText(type: Type, value: Value): string {
  if (isTextBased(type) && typeof value === "string") return value;
  return canonicalJson(toJson(type, value));
}

/** A `raw_call`'s arguments: its text as JSON when it is, else the text itself. */
function rawArguments(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

/** A step's tool calls as a model would answer them: `[{"arguments":{…},"tool":"find_order"}]`. */
export function toolCallsText(prompt: PromptInfo, calls: ToolCallReply[]): string {
  return canonicalJson(calls.map((call): JsonValue => {
    if (call.kind === "text") return { arguments: rawArguments(call.text), tool: call.tool };
    const tool = prompt.tools.find((t) => t.name === call.tool);
    return { arguments: tool ? toJson(tool.argsType, call.value) : (call.value as JsonValue), tool: call.tool };
  }));
}

/** The code points of a generate step's answer (`asType` the call's) or of a stream's text. */
export function answerCodePoints(prompt: PromptInfo, asType: Type | null, reply: GenerateReply | StreamReply): number {
  if ("pieces" in reply) return codePointLength(reply.text);
  switch (reply.kind) {
    case "value":
      return asType === null ? 0 : codePointLength(valueAnswerText(asType, reply.value));
    case "text":
    case "undecodable":
      return codePointLength(reply.text);
    case "calls":
      return codePointLength(toolCallsText(prompt, reply.calls));
    case "failure":
      return 0;
    case "replay":
      // Never an attempt's reply: the loop keeps each replayed step's own.
      return 0;
    default:
      return reply satisfies never;
  }
}

/**
 * A recording's answer carrying the usage the recording kept: the whole item's, so a tool
 * prompt's replayed steps before the answer count nothing of their own.
 */
export function withRecordedUsage(reply: GenerateReply, usage: TokenUsage): GenerateReply {
  if (reply.kind !== "replay") return { ...reply, usage };
  const last = reply.steps.length - 1;
  return { ...reply, steps: reply.steps.map((step, i) => ({ ...step, usage: i === last ? usage : NO_USAGE })) };
}
