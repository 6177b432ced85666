// The development call log on disk: `<root>/.jadpo/dev/calls.jsonl`, one call per line. Appends
// take a small lock so ids stay unique when two processes log at once; reads go backwards from
// the end, so finding the last call stays fast however long the log grows.
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync, rmSync, statSync } from "node:fs";
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

const LOCK_STALE_MS = 10_000;
const LOCK_WAIT_MS = 10_000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs `work` holding the log's lock: a folder beside it, made atomically by mkdir. */
function withLock<T>(path: string, work: () => T): T {
  const lock = `${path}.lock`;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      // A lock left by a process that died is taken over once it is old.
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (age > LOCK_STALE_MS) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() - started > LOCK_WAIT_MS) throw new Error(`the call log's lock ${lock} is held too long`);
      sleep(Math.min(2 + attempt, 25));
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Logs one call and returns it with its id (`call_<n>`, one more than the last logged). The line
 * is written with one append, so a reader never sees half of it.
 */
export function appendCall(root: string, entry: NewDevCall): DevCall {
  const path = devCallLogPath(root);
  mkdirSync(join(path, ".."), { recursive: true });
  return withLock(path, () => {
    const call: DevCall = { ...entry, id: `call_${lastNumber(path) + 1}` };
    // A line cut short by a crash stays on its own line, skipped by readers.
    const start = endsInsideLine(path) ? "\n" : "";
    appendFileSync(path, `${start}${formatCallLine(call)}\n`, "utf8");
    return call;
  });
}
