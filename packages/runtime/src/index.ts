// The runtime's public API: compile a checked program to closures once, call an action through
// any AI backend, and run tests (plan, select, shard, run here or on worker threads, one event
// per test). The other entry points: `@jadpo/runtime/dev` (`jadpo dev`'s backend and call log),
// `/recordings`, `/drivers` (real models) and `/testing` (test support, never used by the tool).
// The runtime's own tests import its source files directly.

// Executing programs.
export { compileProgram, type CompiledProgram, type CompileOptions } from "./exec/compile-program.ts";
export { callAction, callPrompt, type ActionOutcome, type CallActionOptions } from "./exec/call-action.ts";
export { createContext, type RunContext, type ContextOptions } from "./exec/context.ts";
export type {
  AiBackend, GenerateCall, GenerateEnd, GenerateEnding, GenerateReply, StreamCall, StreamReply, EmbedCall, EmbedReply, LoopTurn, ToolCallReply, ToolCallRun, TokenUsage, TransportReply,
} from "./ai/backend.ts";
// Retrying a request that failed in transport, on a clock (real or a test's), and the fake's token estimate.
export {
  exhaustedFailure, realClock, retryPolicyOf, retryWaitMs, sendWithRetries, testClock,
  type OnRetry, type Retried, type RetryClock, type RetryPolicy,
} from "./ai/retry-policy.ts";
export { NO_USAGE, addUsage, tokensOf } from "./ai/token-usage.ts";

// Values, and decoding an answer or a request into one.
export type { Value, JsonValue } from "./values/value.ts";
export { toJson } from "./values/json.ts";
export { shapeOf, type Shape } from "./values/shape.ts";
export { decodeAnswer, decodeValue, formatDecodeErrorDetail, type DecodeError, type DecodeResult } from "./ai/decode.ts";
export { decodeInputs, isInputObject, type InputProblem, type InputsRead, type ParamSpec } from "./production/inputs.ts";
export { actionsOf, type ServedAction } from "./production/actions.ts";

// Running tests.
export { runTest, type RunTestOptions, type TestTimeout } from "./runner/run-test.ts";
export { runRecordingTest, type RecordingTestOptions } from "./runner/run-recording-test.ts";
export { loadTests, type ExecuteOptions, type LoadedTests, type RunExtras } from "./runner/execute.ts";
export { seedCount, type SeedRange } from "./runner/seeds.ts";
export { coverageTotals, type CoverageSite } from "./runner/coverage.ts";
export { outcomesOf, GENERATE_OUTCOMES, STREAM_OUTCOMES, EMBED_OUTCOMES, type AiCallKind, type AiOutcome, type SiteOutcome } from "./ai/outcomes.ts";
export type { PlannedTest } from "./runner/plan.ts";
export type { TestOutcome } from "./runner/outcome.ts";
export { selectTests, type Selector } from "./runner/select.ts";
export { applyShard, type Shard } from "./runner/shard.ts";
export { runSelected, type Helpers, type RunOptions } from "./runner/run.ts";
export type { Alert, ResultKind, RunEvent, RunSummary, TestResult } from "./runner/events.ts";
export { startPool, type Pool, type PoolListener, type PoolWorker } from "./runner/pool.ts";
export { serveTests, type LoadForWorker } from "./runner/pool-serve.ts";
export type { WorkerInit } from "./runner/pool-protocol.ts";

// `jadpo test` reaches no network.
export { forbidNetwork } from "./sandbox/no-network.ts";
