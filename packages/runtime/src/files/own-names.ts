// The names jadpo gives its files in the folders it cleans up at start-up (stale.ts). Each matches
// only what the writer named there writes; a new lock or temporary file is added here, or is never
// cleaned up (never the other way round: a wrong match would delete a user's file).
import type { OwnNames } from "./stale.ts";

/**
 * `.jadpo/dev/`: the usage counter's lock (proper-lockfile's folder, dev-backend/usage.ts) and
 * temporary file (`usage.json.<pid>.tmp`), and the call log's lock (dev-log/log-file.ts).
 */
export const DEV_STATE_NAMES: OwnNames = {
  locks: ["usage.json.lock", "calls.jsonl.lock"],
  temporary: /^usage\.json\.(\d+)\.tmp$/,
};

/**
 * A recording's folder, one of the project's own folders: only the hidden temporary file of a
 * recording written there (`.<name>.json.<pid>.<8 hex>.tmp`, recordings/write.ts). It has no locks.
 */
export const RECORDING_FOLDER_NAMES: OwnNames = {
  locks: [],
  temporary: /^\.[a-z][a-z0-9_]*\.json\.(\d+)\.[0-9a-f]{8}\.tmp$/,
};
