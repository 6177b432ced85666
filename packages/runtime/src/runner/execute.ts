// Runs planned entries of one loaded project: tests through the runtime, recordings through
// their decode test. The main thread and every worker build one of these, once.
import type { CheckedProgram } from "@jadpo/compiler";
import type { TestResult } from "./events.ts";
import type { ReadProjectFile } from "@jadpo/compiler";
import type { TestOutcome } from "./outcome.ts";
import { planTests, type PlannedTest } from "./plan.ts";
import { runRecordingTest } from "./run-recording-test.ts";
import { internalErrorDiagnostic } from "./failure.ts";
import { runTest, type TestTimeout } from "./run-test.ts";
import type { ParsedRecordings } from "../ai/fake.ts";
import { compileProgram, type CompiledProgram } from "../exec/compile-program.ts";
import { testSeed } from "../seed.ts";
import { newObserver, type Observer } from "./observe.ts";
import type { SeedRange } from "./seeds.ts";
import { sweepEntry } from "./sweep.ts";

export interface ExecuteOptions {
  readFile: ReadProjectFile;
  /** Saves an internal error's report and returns its path (shown in `toolchain.internal_error`). */
  saveInternalError?: (error: unknown) => string;
  /** Each test's time limit; none without it. */
  timeout?: TestTimeout;
  /** The command's environment (a recording's model drift reads it); this process's when absent. */
  env?: NodeJS.ProcessEnv;
}

/** What else a run asks of each entry (docs/seeds-and-coverage.md). */
export interface RunExtras {
  /** `--seeds A..B`: run under each seed of the range instead of `runSeed`. */
  seeds?: SeedRange | null;
  /** `--coverage`: count the outcomes of the AI calls. */
  coverage?: boolean;
}

export interface LoadedTests {
  program: CheckedProgram;
  plan: PlannedTest[];
  /** Runs one entry; never throws (an internal error fails that test alone). */
  run(entry: PlannedTest, runSeed: number, extras?: RunExtras): TestOutcome | Promise<TestOutcome>;
}

function internalFailure(entry: PlannedTest, runSeed: number, error: unknown, options: ExecuteOptions): TestOutcome {
  const span = { file: entry.file, line: entry.line, column: 1, start: 0, end: 0 };
  const d = internalErrorDiagnostic(error, span, options.saveInternalError);
  const result: TestResult = {
    name: entry.name, kind: entry.resultKind, file: entry.file, line: entry.line, status: "failed",
    seed: testSeed(runSeed, entry.file, entry.name), duration_ms: 0, diagnostics: [d],
  };
  return { result, alerts: [] };
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown })?.then === "function";
}

export function loadTests(program: CheckedProgram, options: ExecuteOptions): LoadedTests {
  const plan = planTests(program);
  let compiled: CompiledProgram | null = null; // compiled on first use: a run of recordings alone needs none
  const recordings: ParsedRecordings = new WeakMap(); // each recording parsed once for all the tests
  const runTestEntry = (entry: Extract<PlannedTest, { kind: "test" }>, runSeed: number, observe: Observer | null): TestOutcome | Promise<TestOutcome> => {
    compiled ??= compileProgram(program);
    const result = runTest(compiled, entry.test, {
      runSeed, readFile: options.readFile, recordings, saveInternalError: options.saveInternalError, observe: observe ?? undefined, timeout: options.timeout,
    });
    const withCoverage = (done: TestResult): TestOutcome => (observe?.coverage ? { result: done, alerts: [], coverage: observe.coverage } : { result: done, alerts: [] });
    if (isPromise(result)) {
      return result.then(withCoverage, (error: unknown) => internalFailure(entry, runSeed, error, options));
    }
    return withCoverage(result);
  };
  const runOnce = (entry: PlannedTest, runSeed: number, observe: Observer | null): TestOutcome | Promise<TestOutcome> => {
    try {
      if (entry.kind === "recording") {
        return runRecordingTest(program, entry.recording, { runSeed, readFile: options.readFile, env: options.env });
      }
      return runTestEntry(entry, runSeed, observe);
    } catch (error) {
      return internalFailure(entry, runSeed, error, options);
    }
  };
  return {
    program,
    plan,
    run(entry, runSeed, extras = {}) {
      const coverage = extras.coverage === true;
      if (!extras.seeds) return runOnce(entry, runSeed, coverage && entry.kind === "test" ? newObserver(true) : null);
      return sweepEntry(entry, extras.seeds, coverage, (seed, observe) => runOnce(entry, seed, observe)).catch(
        (error: unknown) => internalFailure(entry, extras.seeds?.first ?? runSeed, error, options),
      );
    },
  };
}
