// What `jadpo dev` answers a call with when the real model doesn't (docs/dev.md): the prompt's
// recording made from the call's very values, else its recordings by name — a current version
// first, then older ones — and otherwise a generated valid value (a stream: generated words). Everything is seeded from the prompt and its values, so asking the same
// question again gives the same answer, on every machine.
import { sha256Uint32, type CheckedProgram, type PromptInfo, type Type } from "@jadpo/compiler";
import type { GenerateReply, StreamReply, TokenUsage } from "../ai/backend.ts";
import { generateValue } from "../ai/defaults.ts";
import { recordingReply, recordingStream } from "../recordings/replay.ts";
import { askedWithValues } from "../recordings/values-digest.ts";
import { readRecording, type RecordingRead } from "../recordings/read.ts";
import { canonicalJson } from "../values/json.ts";
import { rng, type Rng } from "../seed.ts";
import type { JsonValue } from "../values/value.ts";
import type { ReadProjectFile } from "@jadpo/compiler";

/** The seed of one call: the first 4 bytes of SHA-256 over the prompt's name and its values as canonical JSON. */
export function callSeed(promptName: string, values: JsonValue): number {
  return sha256Uint32(`jadpo dev\u0000${promptName}\u0000${canonicalJson(values)}`);
}

export interface RecordedAnswer<R = GenerateReply> {
  /** The recording's name (`not_covered`). */
  name: string;
  /** Its answer's value, or for a tool prompt's recording with steps, the steps to replay and then the answer; a stream's pieces. */
  reply: R;
  /** The answer as the recording holds it, placeholders and all (the call log shows this). */
  recorded: JsonValue;
  /** Why this recording: it was asked with the call's very values, or none was and it is first by name. */
  why: "same values" | "no recording of these values";
  /** The usage the model reported when it was recorded (`asked.usage`), if it did. */
  usage?: TokenUsage;
}

/** A recording's reply to the call, placeholders (or a stream's pieces) filled from `random`; null when it doesn't decode. */
type ReplyOf<R> = (recording: Extract<RecordingRead, { ok: true }>, random: Rng) => R | null;

/**
 * The recording that answers a generate call (docs/dev.md; a tool prompt's replays its steps
 * first): the current recording whose `asked.values` is the call's values digest `digest` (null:
 * none is, there being no recording key); else the first that decodes as `asType` — current ones
 * by name, then older ones by name. Placeholders are filled from `seed`. One that can't be read or
 * doesn't decode is passed over (`jadpo check` and `jadpo test` report it).
 */
export function recordedAnswer(
  program: CheckedProgram, readFile: ReadProjectFile, prompt: PromptInfo, asType: Type, seed: number, digest: string | null,
): RecordedAnswer | null {
  return recordingFor(program, readFile, prompt, seed, digest, (recording, random) => {
    const replay = recordingReply(prompt, recording, asType, random);
    return replay.ok ? replay.reply : null;
  });
}

/** The recording that answers a stream call, chosen as `recordedAnswer` chooses: generated pieces of its lengths, and its stop. */
export function recordedStreamAnswer(
  program: CheckedProgram, readFile: ReadProjectFile, prompt: PromptInfo, seed: number, digest: string | null,
): RecordedAnswer<StreamReply> | null {
  return recordingFor(program, readFile, prompt, seed, digest, (recording, random) => {
    const replay = recordingStream(prompt, recording, random);
    return replay.ok ? replay.reply : null;
  });
}

function recordingFor<R>(
  program: CheckedProgram, readFile: ReadProjectFile, prompt: PromptInfo, seed: number, digest: string | null, replyOf: ReplyOf<R>,
): RecordedAnswer<R> | null {
  const read = program.recordings
    .filter((r) => r.promptName === prompt.name)
    .map((r) => {
      const bytes = readFile(r.path);
      const recording = bytes === null ? null : readRecording(bytes, { promptName: prompt.name });
      return { name: r.name, recording: recording?.ok ? recording : null };
    })
    .flatMap((r) => (r.recording === null ? [] : [{ name: r.name, recording: r.recording }]))
    .sort((a, b) => {
      const ca = a.recording.version === prompt.version ? 0 : 1;
      const cb = b.recording.version === prompt.version ? 0 : 1;
      if (ca !== cb) return ca - cb;
      return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    });
  const decodes = (recording: Extract<RecordingRead, { ok: true }>): R | null => replyOf(recording, rng(seed, "placeholders"));
  for (const { name, recording } of read) {
    if (recording.version !== prompt.version || !askedWithValues(recording.asked, digest)) continue;
    const reply = decodes(recording);
    if (reply !== null) return found(name, reply, recording, "same values");
  }
  for (const { name, recording } of read) {
    const reply = decodes(recording);
    if (reply !== null) return found(name, reply, recording, "no recording of these values");
  }
  return null;
}

function found<R>(name: string, reply: R, recording: Extract<RecordingRead, { ok: true }>, why: RecordedAnswer["why"]): RecordedAnswer<R> {
  const usage = recording.asked?.usage;
  return { name, reply, recorded: recording.answer, why, ...(usage === undefined ? {} : { usage }) };
}

/** Generated text for a stream (at least one word), from `seed`. */
export function generatedStreamText(textType: Type, seed: number): string {
  return generateValue(textType, rng(seed, "streams")) as string;
}
