// Runs planned entries of one loaded project: tests through the runtime, recordings through
// their decode test. The main thread and every worker build one of these, once.
import type { CheckedProgram } from "@jadpo/compiler";
import type { TestResult } from "./events.ts";
import type { ReadProjectFile } from "@jadpo/compiler";
import type { TestOutcome } from "./outcome.ts";
import { planTests, type PlannedTest } from "./plan.ts";
import { runRecordingTest } from "../recording-tests/run-recording-test.ts";
import { internalErrorDiagnostic } from "../test-run/failure.ts";
import { compileForTests, runCompiledTest, testSeedOf, type CompiledForTests } from "./runtime-api.ts";

export interface ExecuteOptions {
  readFile: ReadProjectFile;
  /** Saves an internal error's report and returns its path (shown in `toolchain.internal_error`). */
  saveInternalError?: (error: unknown) => string;
}

export interface LoadedTests {
  program: CheckedProgram;
  plan: PlannedTest[];
  /** Runs one entry; never throws (an internal error fails that test alone). */
  run(entry: PlannedTest, runSeed: number): TestOutcome | Promise<TestOutcome>;
}

function internalFailure(entry: PlannedTest, runSeed: number, error: unknown, options: ExecuteOptions): TestOutcome {
  const span = { file: entry.file, line: entry.line, column: 1, start: 0, end: 0 };
  const d = internalErrorDiagnostic(error, span, options.saveInternalError);
  const result: TestResult = {
    name: entry.name, kind: entry.resultKind, file: entry.file, line: entry.line, status: "failed",
    seed: testSeedOf(runSeed, entry.file, entry.name), duration_ms: 0, diagnostics: [d],
  };
  return { result, alerts: [] };
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown })?.then === "function";
}

export function loadTests(program: CheckedProgram, options: ExecuteOptions): LoadedTests {
  const plan = planTests(program);
  let compiled: CompiledForTests | null = null; // compiled on first use: a run of recordings alone needs none
  const runTestEntry = (entry: Extract<PlannedTest, { kind: "test" }>, runSeed: number): TestOutcome | Promise<TestOutcome> => {
    compiled ??= compileForTests(program);
    const result = runCompiledTest(compiled, entry.test, { runSeed, readFile: options.readFile, saveInternalError: options.saveInternalError });
    if (isPromise(result)) {
      return result.then(
        (done) => ({ result: done, alerts: [] }),
        (error: unknown) => internalFailure(entry, runSeed, error, options),
      );
    }
    return { result, alerts: [] };
  };
  return {
    program,
    plan,
    run(entry, runSeed) {
      try {
        if (entry.kind === "recording") {
          return runRecordingTest(program, entry.recording, { runSeed, readFile: options.readFile });
        }
        return runTestEntry(entry, runSeed);
      } catch (error) {
        return internalFailure(entry, runSeed, error, options);
      }
    },
  };
}
