// The development call log on disk: `<root>/.jadpo/dev/calls.jsonl`, one call per line. Appends
// take a small lock so ids stay unique when two processes log at once; reads go backwards from
// the end, so finding the last call stays fast however long the log grows.
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync, rmSync, writeFileSync } from "node:fs";
import { lockIsStale, lockOwner } from "../files/stale.ts";
import { join } from "node:path";
import { callNumber, formatCallLine, parseCallLine, type DevCall, type NewDevCall } from "./call.ts";

/** Relative to the project root. */
export const DEV_CALL_LOG = ".jadpo/dev/calls.jsonl";

export function devCallLogPath(root: string): string {
  return join(root, DEV_CALL_LOG);
}

const CHUNK = 64 * 1024;

/** Each line of the file from the last to the first (complete lines only; the text without its newline). */
function* linesBackwards(path: string): Generator<string> {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return;
  }
  try {
    let position = fstatSync(fd).size;
    let carry: Buffer = Buffer.alloc(0);
    while (position > 0) {
      const size = Math.min(CHUNK, position);
      position -= size;
      const chunk = Buffer.alloc(size);
      readSync(fd, chunk, 0, size, position);
      let buffer = Buffer.concat([chunk, carry]);
      // Everything after the first newline in the buffer is whole lines; before it may continue further back.
      let end = buffer.length;
      for (let i = buffer.length - 1; i >= 0; i--) {
        if (buffer[i] !== 0x0a) continue;
        const line = buffer.subarray(i + 1, end).toString("utf8");
        if (line.trim() !== "") yield line;
        end = i;
      }
      buffer = buffer.subarray(0, end);
      carry = Buffer.from(buffer);
    }
    const first = carry.toString("utf8");
    if (first.trim() !== "") yield first;
  } finally {
    closeSync(fd);
  }
}

/** Every call in the log, oldest first; unreadable lines are skipped. */
export function readCalls(root: string): DevCall[] {
  const calls: DevCall[] = [];
  for (const line of linesBackwards(devCallLogPath(root))) {
    const call = parseCallLine(line);
    if (call !== null) calls.push(call);
  }
  return calls.reverse();
}

/** The last call of `prompt` in the log that `accepts` (any, by default), or null when it has none. */
export function readLastCall(root: string, prompt: string, accepts: (call: DevCall) => boolean = () => true): DevCall | null {
  for (const line of linesBackwards(devCallLogPath(root))) {
    const call = parseCallLine(line);
    if (call !== null && call.prompt === prompt && accepts(call)) return call;
  }
  return null;
}

/** The highest id number in the log (0 when empty). Ids only grow, so the last readable line has it. */
function lastNumber(path: string): number {
  for (const line of linesBackwards(path)) {
    const call = parseCallLine(line);
    if (call !== null) return callNumber(call.id) ?? 0;
  }
  return 0;
}

/** Whether the file's last byte is not a newline (a write cut short). */
function endsInsideLine(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return false;
  }
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } finally {
    closeSync(fd);
  }
}

/**
 * A live holder keeps the lock for about a millisecond, so the wait for one is short; `jadpo dev`
 * waits asynchronously (its event loop keeps answering), `ai record` may wait synchronously. A
 * lock whose owner is gone is taken over at once, never waited on (that was the 10 s stall).
 */
const LOCK_WAIT_MS = 2_000;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One attempt at the lock: a folder beside the log, made atomically by mkdir, naming its owner.
 * Returns how long to wait before the next attempt, or null when taken; throws once the wait is over.
 */
function tryLock(lock: string, started: number, attempt: number): number | null {
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, "pid"), `${process.pid}\n`);
    return null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    if (lockIsStale(lock)) {
      rmSync(lock, { recursive: true, force: true });
      return 0;
    }
    if (Date.now() - started > LOCK_WAIT_MS) {
      const owner = lockOwner(lock);
      throw new Error(`the call log's lock ${lock} is held by ${owner === null ? "another process" : `process ${owner}`}`);
    }
    return Math.min(1 + attempt, 5);
  }
}

function withLock<T>(path: string, work: () => T): T {
  const lock = `${path}.lock`;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const wait = tryLock(lock, started, attempt);
    if (wait === null) break;
    if (wait > 0) sleepSync(wait);
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function withLockAsync<T>(path: string, work: () => T): Promise<T> {
  const lock = `${path}.lock`;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const wait = tryLock(lock, started, attempt);
    if (wait === null) break;
    if (wait > 0) await sleep(wait);
  }
  // The work itself is synchronous: nothing else in this process runs while the lock is held.
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Under the lock: the next id, and the line written with one append, so a reader never sees half of it. */
function appendLocked(path: string, entry: NewDevCall): DevCall {
  const call: DevCall = { ...entry, id: `call_${lastNumber(path) + 1}` };
  // A line cut short by a crash stays on its own line, skipped by readers.
  const start = endsInsideLine(path) ? "\n" : "";
  appendFileSync(path, `${start}${formatCallLine(call)}\n`, "utf8");
  return call;
}

/** Logs one call and returns it with its id (`call_<n>`, one more than the last logged). */
export function appendCall(root: string, entry: NewDevCall): DevCall {
  const path = devCallLogPath(root);
  mkdirSync(join(path, ".."), { recursive: true });
  return withLock(path, () => appendLocked(path, entry));
}

/** `appendCall` for a server: waits for another process's lock without blocking the event loop. */
export async function appendCallAsync(root: string, entry: NewDevCall): Promise<DevCall> {
  const path = devCallLogPath(root);
  mkdirSync(join(path, ".."), { recursive: true });
  return withLockAsync(path, () => appendLocked(path, entry));
}
