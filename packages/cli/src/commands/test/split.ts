// A large project's test files split between threads: each thread compiles the app and its
// share of the test files, and runs that share's tests. Compiling is most of a large run, and
// one thread compiling everything left the other cores idle (docs/testing.md, "Workers").
//
// Only a test file that declares nothing but tests is shared out: nothing else can name one of
// its tests, so no other file's checking depends on it. Any file that might declare something
// else (or call a model directly, which teaches the checker a prompt's answer types) is
// compiled by every thread, and its tests run on the main thread.
import { joinPath, type Host, type ProjectSnapshot } from "@jadpo/compiler";

/**
 * A worker's start-up, in bytes of test source this thread compiles and runs in the same time
 * (about 110 ms for 256 KiB on the bench's machine): a worker's share is that much smaller than
 * this thread's, so both finish together; a project with less to share than that doesn't split.
 */
const HEAD_START_BYTES = 256 * 1024;
/** A worker is worth starting only for at least this much test source of its own. */
const MIN_SHARE_BYTES = 32 * 1024;

/** Words that start a declaration other than `test` and `use`, or a direct model call. */
const NOT_TESTS_ONLY = /\b(?:type|failure|function|action|prompt|fixtures|connection|locales)\b|\bai\s*\.\s*(?:generate|stream|embed)\b/;

export interface TestSplit {
  /** Every shared-out test file (root-relative). */
  shared: string[];
  /** The shared-out files of each thread: share 0 is the main thread's, share i worker i − 1's. */
  shares: string[][];
}

/** What a thread of a split run compiles, as its load (`TestLoad.split`) carries it. */
export interface SplitShare {
  shared: string[];
  mine: string[];
}

/** Which test files a thread compiles: all but the shared-out files of other threads. */
export function testFilesOf(share: SplitShare): (path: string) => boolean {
  const shared = new Set(share.shared);
  const mine = new Set(share.mine);
  return (path) => !shared.has(path) || mine.has(path);
}

/**
 * Splits the shareable test files of a snapshot between this thread and up to `threads − 1`
 * workers, contiguous in path order. This thread's share is bigger by `headStart` bytes (a
 * worker's start-up); null when no worker would get `MIN_SHARE_BYTES` (with no head start: a byte).
 */
export function planSplit(snapshot: ProjectSnapshot, threads: number, headStart = HEAD_START_BYTES): TestSplit | null {
  // No head start (tests of the split itself): any project splits, down to a file a thread.
  const minShare = headStart === 0 ? 1 : MIN_SHARE_BYTES;
  const candidates: { path: string; size: number }[] = [];
  const latin1 = new TextDecoder("latin1");
  for (const file of snapshot.found.files) {
    if (file.kind !== "test") continue;
    const bytes = snapshot.reads.get(file.absolute);
    if (!(bytes instanceof Uint8Array)) continue;
    // Keywords are ASCII: a byte-wise reading finds them whatever the file's other characters.
    if (NOT_TESTS_ONLY.test(latin1.decode(bytes))) continue;
    candidates.push({ path: file.path, size: bytes.byteLength });
  }
  const total = candidates.reduce((sum, file) => sum + file.size, 0);
  let workers = Math.min(threads - 1, candidates.length - 1);
  // Each worker's share: what is left after this thread's head start, divided evenly.
  while (workers > 0 && (total - headStart) / (workers + 1) < minShare) workers--;
  if (workers < 1) return null;
  const workerBytes = (total - headStart) / (workers + 1);
  const bounds = Array.from({ length: workers }, (_, i) => workerBytes + headStart + i * workerBytes);
  const shares: string[][] = Array.from({ length: workers + 1 }, () => []);
  let before = 0;
  for (const file of candidates) {
    // The share whose slice of the bytes this file's middle falls in.
    const middle = before + file.size / 2;
    let share = 0;
    while (share < workers && middle >= bounds[share]) share++;
    shares[share].push(file.path);
    before += file.size;
  }
  if (shares.some((share) => share.length === 0)) return null;
  return { shared: candidates.map((file) => file.path), shares };
}

/** Reads a project file for a code frame, as the compiler would have (`sourceLookup`'s fallback). */
export function readProjectFile(host: Host, root: string): (file: string) => Uint8Array | null {
  return (file) => host.readFile(joinPath(root, file));
}
