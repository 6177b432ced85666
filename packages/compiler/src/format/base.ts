// What every layer of the formatter shares: the source text, its comments (taken in order as the
// layout passes them), and the sequences every construct is made of: `{ }` with statements or
// entries, and `( )` / `[ ]` with items. A comment is placed by where it stands: one after code on
// its line stays at the end of that line (a line suffix), one alone on its line stays alone on its
// line; either forces its construct onto several lines.
import type { Span } from "../syntax/ast.ts";
import {
  ENTRY, ENTRY_BLANK, GROUP, HARD, HARD_BLANK, NAME, SOFT, SPACE, SUFFIX, indent, verbatim, type Doc, type Group, type Line,
} from "./doc.ts";

/** How a sequence is laid out: its line breaks, and whether the source's blank lines are kept. */
export interface Layout {
  /** After the opener. */
  readonly first: Line;
  readonly between: Line;
  /** Between two items with a blank line between them in the source (`between` when blank lines aren't kept). */
  readonly betweenBlank: Line;
  /** Before the closer. */
  readonly last: Line;
  /** `,` after every item but the last. */
  readonly commas: boolean;
  /** Joined on one line when it fits (else always one item per line). */
  readonly joins: boolean;
  /** What stands between opener and closer when there is nothing: `{ }`, `[]`. */
  readonly empty: string;
}

/** Statements, arms, and the entries of prompts, connections, fixtures groups and `fakes:`: one per line. */
export const LINES: Layout = { first: HARD, between: HARD, betweenBlank: HARD_BLANK, last: HARD, commas: false, joins: false, empty: " " };
/** Braces of entries: `Enum { calm  cross }` on one line when it fits. */
export const ENTRIES: Layout = { first: SPACE, between: ENTRY, betweenBlank: ENTRY_BLANK, last: SPACE, commas: false, joins: true, empty: " " };
/** A `use` list: `{ A, B }` on one line when it fits. */
export const NAMES: Layout = { first: SPACE, between: NAME, betweenBlank: NAME, last: SPACE, commas: false, joins: true, empty: " " };
/** Brackets and parentheses: `[a, b]` on one line when it fits, else one item a line, `,` after each but the last. */
export const ITEMS: Layout = { first: SOFT, between: SPACE, betweenBlank: SPACE, last: SOFT, commas: true, joins: true, empty: "" };

/** Where an item of a sequence starts and ends in the source. */
export interface Extent {
  start: number;
  end: number;
}

export abstract class FormatBase {
  protected text = "";
  /** Comment offsets in pairs (start, end), in order. */
  private comments: readonly number[] = [];
  /** The next comment not yet placed (an index into the pairs, even). */
  private c = 0;
  /** Where that comment starts (Infinity when all are placed): one comparison tells whether any comes before a place. */
  protected nextComment = Infinity;
  /** How many forced breaks have been made: a group made while it grew holds one. */
  private forced = 0;

  protected begin(text: string, comments: readonly number[]): void {
    this.text = text;
    this.comments = comments;
    this.c = 0;
    this.nextComment = comments.length > 0 ? comments[0] : Infinity;
    this.forced = 0;
  }

  /** The source between two offsets (numbers, durations, texts: written as they are). */
  protected slice(span: Span): string {
    return this.text.slice(span.start, span.end);
  }

  /** A text literal as written (`"""` texts keep their lines exactly). */
  protected literal(span: Span): Doc {
    return verbatim(this.text.slice(span.start, span.end));
  }

  // ------------------------------------------------------------------ groups and forced breaks

  /** A mark to give `group` once the group's content is made. */
  protected mark(): number {
    return this.forced;
  }

  protected group(doc: Doc, mark: number): Group {
    return { k: GROUP, doc, hard: this.forced !== mark };
  }

  /** A forced line break (it breaks every group around it). */
  private hardline(): Line {
    this.forced++;
    return HARD;
  }

  // ------------------------------------------------------------------ comments

  /** The next comment's text (trailing whitespace dropped), taken. */
  private takeComment(): string {
    const start = this.comments[this.c];
    const end = this.comments[this.c + 1];
    this.c += 2;
    this.nextComment = this.c < this.comments.length ? this.comments[this.c] : Infinity;
    this.forced++;
    return this.commentText(start, end);
  }

  /** Whether the comment at `start` follows code on its line. */
  private afterCode(start: number): boolean {
    for (let i = start - 1; i >= 0; i--) {
      const c = this.text.charCodeAt(i);
      if (c === 10) return false;
      if (c !== 32 && c !== 9) return true;
    }
    return false;
  }

  /** Whether the next comment stands before `at` on a line of its own (no code before it on its line). */
  protected aloneBefore(at: number): boolean {
    return this.nextComment < at && !this.afterCode(this.nextComment);
  }

  /** Whether the source has a blank line (nothing but spaces on it) between two offsets. */
  protected blankBetween(from: number, to: number): boolean {
    let lineEmpty = false;
    for (let i = from; i < to; i++) {
      const c = this.text.charCodeAt(i);
      if (c === 10) {
        if (lineEmpty) return true;
        lineEmpty = true;
      } else if (c !== 32 && c !== 9) lineEmpty = false;
    }
    return false;
  }

