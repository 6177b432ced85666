// A parse given the file's last parse keeps that parse's declarations before the first changed
// character (kept-prefix.ts): its result is exactly a fresh parse's, after any edit, whether the
// last parse had syntax errors or not; and it does keep them.
import { describe, expect, test } from "vitest";
import { parseFile, type ParsedFile } from "../../src/syntax/parse-file.ts";
import { generateCorpus } from "./corpus.ts";
import { exampleCorpus } from "../../../../bench/fuzz/corpus.ts";
import { chooseMutation, rng } from "../../../../bench/fuzz/mutate.ts";

const kindOf = (path: string) => (path.endsWith(".jadpo") && !path.endsWith(".test.jadpo") ? "source" : "test");
const result = (parsed: ParsedFile): string =>
  JSON.stringify({ syntax: parsed.syntax, diagnostics: parsed.diagnostics, omitted: parsed.omitted, comments: parsed.comments, text: parsed.source.text });

describe("parsing again from a file's last parse", () => {
  test("keeps the declarations before the edit, and parses the rest", () => {
    const text = generateCorpus(2_000);
    const first = parseFile("big.jadpo", "source", text);
    const middle = first.syntax.decls[Math.floor(first.syntax.decls.length / 2)];
    const at = middle.span.start;
    const again = parseFile("big.jadpo", "source", `${text.slice(0, at)}// a note\n${text.slice(at)}`, first);
    const index = first.syntax.decls.indexOf(middle);
    // The declarations before the edit, less the one whose end the lookahead reaches, are the last parse's own.
    expect(again.syntax.decls.slice(0, index - 1).every((decl, i) => decl === first.syntax.decls[i])).toBe(true);
    expect(again.syntax.decls.slice(index).some((decl) => first.syntax.decls.includes(decl))).toBe(false);
    expect(result(again)).toBe(result(parseFile("big.jadpo", "source", `${text.slice(0, at)}// a note\n${text.slice(at)}`)));
  });

  test("1,500 seeded edits in a row, syntax errors made and mended: each parse is a fresh one's", () => {
    const random = rng(17);
    const files: [string, string][] = [["corpus.jadpotest", generateCorpus(1_500)], ...Object.entries(exampleCorpus()).filter(([path]) => kindOf(path) && /\.jadpo(test)?$/.test(path))];
    for (const [path, original] of files) {
      let text = original;
      let previous = parseFile(path, kindOf(path), text);
      const edits = Math.ceil(1_500 / files.length);
      for (let n = 0; n < edits; n++) {
        // Now and then back to the original text: the errors mended.
        const [, mutate] = chooseMutation(random);
        text = random() < 0.2 ? original : mutate(text, random).slice(0, 50_000);
        const kept = parseFile(path, kindOf(path), text, previous);
        // Compared whole, reported short: a mismatch's text can be a megabyte.
        const same = result(kept) === result(parseFile(path, kindOf(path), text));
        expect(same, `${path}, edit ${n}: the parse from the last one differs from a fresh parse`).toBe(true);
        previous = kept;
      }
    }
  });
});
