// The only way the compiler sees files: the CLI and tests pass a Host (no fs or process here).

/**
 * How a Host's `onSkipped` words begin for a folder it left out, and for a folder it does not
 * follow because a symbolic link leads to it: the compiler tells these apart by their words.
 */
export const SKIPPED_FOLDER = "a folder";
export const LINKED_FOLDER = "a folder behind a symbolic link";

/** `path` with `/` for every backslash: the one spelling of a path the compiler, its Hosts and the CLI use. */
export function slashPath(path: string): string {
  return path.replace(/\\/g, "/");
}

export interface Host {
  /** Raw bytes of a file, by absolute path; null when it doesn't exist. */
  readFile(path: string): Uint8Array | null;
  /**
   * A file's bytes, read only when it holds at most `limit` bytes: a larger one gives its size
   * instead, unread (for limit.file_too_large); null when it doesn't exist. One look at the file
   * for each source file of a project.
   */
  readWithin(path: string, limit: number): Uint8Array | number | null;
  /**
   * Every file below `dir` (absolute paths), recursively, sorted; skips nothing by itself.
   * `skipDir`, when given, is asked about each folder (absolute path) before it is entered.
   * `onSkipped`, when given, is told of each entry left out because it can't be read safely:
   * a loop of links, a pipe or device, an unreadable file or folder, a link leading outside `dir`.
   */
  listFiles(dir: string, skipDir?: (absoluteDir: string) => boolean, onSkipped?: (absolutePath: string, why: string) => void): string[];
  /** Whether a file exists. */
  exists(path: string): boolean;
  /**
   * What tells a file's versions apart without reading it (its size, change times, inode), and
   * when it last changed; null when it can't be looked at. Optional: without it, the cache reads
   * and digests every file on every run (cache/stamps.ts).
   */
  stamp?(path: string): FileStamp | null;
}

export interface FileStamp {
  /** Equal for two looks exactly when nothing wrote to the file in between (as far as the file system tells). */
  text: string;
  /** The later of its modification and status-change times, in ms since the epoch. */
  changedMs: number;
}
