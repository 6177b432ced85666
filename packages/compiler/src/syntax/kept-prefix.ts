// An editor parses a file again at each change. The declarations that lie wholly before the first
// changed character read the same as last time: their tokens are the same, and so are the few
// tokens after them that decided where they end (declarations.ts looks two ahead). Those that
// read cleanly are taken from the last parse instead of being parsed again.
import type { Decl, FileKind, Ident } from "./ast.ts";
import type { TokenStream } from "./token-stream.ts";
import type { ParsedFile } from "./parse-file.ts";
import { commonPrefix } from "../source/common-prefix.ts";

/** How many tokens after a declaration's last one decide that the next starts there. */
const LOOKAHEAD = 2;

export class KeptPrefix {
  private local = 0;

  private constructor(private readonly previous: ParsedFile, private readonly cut: number, private readonly last: number) {}

  /** The reusable start of `previous` for `text`, or null when there is none. */
  static of(previous: ParsedFile, path: string, kind: FileKind, text: string): KeptPrefix | null {
    if (previous.syntax.path !== path || previous.syntax.kind !== kind) return null;
    const cut = commonPrefix(previous.source.text, text);
    // Its diagnostics are in offset order (those past the first 25 come later still). A
    // declaration's error may stand past its last token (at the next one, or the end of the text):
    // only a declaration followed by another that starts before the first error read cleanly.
    const decls = previous.syntax.decls;
    let last = decls.length - 1;
    if (previous.diagnostics.length > 0) {
      const firstError = previous.diagnostics[0].span?.start ?? 0;
      const after = decls.findIndex((decl) => decl.span.start >= firstError);
      last = (after === -1 ? decls.length : after) - 2;
    }
    return cut === 0 || last < 0 ? null : new KeptPrefix(previous, cut, last);
  }

  /**
   * The last parse's declaration number `index`, with its local names, for the tokens `[from, to)`
   * of `stream` (text `[start, end)`), or null when that window reaches the change.
   */
  take(stream: TokenStream, to: number, index: number, start: number, end: number): { decl: Decl; locals: Ident[] } | null {
    const last = Math.min(to + LOOKAHEAD, stream.count - 1);
    // A token ending at the cut may have gone on in the other text: strictly before it.
    if (last < 0 || stream.ends[last] >= this.cut) return null;
    if (index > this.last) return null;
    const decl = this.previous.syntax.decls[index];
    // The declaration itself before the cut too: a window that runs to the end of the text may
    // have lost, past the cut, what the last parse read into it.
    if (decl === undefined || decl.span.start < start || decl.span.end > end || decl.span.end >= this.cut) return null;
    // Its local names lie inside it (what follows it in the last parse may be gone).
    const all = this.previous.syntax.locals;
    const locals: Ident[] = [];
    while (this.local < all.length && all[this.local].span.start < decl.span.start) this.local++;
    while (this.local < all.length && all[this.local].span.end <= decl.span.end) locals.push(all[this.local++]);
    return { decl, locals };
  }
}
