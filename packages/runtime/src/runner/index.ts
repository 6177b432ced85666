// The test runner's public API: plan, select, shard, run (here or on a pool), recording tests.
export type { Alert, ResultKind, RunEvent, RunSummary, TestResult } from "./events.ts";
export type { TestOutcome } from "./outcome.ts";
export { planTests, recordingTestName, type PlannedTest } from "./plan.ts";
export { selectTests, splitLineSuffix, type Selector } from "./select.ts";
export { applyShard, parseShard, type Shard } from "./shard.ts";
export { Sequencer } from "./sequencer.ts";
export { planKey } from "./plan-key.ts";
export { loadTests, type ExecuteOptions, type LoadedTests } from "./execute.ts";
export { runSelected, type Helpers, type RunOptions } from "./run.ts";
export { runRecordingTest, type RecordingTestOptions } from "../recording-tests/run-recording-test.ts";
export { startPool, type Pool, type PoolListener, type PoolWorker } from "../pool/pool.ts";
export { serveTests, type LoadForWorker } from "../pool/serve.ts";
export type { WorkerInit } from "../pool/protocol.ts";
