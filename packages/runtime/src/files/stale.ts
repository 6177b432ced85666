// What a process killed mid-write leaves behind: a lock folder it held, a temporary file it never
// renamed. Both name their owner (a `pid` file in the lock, the pid in the temporary's name), so the
// next start removes those whose owner is gone, and a waiter never sleeps on a dead process's lock.
// Only jadpo's own names are matched (own-names.ts): the folders cleaned may hold anything else.
import { lstatSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync } from "node:fs";
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

/**
 * The names jadpo gives its own files in one folder it cleans up (own-names.ts): nothing else there
 * is ever removed, whatever it is called (`yarn.lock`, another tool's `backup.4242.tmp`).
 */
export interface OwnNames {
  /** Lock folders, by exact name; each holds nothing but its owner's `pid` file. */
  locks: readonly string[];
  /** Temporary files; the first group is the pid of the process writing it. */
  temporary: RegExp;
}

/** A write takes milliseconds: a temporary file this old is left over, whatever its pid (pids are reused). */
const TEMPORARY_STALE_MS = 10 * 60_000;

/** Whether `lock` is a folder as jadpo makes them: a real folder holding at most a `pid` file. */
function isOwnLockFolder(lock: string): boolean {
  try {
    return lstatSync(lock).isDirectory() && readdirSync(lock).every((name) => name === "pid");
  } catch {
    return false;
  }
}

/** Whether `path` is a temporary file left by a process that is gone, or left long ago. */
function temporaryLeftBehind(path: string, pid: number, now: number): boolean {
  try {
    const stat = lstatSync(path);
    return stat.isFile() && (!processAlive(pid) || now - stat.mtimeMs > TEMPORARY_STALE_MS);
  } catch {
    return false;
  }
}

/** Removes, in `folder`, jadpo's own stale locks and temporary files (named by `own`). Never throws. */
export function removeStaleFiles(folder: string, own: OwnNames, now = Date.now()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return removed;
  }
  for (const name of names) {
    const path = join(folder, name);
    try {
      if (own.locks.includes(name)) {
        if (!isOwnLockFolder(path) || !lockLeftBehind(path)) continue;
        // Never recursive: whatever else came to be in it is not jadpo's, and stays.
        rmSync(join(path, "pid"), { force: true });
        rmdirSync(path);
      } else {
        const temp = own.temporary.exec(name);
        if (temp === null || !temporaryLeftBehind(path, Number(temp[1]), now)) continue;
        rmSync(path);
      }
      removed.push(name);
    } catch {
      // Someone else's to clean, or already gone.
    }
  }
  return removed;
}
