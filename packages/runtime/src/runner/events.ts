// What a run reports. `runSelected` emits a RunEvent through `onEvent` when the run starts, as each
// test is done, and when it ends: test-done events come in plan order (the order of the summary it
// returns), whichever thread ran the test, so a reporter can show progress while the run goes on
// and still print what a finished report prints. Workers send outcomes (outcome.ts), not events.
// Keep these stable: reporters and the pool depend on them.
import type { Diagnostic, TestKind } from "@jadpo/compiler";
import type { CoverageSite } from "./coverage.ts";
import type { SeedRange } from "./seeds.ts";

export type ResultKind = TestKind | "recording test";

export interface TestResult {
  name: string;
  kind: ResultKind;
  /** Root-relative path with `/`. */
  file: string;
  /** Line of the test's declaration (1 for a recording test). */
  line: number;
  /** "skipped": not run, because the run stopped early (`--bail`). */
  status: "passed" | "failed" | "skipped";
  /** The test's own seed, derived from the run seed, its file and its name. */
  seed: number;
  duration_ms: number;
  /** The run seed its failure happened under, when not the run's own (`--seeds`): its `rerun:` line uses it. */
  runSeed?: number;
  /** Why it failed (usually one); empty when passed. `rerun` is filled in by the reporter. */
  diagnostics: Diagnostic[];
}

/** A line printed before the summary, with its remedy printed after it (docs/testing.md). */
export type Alert = StaleRecordingAlert | ModelDriftAlert;

interface RecordingAlert {
  prompt: string;
  name: string;
  /** Root-relative path of the recording file. */
  file: string;
  /** The fixture it was recorded with (`questions.sesame`): its remedy asks with it again. */
  fixture?: string;
  /**
   * Without `fixture`: what could ask instead when no `jadpo dev` call can (the remedy says so),
   * the fixtures that can feed its prompt and the prompt's values type.
   */
  without?: { fixtures: string[]; valuesType: string };
}

/** Made from an older version of its prompt. */
export interface StaleRecordingAlert extends RecordingAlert {
  kind: "stale_recording";
  /** 8 hex digits each. */
  recordedVersion: string;
  currentVersion: string;
}

/** Made with another model than the connection's `model` now (the prompt's version being current). */
export interface ModelDriftAlert extends RecordingAlert {
  kind: "model_drift";
  recordedModel: string;
  currentModel: string;
}

export type RunEvent =
  | { type: "run-start"; seed: number; total: number }
  | { type: "test-done"; index: number; result: TestResult }
  | { type: "run-end"; alerts: Alert[] };

export interface RunSummary {
  seed: number;
  results: TestResult[];
  alerts: Alert[];
  /** With `--seeds`: the range every test ran under. */
  seeds?: SeedRange;
  /** With `--coverage`: the AI outcomes the run's tests reached, per call site of non-test code. */
  coverage?: CoverageSite[];
}
