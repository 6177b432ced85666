// A recording test (docs/testing.md): decodes one recording through every type its prompt is asked
// for as, placeholders filled from the test's own seed. It fails as `test.recording_undecodable`;
// a recording made from an older prompt still passes, with an alert.
import { diagnostic, fileStart, recordingPath, TEXT, type CheckedProgram, type PromptInfo, type ReadProjectFile, type RecordingFile, type Type } from "@jadpo/compiler";
import { readRecording } from "../recordings/read.ts";
import { currentModel } from "../recordings/current-model.ts";
import { testSeed } from "../seed.ts";
import type { Alert, TestResult } from "./events.ts";
import type { TestOutcome } from "./outcome.ts";
import { recordingTestName } from "./plan.ts";
import { checkRecordingAnswer } from "./recording-answer.ts";
import { nowMs } from "../clock.ts";

export interface RecordingTestOptions {
  runSeed: number;
  readFile: ReadProjectFile;
  /** The command's environment, which an `env(...)` model is read from; this process's when absent. */
  env?: NodeJS.ProcessEnv;
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

/** Why the recording can't be read, or null when it decodes through every type. */
function problemWith(
  program: CheckedProgram, recording: RecordingFile, seed: number, readFile: ReadProjectFile, env: NodeJS.ProcessEnv | undefined,
): { problem: string | null; alert: Alert | null } {
  const prompt = promptBeside(program, recording);
  if (!prompt) return { problem: `no prompt \`${recording.promptName}\` is declared beside its \`recordings/\` folder`, alert: null };
  const bytes = recordingBytes(program, recording, readFile);
  if (bytes === "too_large") return { problem: "the file is larger than 16 MiB", alert: null };
  if (!bytes) return { problem: "its file can't be read", alert: null };
  const parsed = readRecording(bytes, { promptName: recording.promptName });
  if (!parsed.ok) return { problem: parsed.problem, alert: null };
  if (prompt.calls.length === 0) return { problem: `no call asks \`${prompt.name}\``, alert: null };
  const problem = checkRecordingAnswer(answerTypes(prompt), parsed.answer, seed);
  if (problem !== null) return { problem, alert: null };
  const fixture = parsed.asked?.fixture;
  const base = { prompt: prompt.name, name: recording.name, file: recording.path, ...(fixture === undefined ? {} : { fixture }) };
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

export function runRecordingTest(program: CheckedProgram, recording: RecordingFile, options: RecordingTestOptions): TestOutcome {
  const started = nowMs();
  const name = recordingTestName(recording);
  const seed = testSeed(options.runSeed, recording.path, name);
  const { problem, alert } = problemWith(program, recording, seed, options.readFile, options.env);
  const result: TestResult = {
    name, kind: "recording test", file: recording.path, line: 1, seed,
    status: problem === null ? "passed" : "failed",
    duration_ms: 0,
    diagnostics: [],
  };
  if (problem !== null) {
    const args = { prompt: recording.promptName, name: recording.name };
    const d = diagnostic("test.recording_undecodable", fileStart(recording.path), args);
    d.details = [{ label: "decode", text: `${d.summary}: ${problem}` }];
    result.diagnostics = [d];
  }
  result.duration_ms = nowMs() - started;
  return { result, alerts: alert ? [alert] : [] };
}
