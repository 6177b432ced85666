// A recording test (docs/testing.md): decodes one recording through every type its prompt is asked
// for as, placeholders filled from the test's own seed (recordings/decodable.ts). It fails as
// `test.recording_undecodable`; a recording made from an older prompt still passes, with an alert.
import { nowMs, type CheckedProgram, type ReadProjectFile, type RecordingFile } from "@jadpo/compiler";
import { recordingProblem, recordingSeed, recordingTestName, undecodableDiagnostic } from "../recordings/decodable.ts";
import type { TestResult } from "./events.ts";
import type { TestOutcome } from "./outcome.ts";

export interface RecordingTestOptions {
  runSeed: number;
  readFile: ReadProjectFile;
  /** The command's environment, which an `env(...)` model is read from; this process's when absent. */
  env?: NodeJS.ProcessEnv;
}

export function runRecordingTest(program: CheckedProgram, recording: RecordingFile, options: RecordingTestOptions): TestOutcome {
  const started = nowMs();
  const seed = recordingSeed(options.runSeed, recording);
  const { problem, alert } = recordingProblem(program, recording, seed, options.readFile, options.env);
  const result: TestResult = {
    name: recordingTestName(recording), kind: "recording test", file: recording.path, line: 1, seed,
    status: problem === null ? "passed" : "failed",
    duration_ms: 0,
    diagnostics: problem === null ? [] : [undecodableDiagnostic(recording, problem)],
  };
  result.duration_ms = nowMs() - started;
  return { result, alerts: alert ? [alert] : [] };
}
