// What a cached check keeps of a compile: the counts `jadpo check` prints and every diagnostic
// (plain data). Code frames come from the snapshot's bytes, decoded as the parser decodes them.
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { SourceFile } from "../source/source-file.ts";
import { decodeSource } from "../source/decode.ts";
import { listedFiles, type ProjectSnapshot } from "./snapshot.ts";
import { isObject } from "./entry.ts";
import { MAX_FILE_BYTES } from "../vocabulary.ts";

export interface CheckSummary {
  files: number;
  declarations: number;
  diagnostics: Diagnostic[];
  /** Diagnostics past the output's limits, counted (0 when absent). */
  omitted?: number;
}


function isSpan(value: unknown): boolean {
  return value === null || (isObject(value) && typeof value.file === "string" && ["line", "column", "start", "end"].every((k) => typeof value[k] === "number"));
}

/** A stored fix: a title, and edits of a span each (an entry from before fixes has none: a miss). */
function isFix(value: unknown): boolean {
  return isObject(value) && typeof value.title === "string" && Array.isArray(value.edits) &&
    value.edits.every((e) => isObject(e) && typeof e.text === "string" && e.span !== null && isSpan(e.span));
}

/** A diagnostic as stored: the fields every renderer reads, of the right kinds. */
function isDiagnostic(value: unknown): value is Diagnostic {
  return (
    isObject(value) && typeof value.rule === "string" && typeof value.summary === "string" && typeof value.reason === "string" &&
    typeof value.next === "string" && typeof value.owner === "string" && isSpan(value.span) && Array.isArray(value.details) &&
    value.details.every((d) => isObject(d) && typeof d.label === "string" && typeof d.text === "string") &&
    Array.isArray(value.fixes) && value.fixes.every(isFix) &&
    (value.rerun === undefined || typeof value.rerun === "string")
  );
}

export function isCheckSummary(value: unknown): value is CheckSummary {
  return isObject(value) && typeof value.files === "number" && typeof value.declarations === "number" &&
    Array.isArray(value.diagnostics) && value.diagnostics.every(isDiagnostic);
}

/** A root-relative file's SourceFile from the snapshot, without parsing it (for code frames of cached diagnostics). */
export function snapshotSources(snapshot: ProjectSnapshot): (file: string) => SourceFile | undefined {
  const made = new Map<string, SourceFile>();
  const byPath = new Map(listedFiles(snapshot.found).map((f) => [f.path, f.absolute]));
  return (file) => {
    let source = made.get(file);
    if (source) return source;
    const absolute = byPath.get(file);
    // A snapshot keyed by its files' stamps has read none of them: the file is read now, once.
    const read = absolute === undefined ? undefined : snapshot.host.readWithin(absolute, MAX_FILE_BYTES);
    if (read instanceof Uint8Array) made.set(file, (source = new SourceFile(file, decodeSource(read).text)));
    return source;
  };
}
