// Constructs of the full Jadpo language that this toolchain doesn't read (`entity`, `route`, …).
// They are not keywords: each word is recognised only as the first word of a top-level
// declaration, so `query`, `value` or `input` stay ordinary names everywhere else. Such a
// declaration is skipped whole (neither parser sees it) and reported once, `syntax.unsupported`.
import type { TokenStream } from "./token-stream.ts";
import * as T from "./tokens.ts";
import { ARROW, ASSIGN, BINARY, COLON, COMMA, DOT, FAILS, FAT_ARROW, IDENT, LBRACE, PREFIX, QUESTION, SLASH, TEXT, USE, WORD } from "./fast/indices.ts";

/** The construct words, each with a step when this toolchain has its own way to say the same (`{name}`: the word after it). */
const CONSTRUCTS: ReadonlyMap<string, string | null> = new Map([
  ["entity", null], ["route", null], ["query", null], ["persist", null], ["policy", null],
  ["principal", null], ["config", null], ["application", null], ["job", null],
  ["value", "For a record this toolchain reads, write `type {name} = Object { … }`"],
  ["input", "For a record this toolchain reads, write `type {name} = Object { … }`"],
  ["output", "For a record this toolchain reads, write `type {name} = Object { … }`"],
  ["enum", "Write it as `type {name} = Enum { … }`, which this toolchain reads"],
  ["module", "Remove the line: here a module is named by its folder or file under `domains/`"],
  ["import", "Import with `use module/path { Name }`, the form this toolchain reads"],
]);

/** Tokens after which the next word continues the declaration (`x =` / `value`, `a,` / `query`). */
const CONTINUES = T.typeTable([]);
for (const type of [ASSIGN, ARROW, FAT_ARROW, COMMA, DOT, COLON, SLASH, USE, FAILS, QUESTION]) CONTINUES[type] = 1;
for (let type = 0; type < CONTINUES.length; type++) if (BINARY[type] === 1 || PREFIX[type] === 1) CONTINUES[type] = 1;

/**
 * The construct word at token `i` when it starts a declaration of one of those constructs: the
 * first token of the file, or the first of its line after a token that ends something, and
 * followed on its line by a name, a text or `{` (`entity User {`, `route GET "/x"`); `enum`
 * only as `enum Name {`. The caller checks that `i` is outside every bracket.
 */
export function unsupportedAt(stream: TokenStream, i: number): string | null {
  const { types, lines, count } = stream;
  if (types[i] !== IDENT) return null;
  if (i > 0 && (lines[i - 1] === lines[i] || CONTINUES[types[i - 1]] === 1)) return null;
  const next = i + 1 < count ? types[i + 1] : -1;
  if (next < 0 || lines[i + 1] !== lines[i] || !(WORD[next] === 1 || next === TEXT || next === LBRACE)) return null;
  const word = stream.text.slice(stream.starts[i], stream.ends[i]);
  if (!CONSTRUCTS.has(word)) return null;
  if (word === "enum" && !(next === IDENT && i + 2 < count && types[i + 2] === LBRACE)) return null;
  return word;
}

/** What to do instead, for the diagnostic's `next:` (`i`: the construct word's token). */
export function unsupportedStep(stream: TokenStream, i: number, word: string): string {
  const step = CONSTRUCTS.get(word);
  if (step === null || step === undefined) return `Keep \`${word}\` declarations where the full Jadpo compiler checks them, and remove this one here`;
  const name = stream.types[i + 1] === IDENT ? stream.text.slice(stream.starts[i + 1], stream.ends[i + 1]) : "Name";
  return step.replace("{name}", name);
}
