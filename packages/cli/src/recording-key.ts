// The project's recording key (docs/testing.md, "keeping recordings fresh"): the secret that keys
// every recording's `asked.values`. `JADPO_RECORDING_KEY`, when set, wins — a team shares it so
// recordings match `jadpo dev` calls on every machine; otherwise `.jadpo/recording-key`, made with
// 32 random bytes the first time one is needed, readable by its owner alone, and never committed
// (`.jadpo/` is ignored). The key is never printed.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { RecordingKey, writeFileAtomic } from "@jadpo/runtime/recordings";
import { STATE_FOLDER } from "./state-folder.ts";

export const RECORDING_KEY_VARIABLE = "JADPO_RECORDING_KEY";

/** Where the project's key is kept: the one place its path is made. */
export function recordingKeyPath(root: string): string {
  return join(root, STATE_FOLDER, "recording-key");
}

/** The key file's text without its line end; "" when it holds nothing, null when there is none. */
function readKeyFile(path: string): string | null {
  try {
    return readFileSync(path, "utf8").trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

/** The key that digests the values of prompts of the project at `root`, made when there is none yet. */
export function recordingKey(root: string, env: Readonly<Record<string, string | undefined>>): RecordingKey {
  // Without its line end, as the file's is read, so the file's text copied into the variable is the same key.
  const shared = env[RECORDING_KEY_VARIABLE]?.trim();
  if (shared !== undefined && shared !== "") return new RecordingKey(shared);
  const path = recordingKeyPath(root);
  const kept = readKeyFile(path);
  if (kept !== null && kept !== "") return new RecordingKey(kept);
  const { randomBytes } = createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
  const made = randomBytes(32).toString("hex");
  // Only created, never replaced — but for an empty file, which holds no key to keep — so two jadpo
  // starting at once agree: the one that loses reads the winner's.
  if (writeFileAtomic(path, `${made}\n`, { mode: 0o600, createOnly: kept === null })) return new RecordingKey(made);
  const theirs = readKeyFile(path);
  if (theirs === null || theirs === "") throw new Error(`${path} was emptied while its key was being made`);
  return new RecordingKey(theirs);
}
