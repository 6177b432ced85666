// `jadpo fmt` as a pure function: a file's text → its canonical layout (docs/cli.md, "jadpo fmt").
// A file with a syntax problem is never changed: its diagnostics come back instead.
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { FileKind } from "../syntax/ast.ts";
import type { SourceFile } from "../source/source-file.ts";
import { parseFile } from "../syntax/parse-file.ts";
import { FileFormatter } from "./format-file.ts";

export type FormatResult =
  | { ok: true; text: string; changed: boolean }
  /** `source`: the text as read, for the diagnostics' code frames. */
  | { ok: false; diagnostics: Diagnostic[]; source: SourceFile };

/** The formatter (it keeps no state between files). */
const formatter = new FileFormatter();

/**
 * `input` (a file's bytes or text) in the canonical layout. `path` names the file in diagnostics;
 * `changed` compares with the text as read (a BOM and CRLF line ends count as changes).
 */
export function formatSource(path: string, input: string | Uint8Array, kind: FileKind = "source"): FormatResult {
  const parsed = parseFile(path, kind, input);
  if (parsed.diagnostics.length > 0) return { ok: false, diagnostics: parsed.diagnostics, source: parsed.source };
  const read = parsed.source.text;
  const text = formatter.format(read, parsed.syntax.decls, parsed.comments);
  return { ok: true, text, changed: text !== read || readDiffers(input, read) };
}

/**
 * Whether reading `input` changed it: a byte-order mark or CR dropped. (Bytes that aren't UTF-8
 * never get here: they are a syntax problem.)
 */
function readDiffers(input: string | Uint8Array, read: string): boolean {
  if (typeof input === "string") return input !== read;
  return (input.length >= 3 && input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) || input.includes(13);
}
