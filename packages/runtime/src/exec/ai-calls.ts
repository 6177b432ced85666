// The AI capability as the program sees it (docs/ai.md): `ai.generate` with decoding and exactly one
// correction, `ai.stream`, `ai.embed`, and the `requests`/`attempts`/`sent` a test reads. This sits
// above the backend, so the test fake and `jadpo dev`'s backends share the same decoding and retry.
// A reply's `afterMs` (a scripted `after`, a scripted timeout) moves the test clock: nothing sleeps.
// Each call's outcome is counted here, where it is decided, for `--coverage` (and `retried`, once
// per call, when any of its requests was sent again after a transport failure); a generate call's
// is told to the backend too, for its logs.
import type { FailureInfo, PromptInfo, Span, Type } from "@jadpo/compiler";
import type { AiFailureWord } from "@jadpo/compiler";
import { whenDone, type Correction, type EmbedReply, type GenerateReply, type StreamReply, type Took } from "../ai/backend.ts";
import { completionRequestFor, sentParts } from "../drivers/request.ts";
import { decodeAnswer } from "../ai/decode.ts";
import type { Invoke } from "./closure.ts";
import { countRetried, endGenerate, type RunContext, type SentAttempt } from "./context.ts";
import type { ProgramState } from "./compile-state.ts";
import { FailureSignal, InternalFault } from "../signals.ts";
import { toolGenerateInvoke } from "./tool-loop.ts";
import type { Value } from "../values/value.ts";

function aiFailure(p: ProgramState, word: AiFailureWord): FailureInfo {
  return p.program.aiFailures[word];
}

function notSync(what: string): InternalFault {
  return new InternalFault(`the AI backend answered ${what} asynchronously where the program was compiled for a synchronous one`);
}

function isPromise(v: unknown): v is Promise<unknown> {
  return v instanceof Promise;
}

/** A reply arrives `afterMs` later on the run's clock. */
function arrive<R extends Took>(c: RunContext, reply: R): R {
  if (reply.afterMs !== undefined && reply.afterMs > 0) c.clock += reply.afterMs;
  return reply;
}

/** The attempt keeps what answered it, for `ai.<prompt>.retries` and `.usage`. */
function answers<R extends GenerateReply | StreamReply>(sent: SentAttempt, reply: R | Promise<R>): R | Promise<R> {
  return whenDone(reply, (done) => {
    sent.reply = done;
    return done;
  });
}

/**
 * One attempt's reply → the call's value, or the correction to ask with next. Throws the AI
 * failure a `failure` reply stands for, and ends the call with its outcome.
 */
function settle(p: ProgramState, c: RunContext, prompt: PromptInfo, span: Span, asType: Type, attempt: number, reply: GenerateReply): { value: Value } | Correction {
  switch (reply.kind) {
    case "value":
      endGenerate(c, span, prompt, asType, c.depth, attempt === 1 ? "success" : "corrected", reply.value);
      return { value: reply.value };
    case "failure":
      endGenerate(c, span, prompt, asType, c.depth, reply.failure);
      throw new FailureSignal(aiFailure(p, reply.failure));
    case "undecodable":
      return { answer: reply.text, error: reply.error };
    case "text": {
      const decoded = decodeAnswer(asType, reply.text);
      if (!decoded.ok) return { answer: reply.text, error: decoded.error };
      endGenerate(c, span, prompt, asType, c.depth, attempt === 1 ? "success" : "corrected", decoded.value);
      return { value: decoded.value };
    }
    case "calls":
    case "replay":
      throw new InternalFault("the AI backend answered `ai.generate` with tool calls for a prompt without tools");
  }
}

/** Neither the answer nor its correction decoded. */
function unreadableCall(p: ProgramState, c: RunContext, prompt: PromptInfo, span: Span, asType: Type): FailureSignal {
  endGenerate(c, span, prompt, asType, c.depth, "unreadable");
  return new FailureSignal(p.program.aiFailures.unreadable);
}

/** `ai.generate(values, as: T)`: the one values argument is already evaluated. */
export function generateInvoke(p: ProgramState, prompt: PromptInfo, asType: Type, span: Span): Invoke {
  if (prompt.tools.length > 0) return toolGenerateInvoke(p, prompt, asType, span);
  const index = p.promptIndex.get(prompt) ?? -1;
  const ask = (c: RunContext, values: Value, attempt: number, correction: Correction | undefined) => {
    const sent: SentAttempt = correction ? { values, asType, correction } : { values, asType };
    (c.ai.sent[index] ??= []).push(sent);
    const depth = c.depth;
    return answers(sent, c.ai.backend.generate(correction ? { prompt, values, asType, attempt, correction, depth, span } : { prompt, values, asType, attempt, depth, span }));
  };

  if (p.aiMode === "sync") {
    return {
      async: false,
      call([values], c) {
        (c.ai.requests[index] ??= []).push(values);
        let correction: Correction | undefined;
        let retried = false;
        for (let attempt = 1; attempt <= 2; attempt++) {
          const reply = ask(c, values, attempt, correction);
          if (isPromise(reply)) throw notSync("`ai.generate`");
          retried = countRetried(c, span, reply, retried);
          const settled = settle(p, c, prompt, span, asType, attempt, arrive(c, reply));
          if ("value" in settled) return settled.value;
          correction = settled;
        }
        throw unreadableCall(p, c, prompt, span, asType);
      },
    };
  }
  return {
    async: true,
    async call([values], c) {
      (c.ai.requests[index] ??= []).push(values);
      let correction: Correction | undefined;
      let retried = false;
      for (let attempt = 1; attempt <= 2; attempt++) {
        const reply = await ask(c, values, attempt, correction);
        retried = countRetried(c, span, reply, retried);
        const settled = settle(p, c, prompt, span, asType, attempt, arrive(c, reply));
        if ("value" in settled) return settled.value;
        correction = settled;
      }
      throw unreadableCall(p, c, prompt, span, asType);
    },
  };
}

