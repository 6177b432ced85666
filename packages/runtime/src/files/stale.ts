// What a process killed mid-write leaves behind: a lock folder it held, a temporary file it never
// renamed. Both name their owner (a `pid` file in the lock, the pid in the temporary's name), so the
// next start removes those whose owner is gone, and a waiter never sleeps on a dead process's lock.
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

/** Whether process `pid` still runs on this machine. */
export function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A lock's owner, from its `pid` file; null when it has none (yet, or a lock made by other code). */
export function lockOwner(lock: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(join(lock, "pid"), "utf8"), 10);
    return Number.isSafeInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** A lock is held for milliseconds: one without a pid file this old was left by a crash. */
const OWNERLESS_STALE_MS = 1_000;

/** Whether the lock folder `lock` was left by a process that is gone. */
export function lockIsStale(lock: string, now = Date.now()): boolean {
  const owner = lockOwner(lock);
  if (owner !== null) return !processAlive(owner);
  try {
    return now - statSync(lock).mtimeMs > OWNERLESS_STALE_MS;
  } catch {
    return false;
  }
}

/**
 * At start-up, before anything is served: a lock without an owner yet is either being taken this
 * very moment (its pid follows within microseconds) or left by a kill between the two steps.
 * A short look again tells which, without waiting for the lock to age.
 */
function lockLeftBehind(lock: string): boolean {
  if (lockOwner(lock) !== null) return lockIsStale(lock);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  const owner = lockOwner(lock);
  return owner === null || !processAlive(owner);
}

/** `usage.json.123.tmp`, `.jersey.json.123.ab12cd34.tmp`: the pid in a temporary file's name. */
const TEMP_NAME = /\.(\d+)(?:\.[0-9a-f]+)?\.tmp$/;

/** Removes, in `folder`, the stale locks (`*.lock`) and the temporary files of dead processes. Never throws. */
export function removeStaleFiles(folder: string): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return removed;
  }
  for (const name of names) {
    const path = join(folder, name);
    const temp = TEMP_NAME.exec(name);
    const stale = name.endsWith(".lock") ? lockLeftBehind(path) : temp !== null && !processAlive(Number(temp[1]));
    if (!stale) continue;
    try {
      rmSync(path, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Someone else's to clean, or already gone.
    }
  }
  return removed;
}
