// What a test reads of a prompt's (or `ai.embed`'s) retries and token usage (docs/testing.md,
// "Retries" and "Usage"), worked out only when read, from what each attempt kept: a reply's own
// usage (a recording's) when it has one, else the fake's estimate of what the request sent and its
// answer. A request that failed in transport counts nothing: an attempt whose retries ran out
// carries no usage, and a retried attempt counts once, for the send that was answered.
import { codePointLength, type PromptInfo } from "@jadpo/compiler";
import { completionRequestFor, partsCodePoints } from "../drivers/request.ts";
import { addUsage, answerCodePoints, NO_USAGE, tokensOf } from "../ai/token-usage.ts";
import type { TokenUsage } from "../ai/backend.ts";
import type { Value } from "../values/value.ts";
import type { ProgramState } from "./compile-state.ts";
import type { RunContext, SentAttempt } from "./context.ts";

function toolResultPoints(a: SentAttempt): number {
  let n = 0;
  for (const result of a.toolResults ?? []) n += codePointLength(result);
  return n;
}

/**
 * The code points an attempt sends: its rendered system, text, answer format and correction; and
 * for a tool prompt's step, every earlier step's answer and every tool result sent so far.
 */
function sentCodePoints(prompt: PromptInfo, a: SentAttempt): number {
  let n = partsCodePoints(completionRequestFor(prompt, a.values, a.asType, a.correction));
  for (const step of a.steps ?? []) {
    if (step === a) break;
    if (step.reply) n += answerCodePoints(prompt, step.asType, step.reply);
    n += toolResultPoints(step);
  }
  return n + toolResultPoints(a);
}

function attemptUsage(prompt: PromptInfo, a: SentAttempt): TokenUsage {
  const reply = a.reply;
  if (!reply) return NO_USAGE;
  if (reply.usage) return reply.usage;
  return { input_tokens: tokensOf(sentCodePoints(prompt, a)), output_tokens: tokensOf(answerCodePoints(prompt, a.asType, reply)) };
}

function usageValue(usage: TokenUsage): Value {
  return { input_tokens: usage.input_tokens, output_tokens: usage.output_tokens };
}

/** `ai.<prompt>.usage`: an `AiUsage`, summed over the test's requests of the prompt. */
export function usageOf(p: ProgramState, prompt: PromptInfo): (c: RunContext) => Value {
  const index = p.promptIndex.get(prompt) ?? -1;
  return (c) => usageValue((c.ai.sent[index] ?? []).reduce((sum, a) => addUsage(sum, attemptUsage(prompt, a)), NO_USAGE));
}

/** `ai.<prompt>.retries`: the transport failures retried across the test's requests of the prompt. */
export function retriesOf(p: ProgramState, prompt: PromptInfo): (c: RunContext) => Value {
  const index = p.promptIndex.get(prompt) ?? -1;
  return (c) => (c.ai.sent[index] ?? []).reduce((sum, a) => sum + (a.reply?.retries ?? 0), 0);
}

/** `ai.embed.usage`: each call's text counts as input; an embedding answers no text. */
export function embedUsageOf(c: RunContext): Value {
  let usage = NO_USAGE;
  for (const { text, reply } of c.ai.embedReplies) {
    usage = addUsage(usage, reply.usage ?? { input_tokens: tokensOf(codePointLength(text)), output_tokens: 0 });
  }
  return usageValue(usage);
}

/** `ai.embed.retries`. */
export function embedRetriesOf(c: RunContext): Value {
  return c.ai.embedReplies.reduce((sum, { reply }) => sum + (reply.retries ?? 0), 0);
}
