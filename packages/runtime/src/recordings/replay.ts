// A recording as the answer to one `ai.generate` call (docs/testing.md): its steps' arguments and
// its answer filled from the placeholders' stream, in that order, and decoded. A prompt without
// tools is answered by the value; a tool prompt whose recording has steps replays them — the loop
// runs the tools again on the filled arguments — and then answers: 1 + steps steps from one item.
// A stream prompt's recording answers one `ai.stream` call: generated pieces of the recorded
// lengths, and the recorded stop.
import type { PromptInfo, Type } from "@jadpo/compiler";
import type { GenerateReply, StreamReply } from "../ai/backend.ts";
import { decodeValue, type DecodeError } from "../ai/decode.ts";
import type { Rng } from "../seed.ts";
import type { JsonValue } from "../values/value.ts";
import { fillPlaceholders } from "./placeholders.ts";
import { decodeSteps, type RecordedStep } from "./steps.ts";
import { decodeRecordedStream, replayStream } from "./stream-answer.ts";

export type RecordingReply = { ok: true; reply: GenerateReply } | { ok: false; problem: DecodeError | string };

/** What a recording's `steps` can't be, whatever they hold: a prompt without tools has none. */
export function stepsWithoutTools(prompt: PromptInfo): string {
  return `it has \`steps\`, but \`${prompt.name}\` has no tools`;
}

/** The recording read as `asType`'s answer to `prompt`, placeholders filled from `rng`. */
export function recordingReply(
  prompt: PromptInfo, read: { answer: JsonValue; steps: readonly RecordedStep[] | null }, asType: Type, rng: Rng,
): RecordingReply {
  let steps: GenerateReply[] = [];
  if (read.steps !== null) {
    if (prompt.tools.length === 0) return { ok: false, problem: stepsWithoutTools(prompt) };
    const decoded = decodeSteps(prompt, read.steps, rng);
    if (!decoded.ok) return { ok: false, problem: decoded.error };
    steps = decoded.steps.map((calls): GenerateReply => ({ kind: "calls", calls: calls.map((c) => ({ kind: "value", tool: c.tool.name, value: c.args })) }));
  }
  const filled = fillPlaceholders(asType, read.answer, rng);
  if (!filled.ok) return { ok: false, problem: filled.error };
  const decoded = decodeValue(asType, filled.json);
  if (!decoded.ok) return { ok: false, problem: decoded.error };
  const answer: GenerateReply = { kind: "value", value: decoded.value };
  return { ok: true, reply: steps.length === 0 ? answer : { kind: "replay", steps: [...steps, answer] } };
}

export type RecordingStream = { ok: true; reply: StreamReply } | { ok: false; problem: DecodeError | string };

/** The recording read as a stream prompt's answer, its pieces' text generated from `rng`. */
export function recordingStream(
  prompt: PromptInfo, read: { answer: JsonValue; steps: readonly RecordedStep[] | null }, rng: Rng,
): RecordingStream {
  // A streamed prompt has no tools (that is `ai.stream_tools`), so it has no steps either.
  if (read.steps !== null) return { ok: false, problem: stepsWithoutTools(prompt) };
  const decoded = decodeRecordedStream(read.answer);
  if (!decoded.ok) return { ok: false, problem: decoded.error };
  return { ok: true, reply: replayStream(decoded.stream, rng) };
}
