// Model drivers: what a real `ai.*` call goes through outside tests.
export { createOpenAiDriver, type OpenAiDriverOptions } from "./openai-compatible.ts";
export { resolveConfigText, driverOptionsFromConnection, DEFAULT_BASE_URL, type DriverOptionsResult, type ConnectionSetting } from "./config.ts";
export { redact } from "./errors.ts";
export { keyEcho, redactJson, PARTIAL_ECHO, type KeyEcho } from "./key-echo.ts";
export { completionRequestFor, sentParts, toolDefinitions, type SentParts } from "./request.ts";
export { stepReply, stepRequest } from "./step.ts";
export type {
  AiDriver, CompletionRequest, ConnectionFailureWord, CorrectionTurn, DriverFailure, DriverResult, EarlierTurn,
  ModelToolCall, ModelTurn, StreamedAnswer, StreamResult, ToolDefinition,
} from "./types.ts";
