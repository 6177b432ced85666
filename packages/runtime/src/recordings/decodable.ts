// Whether each recording of a project decodes (docs/testing.md): the recording test's check, and
// what `jadpo check` and the editor report, without the test runner. A recording is decoded through
// every type its prompt is asked for as, placeholders filled from the recording test's own seed.
import {
  fileStart, fixturesFor, recordingPath,
  type CheckedProgram, type Diagnostic, type PromptInfo, type ReadProjectFile, type RecordingFile, type Type,
} from "@jadpo/compiler";
import { readRecording } from "./read.ts";
import { currentModel } from "./current-model.ts";
import { fillPlaceholders } from "./placeholders.ts";
import { stepsWithoutTools } from "./replay.ts";
import { decodeSteps, type RecordedStep } from "./steps.ts";
import { decodeRecordedStream } from "./stream-answer.ts";
import { decodeValue } from "../ai/decode.ts";
import type { DecodeError } from "../ai/decode.ts";
import { undecodableRecording } from "../ai/undecodable-recording.ts";
import { rng, testSeed } from "../seed.ts";
import type { JsonValue } from "../values/value.ts";
import type { Alert } from "../runner/events.ts";

/** `<prompt>'s <name> recording decodes` (docs/testing.md): the recording test's name, its seed made from it. */
export function recordingTestName(recording: RecordingFile): string {
  return `${recording.promptName}'s ${recording.name} recording decodes`;
}

/** The seed a recording's placeholders are filled from, under the run seed `runSeed`. */
export function recordingSeed(runSeed: number, recording: RecordingFile): number {
  return testSeed(runSeed, recording.path, recordingTestName(recording));
}

/** The prompt the recording's folder names, when it is declared beside the `recordings/` folder. */
function promptBeside(program: CheckedProgram, recording: RecordingFile): PromptInfo | null {
  const prompt = program.prompts.get(recording.promptName);
  if (!prompt) return null;
  return recording.path === recordingPath(prompt.file.path, prompt.name, recording.name) ? prompt : null;
}

const loadedBytes = new WeakMap<CheckedProgram, Map<string, Uint8Array | null>>();

/** The bytes the compiler read with the project (so every thread sees the same file), else the file's. */
function recordingBytes(program: CheckedProgram, recording: RecordingFile, readFile: ReadProjectFile): Uint8Array | "too_large" | null {
  let byPath = loadedBytes.get(program);
  if (!byPath) {
    byPath = new Map((program.graph.recordings ?? []).map((source) => [source.path, source.bytes]));
    loadedBytes.set(program, byPath);
  }
  if (byPath.has(recording.path)) return byPath.get(recording.path) ?? "too_large";
  return readFile(recording.path);
}

/**
 * Why the recording doesn't decode — a step's call (`member` on `steps[0].calls[0].tool`), or the
 * answer through one of `types` (`type` on `resolved_by_articles`), or a stream prompt's answer as
 * a stream's (`min` on `pieces[1]`) — or null.
 */
export function checkRecordingAnswer(
  prompt: PromptInfo, types: Type[], read: { answer: JsonValue; steps: readonly RecordedStep[] | null }, seed: number,
): DecodeError | string | null {
  // One stream for the whole test: placeholders are filled from the test's seed, the steps' first
  // (as a replay fills them), then the answer's in type order.
  const random = rng(seed, "placeholders");
  if (read.steps !== null) {
    if (prompt.tools.length === 0) return stepsWithoutTools(prompt);
    const steps = decodeSteps(prompt, read.steps, random);
    if (!steps.ok) return steps.error;
  }
  const answer = read.answer;
  // A stream's recording keeps its pieces' lengths and its stop; its text is generated when read.
  if (prompt.use === "stream") {
    const stream = decodeRecordedStream(answer);
    return stream.ok ? null : stream.error;
  }
  for (const type of types) {
    const filled = fillPlaceholders(type, answer, random);
    if (!filled.ok) return filled.error;
    const decoded = decodeValue(type, filled.json);
    if (!decoded.ok) return decoded.error;
  }
  return null;
}

/** Why a recording can't be used. */
export interface RecordingProblem {
  problem: DecodeError | string;
  /** `asked.fixture`, when the file remembers it. */
  fixture?: string;
  /** Recording it again can fix it (its prompt is declared beside it and asked). */
  recordable: boolean;
}

/** Why the recording can't be read (null when it decodes through every type), and its alert. */
export function recordingProblem(
  program: CheckedProgram, recording: RecordingFile, seed: number, readFile: ReadProjectFile, env?: NodeJS.ProcessEnv,
): { problem: RecordingProblem | null; alert: Alert | null } {
  const stop = (problem: string, recordable: boolean): { problem: RecordingProblem; alert: null } => ({ problem: { problem, recordable }, alert: null });
  const prompt = promptBeside(program, recording);
  if (!prompt) return stop(`no prompt \`${recording.promptName}\` is declared beside its \`recordings/\` folder`, false);
  const bytes = recordingBytes(program, recording, readFile);
  if (bytes === "too_large") return stop("the file is larger than 16 MiB", true);
  if (!bytes) return stop("its file can't be read", true);
  const parsed = readRecording(bytes, { promptName: recording.promptName });
  if (!parsed.ok) return stop(parsed.problem, true);
  if (prompt.calls.length === 0) return stop(`no call asks \`${prompt.name}\``, false);
  const fixture = parsed.asked?.fixture;
  const decodeError = checkRecordingAnswer(prompt, prompt.asTypes, parsed, seed);
  if (decodeError !== null) return { problem: { problem: decodeError, recordable: true, ...(fixture === undefined ? {} : { fixture }) }, alert: null };
  const base = {
    prompt: prompt.name, name: recording.name, file: recording.path,
    ...(fixture === undefined ? { without: { fixtures: fixturesFor(program.graph, prompt), valuesType: prompt.valuesType.name } } : { fixture }),
  };
  // One alert per recording: an older version says it all; the model is compared only when the prompt is current.
  if (parsed.version !== prompt.version) {
    const alert: Alert = { ...base, kind: "stale_recording", recordedVersion: versionDigits(parsed.version), currentVersion: versionDigits(prompt.version) };
    return { problem: null, alert };
  }
  const model = currentModel(program, env);
  if (parsed.asked !== null && model !== null && parsed.asked.model !== model) {
    return { problem: null, alert: { ...base, kind: "model_drift", recordedModel: parsed.asked.model, currentModel: model } };
  }
  return { problem: null, alert: null };
}

function versionDigits(version: string): string {
  const at = version.lastIndexOf("@");
  return at < 0 ? version : version.slice(at + 1);
}

/** `test.recording_undecodable` at the recording's start, `problem` in its details. */
export function undecodableDiagnostic(recording: RecordingFile, problem: RecordingProblem): Diagnostic {
  return undecodableRecording(fileStart(recording.path), { prompt: recording.promptName, name: recording.name, ...problem });
}

/** One diagnostic per recording of `program` that doesn't decode, as under the run seed 1. */
export function undecodableRecordings(program: CheckedProgram, readFile: ReadProjectFile): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const recording of program.recordings) {
    const { problem } = recordingProblem(program, recording, recordingSeed(1, recording), readFile);
    if (problem !== null) found.push(undecodableDiagnostic(recording, problem));
  }
  return found;
}