  private suffix(comment: string): Doc {
    return { k: SUFFIX, text: ` ${comment}` };
  }

  /**
   * The comments before `at`, inside a construct: one after code stays at the end of its line and
   * the line breaks after it, as in the source; one alone on its line goes on a line of its own.
   * Null when there are none.
   */
  protected leading(at: number): Doc | null {
    if (this.nextComment >= at) return null;
    const parts: Doc[] = [];
    let alone = false;
    while (this.nextComment < at) {
      if (!alone && this.afterCode(this.nextComment)) parts.push(this.suffix(this.takeComment()), this.hardline());
      else {
        if (!alone) parts.push(this.hardline());
        parts.push(verbatim(this.takeComment()), this.hardline());
      }
      alone = true;
    }
    return parts;
  }

  /** The comments before `at` (see `leading`), or nothing: written before what stands at `at`. */
  protected lead(at: number): Doc {
    return this.nextComment < at ? this.leading(at)! : "";
  }

  /**
   * The comment at the end of the line an item ends (only spaces and commas between): written at
   * the end of that line. Comments still left inside the item come out here too.
   */
  protected trailing(end: number): Doc | null {
    const at = this.nextComment;
    if (at === Infinity) return null;
    for (let i = end; i < at; i++) {
      const c = this.text.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 44) return null;
    }
    if (at < end) {
      // Comments the layout passed over inside the item: after it, each at the end of its line.
      const parts: Doc[] = [];
      while (this.nextComment < end) parts.push(this.suffix(this.takeComment()));
      const after = this.trailing(end);
      if (after !== null) parts.push(after);
      return parts;
    }
    return this.suffix(this.takeComment());
  }

  /** The comments before the top-level declaration at `at` (Infinity: the end of the file), as offsets in pairs. */
  protected commentsBefore(at: number): number[] {
    const out: number[] = [];
    while (this.nextComment < at) {
      out.push(this.nextComment, this.comments[this.c + 1]);
      this.takeComment();
    }
    return out;
  }

  /** A comment's text as the top level writes it (trailing whitespace dropped). */
  protected commentText(start: number, end: number): string {
    let stop = end;
    while (stop > start && (this.text.charCodeAt(stop - 1) === 32 || this.text.charCodeAt(stop - 1) === 9)) stop--;
    return this.text.slice(start, stop);
  }

  // ------------------------------------------------------------------ sequences

  /**
   * `open`, the items laid out by `layout`, comments kept where they stand, then `close` (whose
   * offset in the source is `closeAt`: comments before it stay inside).
   */
  protected sequence<T>(
    open: string, items: readonly T[], extent: (item: T) => Extent, print: (item: T) => Doc, close: string, closeAt: number,
    layout: Layout,
  ): Doc {
    if (items.length === 0 && this.nextComment >= closeAt) return open + layout.empty + close;
    const mark = this.mark();
    // Statements and entries one per line: a group around them is never on one line.
    if (!layout.joins) this.forced++;
    const inner: Doc[] = [];
    const keepBlank = layout.betweenBlank !== layout.between;
    /** Where the last thing written (the opener, an item, a comment) ends in the source; -1 for the opener. */
    let previous = -1;
    const last = items.length - 1;
    for (let k = 0; k <= last; k++) {
      const item = items[k];
      const { start, end } = extent(item);
      previous = this.commentLines(inner, previous, start, layout, keepBlank);
      inner.push(previous < 0 ? layout.first : keepBlank && this.blankBetween(previous, start) ? layout.betweenBlank : layout.between);
      inner.push(print(item));
      if (layout.commas && k < last) inner.push(",");
      const after = this.trailing(end);
      if (after !== null) inner.push(after);
      previous = end;
    }
    previous = this.commentLines(inner, previous, closeAt, layout, keepBlank);
    const body: Doc = [open, indent(inner), layout.last, close];
    return layout.joins ? this.group(body, mark) : body;
  }

  /**
   * The comments before `at`, each on a line of its own, except one after code on the line of the
   * opener or of the last item, which stays at the end of that line. Returns where the last one
   * written on a line of its own ends, or `previous` when none is.
   */
  private commentLines(inner: Doc[], previous: number, at: number, layout: Layout, keepBlank: boolean): number {
    let alone = false;
    while (this.nextComment < at) {
      const start = this.nextComment;
      const end = this.comments[this.c + 1];
      const stays = !alone && this.afterCode(start) && (previous < 0 || !this.blankBetween(previous, start));
      alone = true; // one comment ends a line; the next takes a line of its own
      if (stays) {
        inner.push(this.suffix(this.takeComment()));
        continue;
      }
      inner.push(previous < 0 ? layout.first : keepBlank && this.blankBetween(previous, start) ? layout.betweenBlank : layout.between);
      inner.push(verbatim(this.takeComment()));
      previous = end;
    }
    return previous;
  }
}
