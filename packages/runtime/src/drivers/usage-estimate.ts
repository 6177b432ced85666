// The tokens a request used when no model reported them — a model that says nothing of usage (in
// `jadpo dev` or a built app), or an answer `jadpo dev` faked — counted as tests count them
// (docs/testing.md, "Usage"): ⌈n / 4⌉ for the n code points the request sends — its own parts
// and, for a tool prompt's later step, the earlier steps' answers and every tool result sent so
// far — and ⌈m / 4⌉ for its answer's m.
import { codePointLength } from "@jadpo/compiler";
import type { GenerateCall, GenerateReply, StreamCall, StreamReply, TokenUsage } from "../ai/backend.ts";
import { answerCodePoints, tokensOf } from "../ai/token-usage.ts";
import { completionRequestFor, partsCodePoints } from "./request.ts";

/** The code points one step of `call` sends. */
function sentCodePoints(call: GenerateCall): number {
  let n = partsCodePoints(completionRequestFor(call.prompt, call.values, call.asType, call.correction));
  for (const turn of call.earlier ?? []) {
    if (turn.kind === "correction") {
      n += codePointLength(turn.correction.answer);
      continue;
    }
    n += answerCodePoints(call.prompt, call.asType, { kind: "calls", calls: turn.calls.map((run) => run.call) });
    for (const run of turn.calls) n += codePointLength(run.result);
  }
  return n;
}

/** The code points of what answered: a recording's replayed steps count each step's answer. */
function answeredCodePoints(call: GenerateCall, reply: GenerateReply): number {
  if (reply.kind !== "replay") return answerCodePoints(call.prompt, call.asType, reply);
  return reply.steps.reduce((n, step) => n + answeredCodePoints(call, step), 0);
}

/** One step of a generate call answered by `reply`. */
export function estimatedStepUsage(call: GenerateCall, reply: GenerateReply): TokenUsage {
  return { input_tokens: tokensOf(sentCodePoints(call)), output_tokens: tokensOf(answeredCodePoints(call, reply)) };
}

/** A stream call answered by `reply`. */
export function estimatedStreamUsage(call: StreamCall, reply: StreamReply): TokenUsage {
  const sent = partsCodePoints(completionRequestFor(call.prompt, call.values, null));
  return { input_tokens: tokensOf(sent), output_tokens: tokensOf(codePointLength(reply.text)) };
}

/** An embedding: its text is the input, and it answers no text. */
export function estimatedEmbedUsage(text: string): TokenUsage {
  return { input_tokens: tokensOf(codePointLength(text)), output_tokens: 0 };
}
