// Parses kept between compiles of one project: a file whose bytes haven't changed is not parsed
// again, and a changed one only from its first changed declaration. An editor compiles the
// project at each pause in typing; only the edited file changed.
import type { FileKind } from "../syntax/ast.ts";
import { parseSteps, type ParsedFile } from "../syntax/parse-file.ts";
import type { Steps } from "../steps.ts";

interface Entry {
  kind: FileKind;
  bytes: Uint8Array;
  parsed: ParsedFile;
}

export class ParseCache {
  private entries = new Map<string, Entry>();
  private seen = new Set<string>();
  /** Files parsed (not reused) by the last compile: for tests and measurements. */
  parsedLastTime: string[] = [];

  /** The parse of `path` with these bytes: the kept one when the bytes are the same; in steps, a pause after each declaration parsed. */
  *parseSteps(path: string, kind: FileKind, bytes: Uint8Array): Steps<ParsedFile> {
    this.seen.add(path);
    const kept = this.entries.get(path);
    if (kept && kept.kind === kind && sameBytes(kept.bytes, bytes)) return kept.parsed;
    // The last parse lends the declarations before the change (kept-prefix.ts).
    const parsed = yield* parseSteps(path, kind, bytes, kept?.kind === kind ? kept.parsed : undefined);
    // A copy: a Host may hand out a buffer it reuses.
    this.entries.set(path, { kind, bytes: bytes.slice(), parsed });
    this.parsedLastTime.push(path);
    return parsed;
  }

  /** Called by the pipeline around each compile: forgets files that are gone. */
  begin(): void {
    this.seen = new Set();
    this.parsedLastTime = [];
  }

  end(): void {
    for (const path of [...this.entries.keys()]) if (!this.seen.has(path)) this.entries.delete(path);
  }
}

/** Byte for byte, four at a time where both are aligned (every file of the project is compared at each check). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  let i = 0;
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const words = a.length >>> 2;
    const x = new Int32Array(a.buffer, a.byteOffset, words);
    const y = new Int32Array(b.buffer, b.byteOffset, words);
    for (; i < words; i++) if (x[i] !== y[i]) return false;
    i = words << 2;
  }
  for (; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
