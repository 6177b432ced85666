// One project's files on disk as the server last read them, kept while nothing there changes: a
// check made while the user types reads the open buffers from memory and the rest from here,
// not from the disk. A watcher on the project's folders forgets it at any change to a project
// file or folder (as does the client's `workspace/didChangeWatchedFiles`); and it is never older
// than MAX_AGE_MS, so a change a watcher missed is read within that while the user types.
import type { Host } from "@jadpo/compiler";

export const MAX_AGE_MS = 2_000;

type Read = Uint8Array | number | null;

export class DiskSnapshot implements Host {
  private readonly reads = new Map<string, Read>();
  private readonly files = new Map<string, Uint8Array | null>();
  private readonly listings = new Map<string, { files: string[]; skipped: [string, string][] }>();
  private takenAt = 0;

  /** `watched`: whether a watcher tells this snapshot of changes (without one, every check reads the disk). */
  constructor(private readonly disk: Host, private readonly watched: () => boolean, private readonly now: () => number = Date.now) {}

  /** Forgets everything read: the next check reads the disk again. */
  forget(): void {
    this.reads.clear();
    this.files.clear();
    this.listings.clear();
  }

  readWithin(path: string, limit: number): Read {
    this.expire();
    const key = `${limit}\0${path}`;
    if (this.reads.has(key)) return this.reads.get(key)!;
    const read = this.disk.readWithin(path, limit);
    this.reads.set(key, read);
    return read;
  }

  readFile(path: string): Uint8Array | null {
    this.expire();
    if (this.files.has(path)) return this.files.get(path)!;
    const read = this.disk.readFile(path);
    this.files.set(path, read);
    return read;
  }

  listFiles(dir: string, skipDir?: (absoluteDir: string) => boolean, onSkipped?: (absolutePath: string, why: string) => void): string[] {
    this.expire();
    let listing = this.listings.get(dir);
    if (listing === undefined) {
      const skipped: [string, string][] = [];
      const files = this.disk.listFiles(dir, skipDir, (path, why) => void skipped.push([path, why]));
      this.listings.set(dir, (listing = { files, skipped }));
    }
    for (const [path, why] of listing.skipped) onSkipped?.(path, why);
    return [...listing.files];
  }

  exists(path: string): boolean {
    return this.disk.exists(path);
  }

  /** Starts afresh when no watcher stands behind what was read, or it is older than MAX_AGE_MS. */
  private expire(): void {
    const now = this.now();
    if (!this.watched() || now - this.takenAt > MAX_AGE_MS) {
      this.forget();
      this.takenAt = now;
    }
  }
}
