// Cutting a file's tokens into top-level declarations before parsing, so one broken declaration
// gives one diagnostic and the next declaration is read afresh; and the bracket-depth check that
// runs before parsing, so no input can overflow the parser's stack.
import * as T from "./tokens.ts";
import type { TokenStream } from "./token-stream.ts";
import { FAILURE, IDENT, LBRACE, SLASH, USE } from "./fast/indices.ts";
import { unsupportedAt } from "./unsupported.ts";

// Tables by token type index: this runs once per token of every file.
const OPENERS = T.typeTable([T.LBrace, T.LParen, T.LBracket]);
const CLOSERS = T.typeTable([T.RBrace, T.RParen, T.RBracket]);
const DECL_KEYWORDS = T.typeTable(T.declKeywords);

/** Nesting deeper than this (brackets, blocks, expression operators) is `limit.too_deep`. */
export const MAX_DEPTH = 256;

/**
 * Where each declaration starts (token indices, ascending, the first always 0). A declaration
 * keyword starts one when it stands outside every bracket, or at column 1 of its line (so a
 * missing `}` doesn't swallow the rest of the file). `use` paths may hold keywords, and a
 * `failure A, B =>` pattern at column 1 is not a declaration. A construct this toolchain doesn't
 * cover (unsupported.ts) starts one outside every bracket.
 */
export function declarationStarts(stream: TokenStream): number[] {
  const { types, columns, count } = stream;
  const starts = [0];
  let depth = 0;
  for (let i = 0; i < count; i++) {
    const type = types[i];
    if (i > 0 && DECL_KEYWORDS[type] === 1) {
      const before = types[i - 1];
      const inPath = before === SLASH || before === USE;
      const failurePattern = type === FAILURE && !(i + 2 < count && types[i + 1] === IDENT && types[i + 2] === LBRACE);
      if (!inPath && (depth === 0 || (columns[i] === 1 && !failurePattern))) {
        starts.push(i);
        depth = 0;
      }
    } else if (i > 0 && depth === 0 && type === IDENT && unsupportedAt(stream, i) !== null) {
      starts.push(i);
    }
    if (OPENERS[type] === 1) depth++;
    else if (depth > 0 && CLOSERS[type] === 1) depth--;
  }
  return starts;
}

/** The index of the first bracket nested deeper than `max` in tokens `[from, to)`, or -1. */
export function firstTooDeep(stream: TokenStream, from: number, to: number, max: number): number {
  const types = stream.types;
  let depth = 0;
  for (let i = from; i < to; i++) {
    const type = types[i];
    if (OPENERS[type] === 1) {
      if (++depth > max) return i;
    } else if (depth > 0 && CLOSERS[type] === 1) depth--;
  }
  return -1;
}
