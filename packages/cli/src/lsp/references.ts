// References and document highlights: the symbol under the cursor in the compiler's name table
// (nameIndex), and every place its name is written — in this file for highlights, across the
// project (tests, fixtures and recordings included) for references.
import { nameIndex, type Occurrence, type Span } from "@jadpo/compiler";
import { DocumentHighlightKind, type DocumentHighlight, type Location, type Range } from "vscode-languageserver";
import type { Compiled } from "./project.ts";
import type { Here } from "./here.ts";
import { rangeOf, uriOfPath } from "./paths.ts";

/** The symbol's occurrences, when the cursor is on one of its names. */
export function occurrencesAt(here: Here): { key: string; all: readonly Occurrence[]; at: Occurrence } | null {
  const index = nameIndex(here.compiled.result);
  const at = index.at(here.file.path, here.offset);
  if (!at) return null;
  return { key: at.key, all: index.occurrences.get(at.key) ?? [at], at };
}

/** A span as a range: a recording (not a compiled source) is measured from its line and column. */
export function spanRange(compiled: Compiled, span: Span): Range {
  const source = compiled.source(span.file);
  if (source) return rangeOf(span, source);
  const start = { line: span.line - 1, character: span.column - 1 };
  return { start, end: { line: start.line, character: start.character + span.end - span.start } };
}

export function referencesAt(here: Here, includeDeclaration: boolean): Location[] {
  const found = occurrencesAt(here);
  if (!found) return [];
  return found.all
    .filter((o) => includeDeclaration || !o.declaration)
    .map((o) => ({ uri: uriOfPath(here.project.absolute(o.span.file)), range: spanRange(here.compiled, o.span) }));
}

export function highlightsAt(here: Here): DocumentHighlight[] {
  const found = occurrencesAt(here);
  if (!found) return [];
  return found.all
    .filter((o) => o.span.file === here.file.path)
    .map((o) => ({ range: spanRange(here.compiled, o.span), kind: o.declaration ? DocumentHighlightKind.Write : DocumentHighlightKind.Read }));
}
