// Generated Jadpo texts full of syntax errors, for measuring the parser on what the hand-written
// parser leaves to chevrotain: every declaration of the parse corpus with one mistake in it, and
// one long declaration broken at its very end (read whole by both parsers). Seeded: the same size
// gives the same text.
import { generateCorpus } from "../../packages/compiler/test/syntax/corpus.ts";
import { rng } from "./mutate.ts";

/** Tokens that break almost any place they are put in. */
const BREAKERS = ["=", ")", "]", "=>", ":", "->", "{", "}", "fails", "."];

/**
 * At least `bytes` of the parse corpus with a mistake in each declaration (a token from
 * BREAKERS at a random place inside it, or the declaration's last `}` removed).
 */
export function brokenCorpus(bytes: number, seed = 1): string {
  const r = rng(seed);
  const decls = generateCorpus(bytes).split(/\n(?=\S)/);
  return decls
    .map((decl) => {
      if (decl.startsWith("//") || decl.trim() === "") return decl;
      if (r() < 0.2 && decl.trimEnd().endsWith("}")) return decl.slice(0, decl.lastIndexOf("}"));
      const at = Math.floor(r() * decl.length);
      const cut = decl.indexOf(" ", at);
      const place = cut < 0 ? decl.length : cut;
      return `${decl.slice(0, place)} ${BREAKERS[Math.floor(r() * BREAKERS.length)]}${decl.slice(place)}`;
    })
    .join("\n");
}

/** One test of about `bytes` (asserts on lines of their own), its last line a mistake. */
export function longBrokenDeclaration(bytes: number): string {
  const line = (i: number): string => `    assert text.length("line ${i} of a long test") > ${i % 97} and ok_${i}\n`;
  const lines: string[] = [];
  for (let size = 0, i = 0; size < bytes; i++) {
    lines.push(line(i));
    size += lines[i].length;
  }
  return `test "a long one" {\n${lines.join("")}    assert ok ==\n}\n`;
}
