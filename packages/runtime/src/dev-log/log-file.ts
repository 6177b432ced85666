// The development call log on disk: `<root>/.jadpo/dev/calls.jsonl`, one call per line. Appends
// take a small lock so ids stay unique when two processes log at once; reads go backwards from
// the end, so finding the last call stays fast however long the log grows.
import { closeSync, fstatSync, mkdirSync, openSync, readSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { lockIsStale, lockOwner } from "../files/stale.ts";
import { join } from "node:path";
import { callNumber, capCall, formatCallLine, parseCallLine, type DevCall, type NewDevCall } from "./call.ts";
import { eachLineBackwards, linesBackwards, type ReadCost } from "./lines.ts";

/** Relative to the project root. */
export const DEV_CALL_LOG = ".jadpo/dev/calls.jsonl";

export function devCallLogPath(root: string): string {
  return join(root, DEV_CALL_LOG);
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

/** What the dev server's pages show: the newest calls, within a bound whatever the log's size. */
export const RECENT_CALLS = { calls: 500, bytes: 32 * 1024 * 1024 };

/**
 * The newest calls, newest first: at most `limits.calls` of them, from the last `limits.bytes` of
 * the log. Read in chunks without blocking, so a server answers other requests meanwhile.
 */
export async function readRecentCalls(root: string, limits: { calls: number; bytes: number } = RECENT_CALLS): Promise<DevCall[]> {
  const calls: DevCall[] = [];
  await eachLineBackwards(devCallLogPath(root), (line) => {
    const call = parseCallLine(line);
    if (call !== null) calls.push(call);
    return calls.length < limits.calls;
  }, { maxBytes: limits.bytes });
  return calls;
}

/** A line's id number, or null when it isn't a call; a very long line is judged by its ends only. */
function lineNumber(line: string): number | null {
  if (line.length <= WHOLE_PARSE) {
    const call = parseCallLine(line);
    return call === null ? null : callNumber(call.id);
  }
  const m = /^\{"id":"(call_[0-9]+)"/.exec(line.slice(0, 64));
  return m !== null && line.trimEnd().endsWith("}") ? callNumber(m[1]) : null;
}

/** Lines longer than this are not parsed to find the last id (the id is the line's first key). */
const WHOLE_PARSE = 1024 * 1024;

/** @internal What finding the last id has read so far in this process (tests check it reads once, linearly). */
export const idReadCost: ReadCost = { read: 0, copied: 0 };

/** The highest id number in the log after offset `from` (a line start), or null when no call is there. */
function lastNumberAfter(path: string, from: number): number | null {
  for (const line of linesBackwards(path, { from, cost: idReadCost })) {
    const n = lineNumber(line);
    if (n !== null) return n;
  }
  return null;
}

/** What this process knows of the log since its last append: no re-reading it for the next id. */
interface Known {
  dev: number;
  ino: number;
  /** The file's size and modification time just after the append. */
  size: number;
  mtimeMs: number;
  last: number;
}

const known = new Map<string, Known>();

/**
 * Under the lock: the last id number and whether the file ends inside a line. From memory when
 * the file is as this process left it; otherwise only what was appended since is read (another
 * process logged too), or the whole log backwards once (a new, replaced or truncated file).
 */
function logEnd(path: string, fd: number): { last: number; insideLine: boolean } {
  const stat = fstatSync(fd);
  const k = known.get(path);
  const same = k !== undefined && k.dev === stat.dev && k.ino === stat.ino;
  if (same && k.size === stat.size && k.mtimeMs === stat.mtimeMs) return { last: k.last, insideLine: false };
  // Appended to since (another process logged): the line this process wrote still ends where it did.
  const grown = same && stat.size > k.size && byteAt(fd, k.size - 1) === 0x0a;
  const last = lastNumberAfter(path, grown ? k.size : 0) ?? (grown ? k.last : 0);
  return { last, insideLine: stat.size > 0 && byteAt(fd, stat.size - 1) !== 0x0a };
}

function byteAt(fd: number, position: number): number | null {
  if (position < 0) return null;
  const byte = Buffer.alloc(1);
  return readSync(fd, byte, 0, 1, position) === 1 ? byte[0] : null;
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
  try {
    writeFileSync(join(lock, "pid"), `${process.pid}\n`);
  } catch (e) {
    // Not left behind without an owner (a full disk): every next append would wait for it to age.
    rmSync(lock, { recursive: true, force: true });
    throw e;
  }
  return null;
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
  const fd = openSync(path, "a+");
  try {
    const end = logEnd(path, fd);
    const call: DevCall = { ...capCall(entry), id: `call_${end.last + 1}` };
    // A line cut short by a crash stays on its own line, skipped by readers.
    writeSync(fd, `${end.insideLine ? "\n" : ""}${formatCallLine(call)}\n`, null, "utf8");
    const stat = fstatSync(fd);
    known.set(path, { dev: stat.dev, ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs, last: end.last + 1 });
    return call;
  } finally {
    closeSync(fd);
  }
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
