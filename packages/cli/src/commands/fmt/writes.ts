// `jadpo fmt`'s writes. Each file is replaced atomically: its new text goes to a temporary file
// beside it, renamed over it, so a crash leaves the old file or the new one, never half of one.
// Creating and renaming a file can cost the system more than formatting one (ext4 without a
// journal scans its inode table past every inode freed in the last minute or more: bench/README.md
// has the figures), so the writes are made on Node's thread pool, several at a time, while the
// next files are formatted. Files are listed in the order they were formatted, each once it is
// written. A failed write stops the run: the writes already started end (each whole or not at
// all), and the first failure is the answer.
import { lstatSync, realpathSync, statSync } from "node:fs";
import { replaceFileAtomic } from "../../toolchain.ts";

/** Writes in flight at most: the thread pool's four threads kept busy between two files. */
const IN_FLIGHT = 16;

interface Write {
  /** The file as listed. */
  shown: string;
  done: Promise<void>;
  /** Set when `done` settles, with its error when it failed. */
  ended: boolean;
  failed: boolean;
  error: unknown;
}

/** The first write that failed: the file as listed, and the system's error. */
export interface FailedWrite {
  shown: string;
  error: unknown;
}

export class FmtWrites {
  /** The writes not yet listed, in the order they were started. */
  private readonly queue: Write[] = [];
  private failed: FailedWrite | null = null;

  /** `written`: called with each file's name once it is written, in the order they were started. */
  constructor(private readonly written: (shown: string) => void) {}

  /**
   * Starts replacing `absolute` (`shown` as listed) with `text`: the file a link leads to (the link
   * stays a link), its permissions kept. Waits first while too many writes are in flight.
   */
  async write(absolute: string, shown: string, text: string): Promise<void> {
    if (this.queue.length >= IN_FLIGHT) await this.queue[0].done.catch(() => {});
    this.listEnded();
    const entry = lstatSync(absolute);
    const target = entry.isSymbolicLink() ? realpathSync(absolute) : absolute;
    const mode = (target === absolute ? entry : statSync(target)).mode & 0o7777;
    const write: Write = { shown, done: replaceFileAtomic(target, text, mode), ended: false, failed: false, error: undefined };
    write.done.then(
      () => { write.ended = true; },
      (error: unknown) => Object.assign(write, { ended: true, failed: true, error }),
    );
    this.queue.push(write);
  }

  /**
   * Between two files: lets the writes in flight take their next steps (one turn of the event
   * loop, only when there are some), lists those that ended, and answers the first failure, or
   * null (the run stops at one).
   */
  async step(): Promise<FailedWrite | null> {
    if (this.queue.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    this.listEnded();
    return this.failed;
  }

  /** Waits for every write in flight and lists them; then the first failure, or null. */
  async finish(): Promise<FailedWrite | null> {
    await Promise.allSettled(this.queue.map((write) => write.done));
    this.listEnded();
    return this.failed;
  }

  /** Lists the ended writes at the head of the queue (a failure is kept, not listed). */
  private listEnded(): void {
    const queue = this.queue;
    while (queue.length > 0 && queue[0].ended) {
      const write = queue.shift()!;
      if (!write.failed) this.written(write.shown);
      else this.failed ??= { shown: write.shown, error: write.error };
    }
  }
}
