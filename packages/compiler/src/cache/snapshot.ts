// A project's inputs read once: every source, test and recording file's bytes (or its size when
// too large). Its key digests them all with the toolchain, so an entry keyed by it is reused only
// while not one input has changed; and the compiler, on a miss, compiles from these same bytes.
import type { Host } from "../host.ts";
import { discoverFiles, type ProjectFiles } from "../modules/load.ts";
import { MAX_FILE_BYTES } from "../vocabulary.ts";
import type { ModuleCache } from "./store.ts";

type Read = Uint8Array | number | null;

export interface ProjectSnapshot {
  root: string;
  found: ProjectFiles;
  /** A Host that answers from the snapshot (the compiler reads each file through it). */
  host: Host;
  /** The host the files are read from. */
  underlying: Host;
}

/** The project's files read once (see `listProject` and `readProject`). */
export function snapshotProject(host: Host, root: string): ProjectSnapshot {
  const snapshot = listProject(host, root);
  readProject(snapshot);
  return snapshot;
}

/**
 * The project's files listed, none read yet: the snapshot's host reads a file from disk until
 * `readProject` has read them all (a run whose key comes from the files' stamps reads only what
 * it shows).
 */
export function listProject(host: Host, root: string): ProjectSnapshot {
  // By absolute path, what `readWithin(path, MAX_FILE_BYTES)` gave.
  const reads = new Map<string, Read>();
  const listed = new Map<string, { files: string[]; skipped: [string, string][] }>();
  // Answers from the snapshot: the compiler, given this host, neither walks the folders nor reads a file again.
  const snapshotHost: Host = {
    // What it reads is kept: a file read for the compile is not read again (a recording's decode
    // test, a code frame), and the key, if it is made later, digests these same bytes.
    readFile: (path) => {
      const read = reads.get(path);
      if (read instanceof Uint8Array) return read;
      const bytes = host.readFile(path);
      if (read === undefined && bytes !== null && bytes.byteLength <= MAX_FILE_BYTES) reads.set(path, bytes);
      return bytes;
    },
    readWithin: (path, limit) => {
      if (limit !== MAX_FILE_BYTES) return host.readWithin(path, limit);
      let read = reads.get(path);
      if (read === undefined) reads.set(path, (read = host.readWithin(path, limit)));
      return read;
    },
    // Both callers list the project with discoverFiles' own filter, so one answer serves both.
    listFiles: (dir, skipDir, onSkipped) => {
      let list = listed.get(dir);
      if (!list) {
        const skipped: [string, string][] = [];
        list = { files: host.listFiles(dir, skipDir, (path, why) => skipped.push([path, why])), skipped };
        listed.set(dir, list);
      }
      // Entries left out as unreadable are told again to each caller (`module.unreadable`).
      for (const [path, why] of list.skipped) onSkipped?.(path, why);
      return list.files;
    },
    exists: (path) => host.exists(path),
  };
  const found = discoverFiles(snapshotHost, root);
  return { root, found, host: snapshotHost, underlying: host };
}

/** Every file the snapshot lists: sources and tests, then recordings. */
export function listedFiles(found: ProjectFiles): { absolute: string; path: string }[] {
  return [...found.files, ...found.recordings];
}

/** Reads every listed file the snapshot has not read yet (its host keeps what it reads). */
function readProject(snapshot: ProjectSnapshot): void {
  for (const { absolute } of listedFiles(snapshot.found)) snapshot.host.readWithin(absolute, MAX_FILE_BYTES);
}

/** The key of everything this snapshot holds, for one use (`purpose` says which: a check, a run with its seed…). */
export function snapshotKey(snapshot: ProjectSnapshot, cache: ModuleCache, purpose: string): string {
  const parts: (string | Uint8Array)[] = [`jadpo-cache 1\n${cache.toolchain}\n${purpose}\n`];
  for (const { absolute, path } of listedFiles(snapshot.found)) {
    const read = snapshot.host.readWithin(absolute, MAX_FILE_BYTES);
    // Path and length first, so no two lists of files digest alike by moving bytes between them.
    if (read instanceof Uint8Array) parts.push(`\n${path}\0${read.byteLength}\0`, read);
    else parts.push(`\n${path}\0${read === null ? "missing" : `too large ${read}`}\0`);
  }
  // What was left out is reported too, so it belongs to the key.
  for (const { path, why } of snapshot.found.skipped) parts.push(`\nskipped ${path}\0${why}\0`);
  for (const { path } of snapshot.found.misnamed) parts.push(`\nmisnamed ${path}\0`);
  return cache.digest(parts);
}
