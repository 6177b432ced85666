// Which brace a brace error is really about. A parser sees a missing `}` only where the file
// ends or the next declaration starts, and an extra `}` only where the tokens after it make no
// declaration; indentation says where the mistake is: a `}` that starts its line lines up with
// the line of the `{` it closes.
import * as T from "./tokens.ts";
import type { Tok } from "./tokens.ts";

const LBRACE = T.typeIndex(T.LBrace);
const RBRACE = T.typeIndex(T.RBrace);

/**
 * The line of the `{` that looks left open in `tokens` (one declaration's): the first `{`
 * whose matching `}` starts a line indented unlike the `{`'s own line (that `}` lines up with an
 * outer opener instead). null when every `}` lines up.
 */
export function unclosedBraceLine(tokens: readonly Tok[]): number | null {
  const indent = new Map<number, number>(); // line → column of its first token
  const open: number[] = []; // lines of the open `{`s
  let previousLine = -1;
  for (const tok of tokens) {
    const firstOnLine = tok.startLine !== previousLine;
    if (firstOnLine && !indent.has(tok.startLine)) indent.set(tok.startLine, tok.startColumn);
    previousLine = tok.startLine;
    if (tok.tokenTypeIdx === LBRACE) open.push(tok.startLine);
    else if (tok.tokenTypeIdx === RBRACE && open.length > 0) {
      const line = open.pop()!;
      if (firstOnLine && line !== tok.startLine && indent.get(line) !== tok.startColumn) return line;
    }
  }
  return null;
}

/** The line of the `}` just before the token at `offset` in `tokens`, or null when no `}` is there. */
export function closingBraceLine(tokens: readonly Tok[], offset: number): number | null {
  for (let k = 1; k < tokens.length; k++) {
    if (tokens[k].startOffset !== offset) continue;
    const before = tokens[k - 1];
    return before.tokenTypeIdx === RBRACE ? before.startLine : null;
  }
  return null;
}
