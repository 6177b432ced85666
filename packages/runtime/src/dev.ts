// `@jadpo/runtime/dev`: what `jadpo dev` runs on — its AI backend (recordings, generated
// defaults, the sandboxed real model under its daily budget) and the call log it writes, which
// `jadpo ai record` reads. Only what the CLI and its tests use is exported here.
export { DevAi, type DevAiOptions, type DevRequestBackend, UsageCounter, probeModel, type Probe } from "./dev-backend/index.ts";
export {
  appendCall, readLastCall, readRecentCalls, removeStaleFiles, retriesText, DEV_CALL_LOG, DEV_STATE_NAMES,
  type DevCall, type DevRetry, type DevStep, type DevToolCall, type DevUsage, type NewDevCall,
} from "./dev-log/index.ts";
