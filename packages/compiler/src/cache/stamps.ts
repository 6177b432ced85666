// A key without reading the project: beside each key it digests, the cache keeps the files' stamps
// (size, change times, inode: what `make` and git look at), and a later run whose files all show
// the same stamps takes that key without reading or digesting a file. Stamps are kept only when
// every file last changed more than SETTLE_MS before: two writes within one tick of the file
// system's clock could leave a file's times and size as they were (git's "racily clean" files;
// FAT's tick is 2 s), so a file changed just now is always read. A key taken from stamps is only
// a claim: an entry kept under it is used only when it records the same stamps, or when the
// files, read and digested, give that key (readProjectEntry).
import type { FileStamp } from "../host.ts";
import { isObject, readEntry, writeEntry } from "./entry.ts";
import { listedFiles, snapshotKey, type ProjectSnapshot } from "./snapshot.ts";
import type { ModuleCache } from "./store.ts";

/** How long a file must have been left alone before its stamp stands for its bytes. */
export const SETTLE_MS = 3_000;

interface StampedKey {
  /** What the key is for, with the toolchain: the entry's own name is only a short hash of it. */
  purpose: string;
  /** One line per listed file (path and stamp), then what the listing left out. */
  stamps: string[];
  key: string;
}

const isStampedKey = (value: unknown): value is StampedKey =>
  isObject(value) && typeof value.key === "string" && typeof value.purpose === "string" &&
  Array.isArray(value.stamps) && value.stamps.every((line) => typeof line === "string");

/** FNV-1a twice over (64 bits, in hex): no strength needed, and no digest to load. */
function fnv64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return `${(a >>> 0).toString(16).padStart(8, "0")}${(b >>> 0).toString(16).padStart(8, "0")}`;
}

/**
 * The stamps entry's name. It needs no strength, since the entry names its purpose and is used
 * only for that one; and a run whose files match their stamps then hashes nothing (the digest's
 * WebAssembly isn't even instantiated).
 */
const stampsName = (purpose: string): string => `stamps-${fnv64(purpose)}`;

/** The stamps of every file the snapshot lists, and the latest change among them; null when a file can't be stamped. */
function stampsOf(snapshot: ProjectSnapshot): { stamps: string[]; latestMs: number } | null {
  const stamp = snapshot.underlying.stamp?.bind(snapshot.underlying);
  if (!stamp) return null;
  const { found } = snapshot;
  const stamps: string[] = [];
  let latestMs = 0;
  for (const { absolute, path } of listedFiles(found)) {
    const s: FileStamp | null = stamp(absolute);
    if (s === null) return null;
    stamps.push(`${path}\0${s.text}`);
    if (s.changedMs > latestMs) latestMs = s.changedMs;
  }
  for (const { path, why } of found.skipped) stamps.push(`skipped ${path}\0${why}`);
  for (const { path } of found.misnamed) stamps.push(`misnamed ${path}`);
  return { stamps, latestMs };
}

const sameLines = (a: string[], b: string[]): boolean => a.length === b.length && a.every((line, i) => line === b[i]);

/** A project's key for one purpose, and how far it can be trusted. */
export interface ProjectKey {
  /** From the stamps entry when every stamp is as it kept them, else digested from the files now. */
  key: string;
  /**
   * A short digest of the files' stamps when every file has settled, else null: an entry kept
   * under the key records it, and a later run with the same stamps trusts the entry unread.
   */
  stamps: string | null;
  /**
   * The files' own key: `key` when it was digested now, else the files read and digested now
   * (once). A stamps entry found to name another key is corrected.
   */
  digested(): string;
}

/**
 * The key of everything the snapshot lists, for `purpose` (as `snapshotKey` gives it): from the
 * stamps an earlier run kept when no file changed since, else by reading and digesting every file,
 * keeping the stamps beside it for the next run when all of them have settled (at `nowMs`).
 */
export function projectKey(snapshot: ProjectSnapshot, cache: ModuleCache, purpose: string, nowMs: number): ProjectKey {
  const current = stampsOf(snapshot);
  const fullPurpose = `${cache.toolchain}\n${purpose}`;
  const name = stampsName(fullPurpose);
  const settled = current !== null && current.latestMs < nowMs - SETTLE_MS;
  const stamps = settled ? fnv64(`${fullPurpose}\n${current.stamps.join("\n")}`) : null;
  const digest = (): string => {
    const key = snapshotKey(snapshot, cache, purpose); // reads every file not read yet
    // Stamps taken before the files were read: a file written in between differs from them next time.
    if (settled) writeEntry(cache, name, { purpose: fullPurpose, stamps: current.stamps, key } satisfies StampedKey);
    return key;
  };
  const kept = current ? readEntry(cache, name, isStampedKey) : null;
  if (current && kept && kept.purpose === fullPurpose && sameLines(kept.stamps, current.stamps)) {
    let digested: string | undefined;
    return { key: kept.key, stamps, digested: () => (digested ??= digest()) };
  }
  const key = digest();
  return { key, stamps, digested: () => key };
}

interface ProjectEntry {
  /** The `ProjectKey.stamps` it was made (or last confirmed) with. */
  stamps: string | null;
  value: unknown;
}

/**
 * The value kept under the project's key, when `valid` accepts it and it was made from the files
 * as they are: it records their stamps now, or the files, read and digested, give its key. Null
 * otherwise. An entry confirmed by reading the files is kept again with their stamps, so the next
 * run trusts it unread.
 */
export function readProjectEntry<T>(cache: ModuleCache, found: ProjectKey, valid: (value: unknown) => value is T): T | null {
  const isEntry = (entry: unknown): entry is ProjectEntry & { value: T } =>
    isObject(entry) && (entry.stamps === null || typeof entry.stamps === "string") && valid(entry.value);
  const entry = readEntry(cache, found.key, isEntry);
  if (!entry) return null;
  if (found.stamps !== null && entry.stamps === found.stamps) return entry.value;
  if (found.digested() !== found.key) return null;
  if (found.stamps !== null) writeProjectEntry(cache, found, entry.value);
  return entry.value;
}

/** Keeps `value`, made from the project's files as they are, under their own key. */
export function writeProjectEntry(cache: ModuleCache, found: ProjectKey, value: unknown): void {
  writeEntry(cache, found.digested(), { stamps: found.stamps, value } satisfies ProjectEntry);
}
