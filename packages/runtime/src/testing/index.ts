// Test support for the runtime and the packages built on it: `@jadpo/runtime/testing`. Never
// imported by the runtime itself or by the tool.
export { startFakeModelServer, cutWords, type Behaviour, type FakeModelServer, type RecordedRequest, type ScriptedToolCall } from "./openai-server.ts";
export { projectOf, filesUnder, atRoot, testFile, lineOf, APP, type Project, type ProjectFiles } from "./project.ts";
export { SHOP_ORDERS, SHOP_SUMMARIZED, SHOP_ASK, SHOP_BROKEN } from "./shop.ts";
export { closedPort } from "./ports.ts";
