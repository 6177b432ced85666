// A diagnostic's fixes: the mechanical edits its `next:` step describes, as data made where the
// diagnostic is made, so an editor applies them without reading the words.
import type { Span } from "../source/span.ts";

/** Write `text` over the span's text (an insertion when the span is empty). */
export interface Edit {
  span: Span;
  text: string;
}

export interface Fix {
  /** What applying it does, for a menu: "Change to `answer`". */
  title: string;
  /** Applied together; they never overlap. */
  edits: Edit[];
}

/** The fix of a "did you mean": `near` written over `span`; none without a near name. */
export function changeTo(span: Span, near: string | null): Fix[] {
  return near === null ? [] : [{ title: `Change to \`${near}\``, edits: [{ span, text: near }] }];
}
