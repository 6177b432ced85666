// A recording test (docs/testing.md): decodes one recording through every type its prompt is asked
// for as, placeholders filled from the test's own seed. It fails as `test.recording_undecodable`;
// a recording made from an older prompt still passes, with an alert.
import { fileStart, fixturesFor, recordingPath, TEXT, type CheckedProgram, type PromptInfo, type ReadProjectFile, type RecordingFile, type Type } from "@jadpo/compiler";
import { readRecording } from "../recordings/read.ts";
import { currentModel } from "../recordings/current-model.ts";
import { testSeed } from "../seed.ts";
import type { Alert, TestResult } from "./events.ts";
import type { TestOutcome } from "./outcome.ts";
import { recordingTestName } from "./plan.ts";
import { checkRecordingAnswer } from "./recording-answer.ts";
import { nowMs } from "../clock.ts";
import type { DecodeError } from "../ai/decode-error.ts";
import { undecodableRecording } from "../ai/undecodable-recording.ts";

export interface RecordingTestOptions {
  runSeed: number;
  readFile: ReadProjectFile;
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

/** What a call's answer decodes as: the `as:` types, or the streamed text. */
function answerTypes(prompt: PromptInfo): Type[] {
  return prompt.use === "stream" ? [TEXT] : prompt.asTypes;
}

interface Problem {
  problem: DecodeError | string;
  fixture?: string;
  /** Recording it again can fix it (its prompt is declared beside it and asked). */
  recordable: boolean;
}

/** Why the recording can't be read, or null when it decodes through every type. */
function problemWith(
  program: CheckedProgram, recording: RecordingFile, seed: number, readFile: ReadProjectFile,
): { problem: Problem | null; alert: Alert | null } {
  const stop = (problem: string, recordable: boolean): { problem: Problem; alert: null } => ({ problem: { problem, recordable }, alert: null });
  const prompt = promptBeside(program, recording);
  if (!prompt) return stop(`no prompt \`${recording.promptName}\` is declared beside its \`recordings/\` folder`, false);
  const bytes = recordingBytes(program, recording, readFile);
  if (bytes === "too_large") return stop("the file is larger than 16 MiB", true);
  if (!bytes) return stop("its file can't be read", true);
  const parsed = readRecording(bytes, { promptName: recording.promptName });
  if (!parsed.ok) return stop(parsed.problem, true);
  if (prompt.calls.length === 0) return stop(`no call asks \`${prompt.name}\``, false);
  const fixture = parsed.asked?.fixture;
  const decodeError = checkRecordingAnswer(answerTypes(prompt), parsed.answer, seed);
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
  const model = currentModel(program);
  if (parsed.asked !== null && model !== null && parsed.asked.model !== model) {
    return { problem: null, alert: { ...base, kind: "model_drift", recordedModel: parsed.asked.model, currentModel: model } };
  }
  return { problem: null, alert: null };
}

function versionDigits(version: string): string {
  const at = version.lastIndexOf("@");
  return at < 0 ? version : version.slice(at + 1);
}

export function runRecordingTest(program: CheckedProgram, recording: RecordingFile, options: RecordingTestOptions): TestOutcome {
  const started = nowMs();
  const name = recordingTestName(recording);
  const seed = testSeed(options.runSeed, recording.path, name);
  const { problem, alert } = problemWith(program, recording, seed, options.readFile);
  const result: TestResult = {
    name, kind: "recording test", file: recording.path, line: 1, seed,
    status: problem === null ? "passed" : "failed",
    duration_ms: 0,
    diagnostics: [],
  };
  if (problem !== null) {
    result.diagnostics = [undecodableRecording(fileStart(recording.path), { prompt: recording.promptName, name: recording.name, ...problem })];
  }
  result.duration_ms = nowMs() - started;
  return { result, alerts: alert ? [alert] : [] };
}
