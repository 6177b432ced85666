// Parse reuse within one process (watch, the language server): each file's last parse, kept while
// its bytes are the same, so a rerun after an edit parses only the files that changed. Syntax
// trees are never changed after parsing, so one tree can serve every later compile.
import type { FileKind } from "../syntax/ast.ts";
import { parseFile, type ParsedFile } from "../syntax/parse-file.ts";

export interface ParseMemo {
  /** The parse of `bytes` as the file `path`: the last one when the bytes are the same, else a new one. */
  parse(path: string, kind: FileKind, bytes: Uint8Array): ParsedFile;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function parseMemo(): ParseMemo {
  const last = new Map<string, { kind: FileKind; bytes: Uint8Array; parsed: ParsedFile }>();
  return {
    parse(path, kind, bytes) {
      const hit = last.get(path);
      if (hit && hit.kind === kind && sameBytes(hit.bytes, bytes)) return hit.parsed;
      const parsed = parseFile(path, kind, bytes);
      last.set(path, { kind, bytes, parsed });
      return parsed;
    },
  };
}
