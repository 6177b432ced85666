// What a project's disk snapshot reads (lsp/disk-snapshot.ts): each file and folder once while a
// watcher stands behind it, again once it is told of a change or has grown older than
// MAX_AGE_MS, and every time when nothing watches.
import { describe, expect, test } from "vitest";
import { memoryHost } from "@jadpo/compiler/testing";
import type { Host } from "@jadpo/compiler";
import { DiskSnapshot, MAX_AGE_MS } from "../../src/lsp/disk-snapshot.ts";

/** The example's host, counting what is read from it. */
function counted(files: Record<string, string>): { host: Host; reads: string[] } {
  const disk = memoryHost(files);
  const reads: string[] = [];
  return {
    reads,
    host: {
      ...disk,
      readWithin: (path, limit) => (reads.push(path), disk.readWithin(path, limit)),
      readFile: (path) => (reads.push(path), disk.readFile(path)),
      listFiles: (dir, skipDir, onSkipped) => (reads.push(`${dir}/`), disk.listFiles(dir, skipDir, onSkipped)),
    },
  };
}

const FILES = { "/p/app.jadpo": "", "/p/domains/a.jadpo": "type A = Int\n" };

function readAll(snapshot: DiskSnapshot): void {
  for (const path of snapshot.listFiles("/p")) snapshot.readWithin(path, 1_000);
  snapshot.readFile("/p/domains/a.jadpo");
}

describe("a project's files on disk, as last read", () => {
  test("read once while watched; again when told of a change, or past MAX_AGE_MS", () => {
    const { host, reads } = counted(FILES);
    let now = 0;
    const snapshot = new DiskSnapshot(host, () => true, () => now);
    readAll(snapshot);
    readAll(snapshot);
    expect(reads).toEqual(["/p/", "/p/app.jadpo", "/p/domains/a.jadpo", "/p/domains/a.jadpo"]);
    reads.length = 0;
    snapshot.forget();
    readAll(snapshot);
    expect(reads.length).toBe(4);
    reads.length = 0;
    now += MAX_AGE_MS + 1;
    readAll(snapshot);
    expect(reads.length).toBe(4);
  });

  test("read every time when nothing watches; what a listing skipped is told each time", () => {
    const { host, reads } = counted(FILES);
    const skipping: Host = { ...host, listFiles: (dir, skipDir, onSkipped) => (onSkipped?.("/p/pipe", "a pipe"), host.listFiles(dir, skipDir, onSkipped)) };
    const watched = new DiskSnapshot(skipping, () => true);
    const told: string[] = [];
    for (let i = 0; i < 2; i++) watched.listFiles("/p", undefined, (path, why) => void told.push(`${path}: ${why}`));
    expect(told).toEqual(["/p/pipe: a pipe", "/p/pipe: a pipe"]);
    reads.length = 0;
    const unwatched = new DiskSnapshot(host, () => false);
    readAll(unwatched);
    readAll(unwatched);
    expect(reads.length).toBe(8);
  });
});
