// Parses kept between compiles of one project: a file whose bytes haven't changed is not parsed
// again. An editor re-checks the whole project on every keystroke; only the edited file changed.
import type { FileKind } from "../syntax/ast.ts";
import { parseFile, type ParsedFile } from "../syntax/parse-file.ts";

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

  /** The parse of `path` with these bytes: the kept one when the bytes are the same. */
  parse(path: string, kind: FileKind, bytes: Uint8Array): ParsedFile {
    this.seen.add(path);
    const kept = this.entries.get(path);
    if (kept && kept.kind === kind && sameBytes(kept.bytes, bytes)) return kept.parsed;
    const parsed = parseFile(path, kind, bytes);
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

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
