// A source file's text with a line index, so any offset can be turned into line and column.

export class SourceFile {
  private starts: number[] | null = null;

  constructor(
    /** Path relative to the project root, with `/`. */
    readonly path: string,
    /** The text, BOM removed and CRLF read as LF. */
    readonly text: string,
  ) {}

  /** Offsets where lines start; built on first use (most files are never asked for a position). */
  private get lineStarts(): number[] {
    if (this.starts === null) {
      const starts = [0];
      const text = this.text;
      for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", nl + 1)) starts.push(nl + 1);
      this.starts = starts;
    }
    return this.starts;
  }

  /** 1-based line and column (column in code points) of an offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    const lineStart = this.lineStarts[lo];
    const column = [...this.text.slice(lineStart, offset)].length + 1;
    return { line: lo + 1, column };
  }

  /** The text of a 1-based line, without its newline. */
  lineText(line: number): string {
    const start = this.lineStarts[line - 1] ?? this.text.length;
    const next = this.lineStarts[line];
    return this.text.slice(start, next === undefined ? this.text.length : next - 1);
  }

  /** UTF-8 byte offset of a text offset (for the byte ranges of JSON diagnostics). */
  byteOffset(offset: number): number {
    return new TextEncoder().encode(this.text.slice(0, offset)).length;
  }
}
