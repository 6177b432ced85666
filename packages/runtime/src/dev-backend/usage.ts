// The sandbox's daily budget (docs/dev.md): real model requests per UTC day per connection, counted
// in `<root>/.jadpo/dev/usage.json`. A request is reserved BEFORE it is sent, under a lock, so the
// count is exact whatever the concurrency: requests in one process queue on a promise chain, and
// processes exclude each other with proper-lockfile (a lock folder beside the file).
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Relative to the project root. */
export const DEV_USAGE_FILE = ".jadpo/dev/usage.json";

/** What the file holds: for each connection, the UTC day counted and its requests so far. */
export interface UsageFile {
  connections: { [connection: string]: { day: string; requests: number } };
}

export interface UsageGrant {
  /** Whether one more real request may be sent now (and has been counted). */
  granted: boolean;
  /** Requests counted today, this one included when granted. */
  used: number;
  limit: number;
  /** `2026-11-30`. */
  day: string;
}

/** `2026-11-30`: the UTC day of an instant. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** The file's counts; a missing or unreadable file counts nothing (it is the tool's own state). */
export function readUsageFile(path: string): UsageFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return { connections: {} };
  }
  const out: UsageFile = { connections: {} };
  const connections = typeof parsed === "object" && parsed !== null ? (parsed as { connections?: unknown }).connections : undefined;
  if (typeof connections !== "object" || connections === null) return out;
  for (const [name, entry] of Object.entries(connections as Record<string, unknown>)) {
    const e = entry as { day?: unknown; requests?: unknown } | null;
    if (e && typeof e.day === "string" && typeof e.requests === "number" && Number.isSafeInteger(e.requests) && e.requests >= 0) {
      out.connections[name] = { day: e.day, requests: e.requests };
    }
  }
  return out;
}

/** Requests counted for `connection` on `day`. */
export function requestsOn(usage: UsageFile, connection: string, day: string): number {
  const entry = usage.connections[connection];
  return entry !== undefined && entry.day === day ? entry.requests : 0;
}

function writeAtomic(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (e) {
    // A full disk leaves an empty temporary file: not kept until the next start-up.
    rmSync(temporary, { force: true });
    throw e;
  }
}

/** One chain per file in this process: a lock attempt waits for the previous one, so the file lock is never contended from inside. */
const chains = new Map<string, Promise<unknown>>();

function queued<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = chains.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.then(() => undefined, () => undefined);
  chains.set(key, tail);
  void tail.then(() => {
    if (chains.get(key) === tail) chains.delete(key);
  });
  return run;
}

export interface UsageCounterOptions {
  /** The wall clock, epoch ms (tests move it to another day). */
  now?: () => number;
}

/** The per-day counter of one project. */
export class UsageCounter {
  readonly path: string;
  private readonly now: () => number;

  constructor(root: string, options: UsageCounterOptions = {}) {
    this.path = join(root, DEV_USAGE_FILE);
    this.now = options.now ?? Date.now;
  }

  /** Counts one real request for `connection` if fewer than `perDay` were sent today (UTC). */
  reserve(connection: string, perDay: number): Promise<UsageGrant> {
    return queued(this.path, () =>
      this.locked(() => {
        const day = utcDay(this.now());
        const usage = readUsageFile(this.path);
        const used = requestsOn(usage, connection, day);
        if (used >= perDay) return { granted: false, used, limit: perDay, day };
        usage.connections[connection] = { day, requests: used + 1 };
        writeAtomic(this.path, `${JSON.stringify(usage, null, 2)}\n`);
        return { granted: true, used: used + 1, limit: perDay, day };
      }),
    );
  }

  /** Takes back one request counted for `connection` on `day` (one that never reached the model). */
  refund(connection: string, day: string): Promise<void> {
    return queued(this.path, () =>
      this.locked(() => {
        const usage = readUsageFile(this.path);
        const used = requestsOn(usage, connection, day);
        if (used === 0) return;
        usage.connections[connection] = { day, requests: used - 1 };
        writeAtomic(this.path, `${JSON.stringify(usage, null, 2)}\n`);
      }),
    );
  }

  /** Requests counted today for `connection` (read without the lock: for display only). */
  today(connection: string): number {
    return requestsOn(readUsageFile(this.path), connection, utcDay(this.now()));
  }

  private async locked<T>(work: () => T): Promise<T> {
    mkdirSync(dirname(this.path), { recursive: true });
    // Loaded on first use: it installs exit handlers, which no other command needs.
    const { default: lockfile } = await import("proper-lockfile");
    const release = await lockfile.lock(this.path, {
      realpath: false,
      stale: 10_000,
      // Another process holds it for a few milliseconds at a time: wait, boundedly.
      retries: { retries: 200, minTimeout: 2, maxTimeout: 50, factor: 1.3 },
      // A lock taken over as stale has nothing to undo here: the write is atomic.
      onCompromised: () => {},
    });
    try {
      // Names the owner, so a start-up after a crash removes the lock at once (files/stale.ts).
      try {
        writeFileSync(join(`${this.path}.lock`, "pid"), `${process.pid}\n`);
      } catch {
        // Only a hint for the next start-up.
      }
      return work();
    } finally {
      // proper-lockfile removes its folder with rmdir: it must be empty again.
      rmSync(join(`${this.path}.lock`, "pid"), { force: true });
      await release().catch(() => {});
    }
  }
}