function streamedText(c: RunContext, span: Span, reply: StreamReply): Value {
  c.ai.count?.(span, reply.stopped);
  countRetried(c, span, reply, false);
  return { pieces: reply.pieces, text: reply.text, stopped: reply.stopped };
}

/** `ai.stream(values)`: never fails; the stop is in the value. */
export function streamInvoke(p: ProgramState, prompt: PromptInfo, span: Span): Invoke {
  const index = p.promptIndex.get(prompt) ?? -1;
  const start = (c: RunContext, values: Value) => {
    (c.ai.requests[index] ??= []).push(values);
    const sent: SentAttempt = { values, asType: null };
    // Every attempt is sent once: its number is the count sent so far.
    const attempt = (c.ai.sent[index] ??= []).push(sent);
    return answers(sent, c.ai.backend.stream({ prompt, values, attempt, span }));
  };
  if (p.aiMode === "sync") {
    return {
      async: false,
      call([values], c) {
        const reply = start(c, values);
        if (isPromise(reply)) throw notSync("`ai.stream`");
        return streamedText(c, span, arrive(c, reply));
      },
    };
  }
  return { async: true, call: async ([values], c) => streamedText(c, span, arrive(c, await start(c, values))) };
}

function embedded(p: ProgramState, c: RunContext, span: Span, reply: EmbedReply): Value {
  c.ai.count?.(span, reply.kind === "vector" ? "success" : reply.failure);
  countRetried(c, span, reply, false);
  if (reply.kind === "failure") throw new FailureSignal(aiFailure(p, reply.failure));
  return reply.vector;
}

/** `ai.embed(text)`: an Embedding, or one of the AI failures (no decoding, so no correction). */
export function embedInvoke(p: ProgramState, span: Span): Invoke {
  const start = (c: RunContext, text: Value) => {
    const attempt = c.ai.embedRequests.push(text as string);
    return whenDone(c.ai.backend.embed({ text: text as string, dimensions: c.ai.dimensions, attempt, span }), (reply) => {
      c.ai.embedReplies.push({ text: text as string, reply });
      return reply;
    });
  };
  if (p.aiMode === "sync") {
    return {
      async: false,
      call([text], c) {
        const reply = start(c, text);
        if (isPromise(reply)) throw notSync("`ai.embed`");
        return embedded(p, c, span, arrive(c, reply));
      },
    };
  }
  return { async: true, call: async ([text], c) => embedded(p, c, span, arrive(c, await start(c, text))) };
}

/** `ai.<prompt>.requests`: a snapshot, so later calls don't change a list the test already holds. */
export function requestsOf(p: ProgramState, prompt: PromptInfo): (c: RunContext) => Value {
  const index = p.promptIndex.get(prompt) ?? -1;
  return (c) => c.ai.requests[index]?.slice() ?? [];
}

/** `ai.<prompt>.attempts`: corrections included, as each attempt is sent. */
export function attemptsOf(p: ProgramState, prompt: PromptInfo): (c: RunContext) => Value {
  const index = p.promptIndex.get(prompt) ?? -1;
  return (c) => c.ai.sent[index]?.length ?? 0;
}

/**
 * `ai.<prompt>.sent`: each attempt's request rendered by the driver's own code
 * (drivers/request.ts), so a test sees exactly what a real model would be sent.
 */
export function sentOf(p: ProgramState, prompt: PromptInfo): (c: RunContext) => Value {
  const index = p.promptIndex.get(prompt) ?? -1;
  return (c) => (c.ai.sent[index] ?? []).map((a) => ({
    ...sentParts(completionRequestFor(prompt, a.values, a.asType, a.correction)),
    tool_results: a.toolResults?.slice() ?? [],
  }));
}

/** `ai.embed.requests`: a snapshot of the texts embedded so far. */
export function embedRequestsOf(c: RunContext): Value {
  return c.ai.embedRequests.slice();
}

/** `ai.embed.attempts`: one per call (embedding has no correction). */
export function embedAttemptsOf(c: RunContext): Value {
  return c.ai.embedRequests.length;
}
