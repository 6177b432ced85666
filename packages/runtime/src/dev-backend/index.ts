// `jadpo dev`'s AI backend: recordings, generated defaults, and the sandboxed real model under
// the day's budget; each call logged to `.jadpo/dev/calls.jsonl`.
export { DevAi, DevRequestBackend, type DevAiOptions } from "./backend.ts";
export { UsageCounter, DEV_USAGE_FILE, utcDay, readUsageFile, requestsOn, type UsageFile, type UsageGrant, type UsageCounterOptions } from "./usage.ts";
export { callSeed, recordedAnswer, type RecordedAnswer } from "./fake-answers.ts";
export { accessModel, sandboxingConnection, type Env, type MakeDriver, type ModelAccess } from "./model.ts";
export { probeModel, type Probe } from "./probe.ts";
