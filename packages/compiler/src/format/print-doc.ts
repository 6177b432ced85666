// Laying a Doc out in 100 columns (the algorithm of Prettier's printDocToString, without the
// parts the formatter doesn't use): a group goes on one line when it fits with the rest of its
// line, else its lines break. Iterative (an explicit stack), so no nesting overflows it; a fit is
// measured only up to the next line break, so printing stays linear.
import { GROUP, INDENT, LINE, SUFFIX, WIDE, type Doc, type DocNode } from "./doc.ts";

/** The widest a line may be, in code points. */
const WIDTH = 100;

const BREAK = 0;
const FLAT = 1;

const indents: string[] = [""];
function indentation(level: number): string {
  while (indents.length <= level) indents.push(indents[indents.length - 1] + "    ");
  return indents[level];
}

/**
 * A stack of docs, each with its indentation level and mode packed in one number (`level * 2 +
 * mode`). Its arrays only grow: they are reused doc after doc, never reallocated.
 */
class DocStack {
  readonly states: number[] = [];
  readonly docs: Doc[] = [];
  top = 0;

  push(state: number, doc: Doc): void {
    this.states[this.top] = state;
    this.docs[this.top++] = doc;
  }

  /** The state of the doc `next` gave. */
  state = 0;

  /** The next text or node above `base`, sequences opened on the way (last pushed first); null at `base`. */
  next(base: number): string | DocNode | null {
    while (this.top > base) {
      const d = this.docs[--this.top];
      const state = this.states[this.top];
      if (Array.isArray(d)) {
        for (let k = d.length - 1; k >= 0; k--) this.push(state, d[k]);
        continue;
      }
      this.state = state;
      return d as string | DocNode;
    }
    return null;
  }
}

/** The output of one file, written doc by doc. */
export class DocPrinter {
  /** The lines written, each without its newline. */
  private readonly lines: string[] = [];
  /** The line being written. */
  private line = "";
  /** How many spaces end `line` (counted as it is written: reading a string built by `+=` would flatten it). */
  private spaces = 0;
  private column = 0;
  /** The indentation level of the line being written. */
  private lineLevel = 0;
  private suffixes: string[] = [];
  /** What is left to print. */
  private readonly stack = new DocStack();
  /** What `fits` measures. */
  private readonly measured = new DocStack();

  /** Prints `doc` at indentation `level`, starting where the output is. */
  print(doc: Doc, level = 0): void {
    const stack = this.stack;
    const base = stack.top;
    stack.push(level * 2 + BREAK, doc);
    for (let node = stack.next(base); node !== null; node = stack.next(base)) {
      const state = stack.state;
      const mode = state & 1;
      if (typeof node === "string") {
        this.append(node);
        this.column += node.length;
        continue;
      }
      switch (node.k) {
        case LINE:
          if (mode === FLAT && !node.hard) {
            this.append(node.flat);
            this.column += node.flat.length;
          } else this.newline(state >> 1, node.blank);
          break;
        case GROUP: {
          const flat = mode === FLAT || (!node.hard && this.fits(node.doc));
          stack.push((state & ~1) | (flat ? FLAT : BREAK), node.doc);
          break;
        }
        case INDENT:
          stack.push(state + 2, node.doc);
          break;
        case SUFFIX:
          this.suffixes.push(node.text);
          break;
        case WIDE:
          if (node.last < 0) {
            this.append(node.text);
            this.column += node.width;
          } else {
            // Its lines as they are: the ones before its last are written whole, and nothing of it is trimmed.
            const nl = node.text.lastIndexOf("\n");
            this.lines.push(this.line + node.text.slice(0, nl));
            this.line = node.text.slice(nl + 1);
            this.spaces = 0;
            this.column = node.last;
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
    this.endLine(level);
    if (blank) this.lines.push("");
    this.line = indentation(level);
    this.spaces = this.line.length;
    this.column = level * 4;
    this.lineLevel = level;
  }

  /** Writes the line, with the end-of-line comments it collected and without trailing spaces; `next`: the next line's level. */
  private endLine(next: number): void {
    const suffixes = this.suffixes;
    if (suffixes.length > 0) {
      this.suffixes = [];
      this.line = this.trimmed() + suffixes[0];
      // One comment ends the line; any more (from lines the layout joined) take a line each, at the
      // deeper of the two lines' levels: the comment belongs inside what the next line closes.
      for (let k = 1; k < suffixes.length; k++) {
        this.lines.push(this.line);
        this.line = indentation(Math.max(next, this.lineLevel)) + suffixes[k].slice(1);
        this.spaces = 0;
      }
    }
    this.lines.push(this.trimmed());
  }

  /** Adds `text` to the line. */
  private append(text: string): void {
    if (text.length === 0) return;
    this.line += text;
    let k = text.length;
    while (k > 0 && text.charCodeAt(k - 1) === 32) k--;
    this.spaces = k === 0 ? this.spaces + text.length : text.length - k;
  }

  /** The line without the spaces the layout wrote at its end. */
  private trimmed(): string {
    const spaces = this.spaces;
    this.spaces = 0;
    return spaces === 0 ? this.line : this.line.slice(0, this.line.length - spaces);
  }

  /** Whether `doc`, on one line, fits with what follows it up to the next line break. */
  private fits(doc: Doc): boolean {
    let width = WIDTH - this.column;
    const measured = this.measured;
    measured.top = 0;
    measured.push(FLAT, doc);
    // What follows the doc on its line: the rest of the stack, taken in order when the doc is measured.
    let rest = this.stack.top;
    for (;;) {
      const node = measured.next(0);
      if (node === null) {
        if (rest === 0) return true;
        rest--;
        measured.push(this.stack.states[rest] & 1, this.stack.docs[rest]);
        continue;
      }
      const mode = measured.state;
      if (typeof node === "string") {
        width -= node.length;
        if (width < 0) return false;
        continue;
      }
      switch (node.k) {
        case LINE:
          if (mode === BREAK || node.hard) return true;
          width -= node.flat.length;
          if (width < 0) return false;
          break;
        case GROUP:
          measured.push(node.hard ? BREAK : mode, node.doc);
          break;
        case INDENT:
          measured.push(mode, node.doc);
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
    if (this.lines.length === 0 && this.line === "" && this.suffixes.length === 0) return "";
    this.endLine(0);
    return `${this.lines.join("\n")}\n`;
  }
}
