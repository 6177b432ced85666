// The formatter's top level: declarations one after another with one blank line between them
// (none between `use` lines), each with the comments directly above it; comments that stand apart
// (a blank line below them) keep their place between declarations.
import type * as A from "../syntax/ast.ts";
import { verbatim } from "./doc.ts";
import { DocPrinter } from "./print-doc.ts";
import { FormatDeclarations } from "./declarations.ts";

export class FileFormatter extends FormatDeclarations {
  /** The layout of a file that parsed without a problem: its declarations, and the comments between and in them. */
  format(text: string, decls: readonly A.Decl[], comments: readonly number[]): string {
    this.begin(text, comments);
    const out = new DocPrinter();
    /** The last thing written: a `use` line, another declaration, a comment apart, or nothing yet. */
    let previous: "use" | "decl" | "comment" | null = null;
    const separate = (next: "use" | "decl" | "comment") => {
      if (previous !== null) out.newline(0, !(previous === "use" && next === "use"));
      previous = next;
    };
    for (let k = 0; k <= decls.length; k++) {
      const decl = k < decls.length ? decls[k] : null;
      const at = decl === null ? Infinity : decl.span.start;
      const above = this.commentsBefore(at);
      // Groups of comment lines, split where a blank line stands between two.
      const groups: number[][] = [];
      for (let i = 0; i < above.length; i += 2) {
        if (i === 0 || this.blankBetween(above[i - 1], above[i])) groups.push([]);
        groups[groups.length - 1].push(above[i], above[i + 1]);
      }
      // The group right above the declaration (no blank line between) belongs to it.
      const last = groups.length > 0 ? groups[groups.length - 1] : null;
      const attached = decl !== null && last !== null && !this.blankBetween(last[last.length - 1], at) ? groups.pop()! : [];
      for (const group of groups) {
        separate("comment");
        this.writeComments(out, group);
      }
      if (decl === null) break;
      separate(decl.kind === "use" ? "use" : "decl");
      if (attached.length > 0) this.writeComments(out, attached, true);
      out.print(this.decl(decl));
      const after = this.trailing(decl.span.end);
      if (after !== null) out.print(after);
    }
    return out.finish();
  }

  /** Comment lines at the left margin, one a line (`thenLine`: a line break after the last too). */
  private writeComments(out: DocPrinter, pairs: readonly number[], thenLine = false): void {
    for (let i = 0; i < pairs.length; i += 2) {
      if (i > 0) out.newline(0);
      out.print(verbatim(this.commentText(pairs[i], pairs[i + 1])));
    }
    if (thenLine) out.newline(0);
  }
}
