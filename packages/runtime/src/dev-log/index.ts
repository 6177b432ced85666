// The development call log (`.jadpo/dev/calls.jsonl`): `jadpo dev` appends a line per AI call;
// `jadpo ai record` reads a prompt's last call for its values. Format: docs/dev-call-log.md.
export { appendCall, appendCallAsync, readCalls, readLastCall, readRecentCalls, RECENT_CALLS, devCallLogPath, DEV_CALL_LOG } from "./log-file.ts";
export { formatCallLine, parseCallLine, retriesText, callNumber, capCall, LOGGED_ANSWER_MAX, LOGGED_STEPS_MAX, type DevCall, type DevStep, type DevToolCall, type NewDevCall, type DevCallSource, type DevCallOutcome, type DevCallRequest, type DevRetry, type DevUsage } from "./call.ts";
export { removeStaleFiles } from "../files/stale.ts";
export { DEV_STATE_NAMES } from "../files/own-names.ts";
