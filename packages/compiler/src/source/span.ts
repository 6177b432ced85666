// Where something is in a source file: shared by the syntax tree and the diagnostics.

/** A place in a source file. `start`/`end` are offsets into the file's text (UTF-16 units);
 * line and column are 1-based (column counts code points). */
export interface Span {
  file: string;
  line: number;
  column: number;
  start: number;
  end: number;
}

/** The start of a file, for a diagnostic about the file as a whole (it has no text to point into). */
export function fileStart(file: string): Span {
  return { file, line: 1, column: 1, start: 0, end: 0 };
}
