// The formatter's two promises, over every Jadpo file of the repository, every Jadpo block of the
// docs, seeded copies of both with comments put between their tokens, and the `pnpm fuzz` inputs
// that parse: formatting twice changes nothing more (idempotent), and the formatted text has the
// same syntax tree (positions aside), the same comments, and the same diagnostics (places aside).
// A file with a syntax problem is not formatted: its diagnostics come back instead.
import { describe, expect, it } from "vitest";
import { formatSource, parseFile } from "@jadpo/compiler";
import { exampleCorpus, mutatedInput } from "../../../../bench/fuzz/corpus.ts";
import { ROOT, commentsOf, diagnosticWords, docsBlocks, repositoryFiles, treeShape, withComments, type Source } from "./meaning.ts";

/** The seed of `pnpm fuzz` (its default), and of the comments put into copies. */
const SEED = 20261201;
const FUZZ_INPUTS = 1_000;
/** Inputs per test, so no test runs long on a loaded machine. */
const FUZZ_CHUNK = 100;

/** Formats `source` and checks both promises; false when it has a syntax problem (and is left as it is). */
function formatsKeepingMeaning(source: Source): boolean {
  const first = formatSource(source.path, source.text);
  if (!first.ok) {
    expect(first.diagnostics.length, source.name).toBeGreaterThan(0);
    expect(first.diagnostics).toEqual(parseFile(source.path, "source", source.text).diagnostics);
    expect(first.source.text).toBe(parseFile(source.path, "source", source.text).source.text);
    return false;
  }
  const second = formatSource(source.path, first.text);
  expect(second, `${source.name}: formatting its layout again changes it`).toEqual({ ok: true, text: first.text, changed: false });
  // Already formatted: the very same text has the same tree, comments and diagnostics (no compile needed).
  if (first.text === source.text) return true;
  expect(treeShape(source.path, first.text), `${source.name}: the syntax tree changed`).toBe(treeShape(source.path, source.text));
  expect(commentsOf(first.text), `${source.name}: the comments changed`).toEqual(commentsOf(source.text));
  expect(diagnosticWords(source, first.text), `${source.name}: the diagnostics changed`).toEqual(diagnosticWords(source, source.text));
  return true;
}

const repository = repositoryFiles();
const docs = docsBlocks();

describe("fmt keeps the meaning and is idempotent", () => {
  it("has the repository's files and the docs' blocks to check", () => {
    expect(repository.length).toBeGreaterThan(20);
    expect(docs.length).toBeGreaterThan(40);
  });

  for (const source of [...repository, ...docs]) {
    it(source.name, () => {
      expect(formatsKeepingMeaning(source), `${source.name} has a syntax problem`).toBe(!source.broken);
    });
  }

  describe("on seeded copies with comments between their tokens", () => {
    const sources = [...repository, ...docs];
    sources.forEach((source, index) => {
      it(source.name, () => {
        for (let copy = 0; copy < 3; copy++) {
          const seed = SEED + index * 3 + copy;
          formatsKeepingMeaning({ ...source, name: `${source.name} (comments, seed ${seed})`, text: withComments(source.text as string, seed) });
        }
      });
    });
  });

  describe(`on the first ${FUZZ_INPUTS} inputs of \`pnpm fuzz\` (seed ${SEED}) that parse`, () => {
    const corpus = exampleCorpus();
    let formatted = 0;
    for (let from = 0; from < FUZZ_INPUTS; from += FUZZ_CHUNK) {
      it(`inputs ${from} to ${from + FUZZ_CHUNK - 1}`, () => {
        for (let input = from; input < from + FUZZ_CHUNK; input++) {
          const { path, content, files } = mutatedInput(corpus, SEED, input, ROOT);
          const project: Record<string, string | Uint8Array> = {};
          for (const [absolute, text] of Object.entries(files)) project[absolute.slice(ROOT.length + 1)] = text;
          if (formatsKeepingMeaning({ name: `fuzz input ${input} (${path})`, path, text: content, project })) formatted++;
        }
      });
    }
    it("about one input in six parses: enough to mean something", () => {
      expect(formatted).toBeGreaterThan(FUZZ_INPUTS / 10);
    });
  });
});
