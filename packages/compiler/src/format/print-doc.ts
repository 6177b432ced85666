// Laying a Doc out in 100 columns (the algorithm of Prettier's printDocToString, without the
// parts the formatter doesn't use): a group goes on one line when it fits with the rest of its
// line, else its lines break. Iterative (an explicit stack), so no nesting overflows it; a fit is
// measured only up to the next line break, so printing stays linear.
import { GROUP, INDENT, LINE, SUFFIX, WIDE, type Doc } from "./doc.ts";

/** The widest a line may be, in code points. */
export const WIDTH = 100;

const BREAK = 0;
const FLAT = 1;

const indents: string[] = [""];
function indentation(level: number): string {
  while (indents.length <= level) indents.push(indents[indents.length - 1] + "    ");
  return indents[level];
}

/** Pushes a sequence's docs on a stack (last first, so the first is taken first), with their level and mode. */
function pushAll(sequence: readonly Doc[], level: number, mode: number, levels: number[] | null, modes: number[], docs: Doc[]): void {
  for (let k = sequence.length - 1; k >= 0; k--) {
    levels?.push(level);
    modes.push(mode);
    docs.push(sequence[k]);
  }
}

/** The output of one file, written doc by doc. */
export class DocPrinter {
  private readonly chunks: string[] = [];
  /** Chunks before this index are never trimmed: they end with a text literal's own line. */
  private kept = 0;
  private column = 0;
  /** The indentation level of the line being written. */
  private lineLevel = 0;
  private suffixes: string[] = [];
  // The stack of what is left to print: indentation level, mode and doc of each entry.
  private readonly levels: number[] = [];
  private readonly modes: number[] = [];
  private readonly docs: Doc[] = [];
  // The stack `fits` measures with (reused).
  private readonly fitModes: number[] = [];
  private readonly fitDocs: Doc[] = [];

  /** Prints `doc` at indentation `level`, starting where the output is. */
  print(doc: Doc, level = 0): void {
    const { levels, modes, docs, chunks } = this;
    const base = docs.length;
    levels.push(level);
    modes.push(BREAK);
    docs.push(doc);
    while (docs.length > base) {
      const at = levels.pop()!;
      const mode = modes.pop()!;
      const d = docs.pop()!;
      if (typeof d === "string") {
        if (d.length > 0) {
          chunks.push(d);
          this.column += d.length;
        }
        continue;
      }
      if (Array.isArray(d)) {
        pushAll(d, at, mode, levels, modes, docs);
        continue;
      }
      const node = d as Exclude<Doc, string | readonly Doc[]>;
      switch (node.k) {
        case LINE:
          if (mode === FLAT && !node.hard) {
            if (node.flat.length > 0) {
              chunks.push(node.flat);
              this.column += node.flat.length;
            }
          } else this.newline(at, node.blank);
          break;
        case GROUP: {
          const flat = mode === FLAT || (!node.hard && this.fits(node.doc));
          levels.push(at);
          modes.push(flat ? FLAT : BREAK);
          docs.push(node.doc);
          break;
        }
        case INDENT:
          levels.push(at + 1);
          modes.push(mode);
          docs.push(node.doc);
          break;
        case SUFFIX:
          this.suffixes.push(node.text);
          break;
        case WIDE:
          chunks.push(node.text);
          if (node.last < 0) this.column += node.width;
          else {
            this.column = node.last;
            this.kept = chunks.length;
          }
          break;
        default: {
          const unknown: never = node;
          throw new Error(`no layout for ${JSON.stringify(unknown)}`);
        }
      }
    }
  }

  /** Ends the line (writing end-of-line comments first, and no trailing spaces) and indents the next. */
  newline(level: number, blank = false): void {
    const chunks = this.chunks;
    if (this.suffixes.length > 0) {
      // One comment ends the line; any more (from lines the layout joined) take a line each.
      const [first, ...more] = this.suffixes;
      this.suffixes = [];
      this.trimLine();
      chunks.push(first);
      // At the deeper of the two lines' levels: the comment belongs inside what the next line closes.
      for (const s of more) {
        this.trimLine();
        chunks.push("\n", indentation(Math.max(level, this.lineLevel)), s.slice(1));
      }
    }
    this.trimLine();
    chunks.push(blank ? "\n\n" : "\n");
    if (level > 0) chunks.push(indentation(level));
    this.column = level * 4;
    this.lineLevel = level;
  }

  /** Drops the spaces at the end of the line written so far (never inside a text literal). */
  private trimLine(): void {
    const chunks = this.chunks;
    while (chunks.length > this.kept) {
      const last = chunks[chunks.length - 1];
      if (last.charCodeAt(last.length - 1) !== 32) break;
      const trimmed = last.trimEnd();
      if (trimmed.length > 0) {
        chunks[chunks.length - 1] = trimmed;
        break;
      }
      chunks.pop();
    }
  }

  /** Whether `doc`, on one line, fits with what follows it up to the next line break. */
  private fits(doc: Doc): boolean {
    let width = WIDTH - this.column;
    const { fitModes, fitDocs } = this;
    fitModes.length = 0;
    fitDocs.length = 0;
    fitModes.push(FLAT);
    fitDocs.push(doc);
    let rest = this.docs.length;
    for (;;) {
      if (fitDocs.length === 0) {
        if (rest === 0) return true;
        rest--;
        fitModes.push(this.modes[rest]);
        fitDocs.push(this.docs[rest]);
        continue;
      }
      const mode = fitModes.pop()!;
      const d = fitDocs.pop()!;
      if (typeof d === "string") {
        width -= d.length;
        if (width < 0) return false;
        continue;
      }
      if (Array.isArray(d)) {
        pushAll(d, 0, mode, null, fitModes, fitDocs);
        continue;
      }
      const node = d as Exclude<Doc, string | readonly Doc[]>;
      switch (node.k) {
        case LINE:
          if (mode === BREAK || node.hard) return true;
          width -= node.flat.length;
          if (width < 0) return false;
          break;
        case GROUP:
          fitModes.push(node.hard ? BREAK : mode);
          fitDocs.push(node.doc);
          break;
        case INDENT:
          fitModes.push(mode);
          fitDocs.push(node.doc);
          break;
        case SUFFIX:
          break;
        case WIDE:
          width -= node.width;
          if (width < 0) return false;
          if (node.last >= 0) return true;
          break;
        default: {
          const unknown: never = node;
          throw new Error(`no layout for ${JSON.stringify(unknown)}`);
        }
      }
    }
  }

  /** The text, ended by one newline (nothing for an empty file). */
  finish(): string {
    if (this.chunks.length === 0 && this.suffixes.length === 0) return "";
    this.newline(0);
    return this.chunks.join("");
  }
}
