// Reading a file's lines from its end, in chunks: each byte is read once, searched for a newline
// once, and copied once when its line is complete, so a line of any length costs time linear in
// its length (a chunk joined to the carry at every step was quadratic: minutes for 100 MB).
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";

const CHUNK = 64 * 1024;

/** What a read cost, for tests that check it stays linear. */
export interface ReadCost {
  /** Bytes read from the file. */
  read: number;
  /** Bytes copied to put lines together. */
  copied: number;
}

export interface BackwardsOptions {
  /** Stop after reading this many bytes from the end (a line that starts before that is not given). */
  maxBytes?: number;
  /** Read nothing before this offset: it is taken as the start of the file (a line boundary). */
  from?: number;
  cost?: ReadCost;
}

/** Turns chunks given from the end of a file backwards into lines, newest first. */
class BackwardLines {
  /** The pieces of the line being put together, last piece first. */
  private pieces: Buffer[] = [];

  constructor(private readonly cost: ReadCost | undefined) {}

  /** The complete lines `chunk` ends (the chunk just before the ones given so far). */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let end = chunk.length;
    while (end > 0) {
      const newline = chunk.lastIndexOf(0x0a, end - 1);
      if (newline === -1) break;
      this.pieces.push(chunk.subarray(newline + 1, end));
      const line = this.take();
      if (line.trim() !== "") lines.push(line);
      end = newline;
    }
    if (end > 0) this.pieces.push(chunk.subarray(0, end));
    return lines;
  }

  /** At the start of the file: the first line, if any. */
  finish(): string | null {
    const line = this.take();
    return line.trim() === "" ? null : line;
  }

  private take(): string {
    const pieces = this.pieces.reverse();
    this.pieces = [];
    const size = pieces.reduce((n, p) => n + p.length, 0);
    if (this.cost !== undefined) this.cost.copied += size;
    return (pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, size)).toString("utf8");
  }
}

/**
 * The chunks to read, from the end of a file of `size` bytes back to `options.from`, within
 * `options.maxBytes`; `reachedStart` says whether the reads reached `from` (so the first line is whole).
 */
class BackwardChunks {
  private position: number;
  private readonly floor: number;
  private readonly budget: number;

  constructor(private readonly size: number, options: BackwardsOptions) {
    this.position = size;
    this.floor = Math.min(Math.max(0, options.from ?? 0), size);
    this.budget = options.maxBytes ?? Number.POSITIVE_INFINITY;
  }

  /** The next chunk's offset and length, or null when there is none to read. */
  next(): { position: number; n: number } | null {
    if (this.position <= this.floor || this.size - this.position >= this.budget) return null;
    const n = Math.min(CHUNK, this.position - this.floor);
    this.position -= n;
    return { position: this.position, n };
  }

  get reachedStart(): boolean {
    return this.position <= this.floor;
  }
}

/** Each line of the file from the last to the first (complete lines only; the text without its newline). */
export function* linesBackwards(path: string, options: BackwardsOptions = {}): Generator<string> {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return;
  }
  try {
    const chunks = new BackwardChunks(fstatSync(fd).size, options);
    const lines = new BackwardLines(options.cost);
    for (let next = chunks.next(); next !== null; next = chunks.next()) {
      const chunk = Buffer.allocUnsafe(next.n);
      readSync(fd, chunk, 0, next.n, next.position);
      if (options.cost !== undefined) options.cost.read += next.n;
      yield* lines.push(chunk);
    }
    const first = chunks.reachedStart ? lines.finish() : null;
    if (first !== null) yield first;
  } finally {
    closeSync(fd);
  }
}

/**
 * `linesBackwards` for a server: each chunk is read without blocking, so other requests are
 * answered between chunks; `take` says whether to go on after each line.
 */
export async function eachLineBackwards(path: string, take: (line: string) => boolean, options: BackwardsOptions = {}): Promise<void> {
  let file;
  try {
    file = await open(path, "r");
  } catch {
    return;
  }
  try {
    const chunks = new BackwardChunks((await file.stat()).size, options);
    const lines = new BackwardLines(options.cost);
    for (let next = chunks.next(); next !== null; next = chunks.next()) {
      const chunk = Buffer.allocUnsafe(next.n);
      await file.read(chunk, 0, next.n, next.position);
      if (options.cost !== undefined) options.cost.read += next.n;
      for (const line of lines.push(chunk)) if (!take(line)) return;
    }
    const first = chunks.reachedStart ? lines.finish() : null;
    if (first !== null) take(first);
  } finally {
    await file.close();
  }
}
