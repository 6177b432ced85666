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
  /** By absolute path, what `readWithin(path, MAX_FILE_BYTES)` gave. */
  reads: Map<string, Read>;
  /** A Host that answers from the snapshot (the compiler reads each file through it). */
  host: Host;
}

export function snapshotProject(host: Host, root: string): ProjectSnapshot {
  const reads = new Map<string, Read>();
  const listed = new Map<string, string[]>();
  // Answers from the snapshot: the compiler, given this host, neither walks the folders nor reads a file again.
  const snapshotHost: Host = {
    readFile: (path) => {
      const read = reads.get(path);
      return read instanceof Uint8Array ? read : host.readFile(path);
    },
    readWithin: (path, limit) => {
      const read = reads.get(path);
      return read === undefined || limit !== MAX_FILE_BYTES ? host.readWithin(path, limit) : read;
    },
    // Both callers list the project with discoverFiles' own filter, so one answer serves both.
    listFiles: (dir, skipDir) => {
      let files = listed.get(dir);
      if (!files) listed.set(dir, (files = host.listFiles(dir, skipDir)));
      return files;
    },
    exists: (path) => host.exists(path),
  };
  const found = discoverFiles(snapshotHost, root);
  for (const { absolute } of [...found.files, ...found.recordings]) reads.set(absolute, host.readWithin(absolute, MAX_FILE_BYTES));
  return { root, found, reads, host: snapshotHost };
}

/** The key of everything this snapshot holds, for one use (`purpose` says which: a check, a run with its seed…). */
export function snapshotKey(snapshot: ProjectSnapshot, cache: ModuleCache, purpose: string): string {
  const parts: (string | Uint8Array)[] = [`jadpo-cache 1\n${cache.toolchain}\n${purpose}\n`];
  for (const { absolute, path } of [...snapshot.found.files, ...snapshot.found.recordings]) {
    const read = snapshot.reads.get(absolute);
    // Path and length first, so no two lists of files digest alike by moving bytes between them.
    if (read instanceof Uint8Array) parts.push(`\n${path}\0${read.byteLength}\0`, read);
    else parts.push(`\n${path}\0${read === null ? "missing" : `too large ${read}`}\0`);
  }
  return cache.digest(parts);
}
