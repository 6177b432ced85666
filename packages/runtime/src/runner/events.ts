// What a run reports. `runSelected` emits a RunEvent through `onEvent` when the run starts, as each
// test is done, and when it ends: test-done events come in plan order (the order of the summary it
// returns), whichever thread ran the test, so a reporter can show progress while the run goes on
// and still print what a finished report prints. Workers send outcomes (outcome.ts), not events.
// Keep these stable: reporters and the pool depend on them.
import type { Diagnostic, TestKind } from "@jadpo/compiler";

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
  /** Why it failed (usually one); empty when passed. `rerun` is filled in by the reporter. */
  diagnostics: Diagnostic[];
}

/** A line printed before the summary, with its remedy printed after it (docs/cli.md). */
export interface Alert {
  kind: "stale_recording";
  prompt: string;
  name: string;
  /** 8 hex digits each. */
  recordedVersion: string;
  currentVersion: string;
  /** Root-relative path of the recording file. */
  file: string;
}

export type RunEvent =
  | { type: "run-start"; seed: number; total: number }
  | { type: "test-done"; index: number; result: TestResult }
  | { type: "run-end"; alerts: Alert[] };

export interface RunSummary {
  seed: number;
  results: TestResult[];
  alerts: Alert[];
}
