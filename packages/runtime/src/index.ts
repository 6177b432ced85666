// The runtime's public API: compile a checked program to closures once, run a test against the
// AI fake, call an action through any AI backend; plus the pure blocks (values, decoding,
// generated defaults, recordings, drivers) and the test runner built on top.

// Executing programs.
export { compileProgram, MAX_CALL_DEPTH, type CompiledProgram, type CompiledTest, type CompileOptions } from "./exec/compile-program.ts";
export { callAction, findAction, type ActionOutcome, type CallActionOptions } from "./exec/call-action.ts";
export { createContext, TEST_CLOCK_START, type RunContext, type AiSession, type ContextOptions } from "./exec/context.ts";
export type { Callable } from "./exec/compile-state.ts";

// Running one test.
export { runTest, runTestFast, type RunTestOptions } from "./test-run/run-test.ts";
export { failureDiagnostic, type SaveInternalError } from "./test-run/failure.ts";

// The AI capability: the backend interface, and the test fake that implements it.
export type {
  AiBackend, Correction, EmbedCall, EmbedReply, GenerateCall, GenerateReply, MaybePromise,
  StreamCall, StreamReply,
} from "./ai/backend.ts";
export { FakeBackend, compileScripts, MALFORMED_TEXT, type CompiledFakes, type CompiledScript, type FakeOptions } from "./ai/fake.ts";
export { decodeAnswer, decodeValue, unwrapFence, formatDecodeError, formatDecodeErrorDetail, type DecodeError, type DecodeRule, type DecodeResult } from "./ai/decode.ts";
export { generateValue } from "./ai/defaults.ts";
export { fakeEmbedding, cosine } from "./ai/embed.ts";
export { streamPieces, streamedText } from "./ai/stream.ts";
export { renderPromptText, valueAsPromptText } from "./ai/render-prompt.ts";
export { answerFormatInstruction, correctionRequest, jsonSchemaOf, promptsFolder } from "./ai/prompt-texts.ts";

// Seeds.
export { testSeed, rng, type Rng, type RngStream } from "./seed.ts";

// Values.
export type { Value, ValueRecord, JsonValue } from "./values/value.ts";
export { printValue, textLiteral } from "./values/print.ts";
export { valuesEqual } from "./values/equal.ts";
export { checkConstraints } from "./values/check.ts";
export { toJson, answerTextOf, canonicalJson } from "./values/json.ts";
export { shapeOf, typeName, type Shape } from "./values/shape.ts";
export { formatInstant, parseInstant, formatDuration, parseDuration } from "./values/time.ts";

// Recordings and drivers.
export * from "./recordings/index.ts";
export * from "./drivers/index.ts";

// The development call log (`jadpo dev` writes it, `jadpo ai record` reads it).
export * from "./dev-log/index.ts";

// `jadpo dev`'s AI backend (recordings, defaults, the sandboxed model under its daily budget).
export * from "./dev-backend/index.ts";

// The test runner (plan, workers, events) built on this API.
export * from "./runner/index.ts";

// `jadpo test` reaches no network.
export { forbidNetwork, networkForbidden, NetworkForbidden } from "./sandbox/no-network.ts";
