// Model drivers: what a real `ai.*` call goes through outside tests.
export { createOpenAiDriver, type OpenAiDriverOptions } from "./openai-compatible.ts";
export { resolveConfigText, driverOptionsFromConnection, DEFAULT_BASE_URL, type DriverOptionsResult, type ConnectionSetting } from "./config.ts";
export { redact } from "./errors.ts";
export { keyEcho, redactJson, PARTIAL_ECHO, type KeyEcho } from "./key-echo.ts";
export { completionRequestFor, sentParts, type SentParts } from "./request.ts";
export type {
  AiDriver, CompletionRequest, ConnectionFailureWord, CorrectionTurn, DriverFailure, DriverResult,
  StreamedAnswer, StreamResult,
} from "./types.ts";
