// Every Jadpo code block of the docs (`docs/*.md` and `README.md`) compiles, with the real
// pipeline, or raises exactly the rule it says it raises.
//
// The convention, for whoever writes docs:
// - A block whose info string is `jadpo` is a source file; `jadpotest` is a test file. Blocks that
//   are not Jadpo (shell sessions, output, JSON) use any other info string and are not read.
// - Every block is a whole file, compiled inside a scaffold project: the example app
//   (`examples/support`: `app.jadpo` with `locales` and the `local_model` connection, and the
//   `support` domain). A block reaches the example's names as any file does, with
//   `use support/types { CustomerQuestion }`; `app.jadpo`'s declarations (`Locale`) are visible.
// - A plain block stands alone at `domains/snippet/snippet.jadpo` (or `.jadpotest`), a module of
//   its own, so two blocks may declare the same names.
// - `file=<path>` (```jadpo file=domains/shop/types.jadpo): the block is that file of its page's
//   project. A page's `file=` blocks are added to the scaffold together (a path the scaffold has,
//   such as `app.jadpo`, is replaced), and must compile together with no diagnostics; this is how
//   a page builds up one app over several blocks. The page's plain blocks are compiled with them.
//   Any fence may carry `file=` (```json file=…/recordings/p/name.json adds a recording).
// - `error=<rule>` (```jadpo error=type.mismatch): the block is meant to be wrong. It must raise
//   that rule, and no other rule (one mistake, one kind of diagnostic). Not with `file=`.
// Run it alone with `npx vitest run packages/compiler/test/docs`.
// Prompt names are unique across a project, so a block's prompts must not be named as the
// example's (`answer_question`), and a `connection` belongs in a `file=app.jadpo` block (a project
// has one ai connection).
import { describe, expect, it } from "vitest";
import { compileProject, ruleIds, type Diagnostic } from "@jadpo/compiler";
import { memoryHost } from "@jadpo/compiler/testing";
import { SCAFFOLD_ROOT, docPages, findBlocks, readFolder, readPage, snippetPath, type DocBlock } from "./blocks.ts";

const ROOT = "/project";
const scaffold = readFolder(SCAFFOLD_ROOT);

function compile(files: Record<string, string>): Diagnostic[] {
  const host = memoryHost(Object.fromEntries(Object.entries(files).map(([path, text]) => [`${ROOT}/${path}`, text])));
  return compileProject(host, ROOT, { toRun: false }).diagnostics;
}

/** Diagnostics as `file:line:column rule: summary`, so a failure shows what to fix. */
function shown(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.span ? `${d.span.file}:${d.span.line}:${d.span.column} ` : ""}${d.rule}: ${d.summary}`);
}

function where(block: DocBlock): string {
  return `${block.page}:${block.line}`;
}

describe("findBlocks", () => {
  it("reads jadpo and jadpotest fences with their attributes, and any fence with file=, and nothing else", () => {
    const markdown = [
      "```jadpo error=type.mismatch", "type A = Text", "```",
      "- a list item:", "", "  ```jadpotest file=domains/a/a.test.jadpo", "  test \"t\" {", "  }", "  ```",
      "A line that starts with inline code:", "```` ```json ```` or ```` ``` ````",
      "```json file=domains/a/recordings/p/x.json", "{}", "```",
      "```", "jadpo check", "```",
      "````jadpo", "```", "````",
    ].join("\n");
    const blocks = findBlocks("p.md", markdown);
    expect(blocks.map((b) => [b.line, b.lang, b.file, b.error, b.code])).toEqual([
      [1, "jadpo", null, "type.mismatch", "type A = Text\n"],
      [6, "jadpotest", "domains/a/a.test.jadpo", null, 'test "t" {\n}\n'],
      [12, "json", "domains/a/recordings/p/x.json", null, "{}\n"],
      [18, "jadpo", null, null, "```\n"],
    ]);
  });
});

const pages = docPages().map((page) => ({ page, blocks: findBlocks(page, readPage(page)) }));

describe("the docs' Jadpo blocks", () => {
  it("the docs have Jadpo blocks to check, and the example app compiles as the scaffold", () => {
    const jadpo = pages.flatMap((p) => p.blocks).filter((b) => b.lang === "jadpo" || b.lang === "jadpotest");
    expect(jadpo.length).toBeGreaterThan(20);
    expect(shown(compile(scaffold))).toEqual([]);
  });

  for (const { page, blocks } of pages) {
    if (blocks.length === 0) continue;
    const pageFiles: Record<string, string> = {};
    for (const block of blocks) if (block.file) pageFiles[block.file] = block.code;

    describe(page, () => {
      it("uses only the attributes `file=` and `error=`, each file once, and known rules", () => {
        for (const block of blocks) {
          expect(block.unknown, where(block)).toEqual([]);
          if (block.error) {
            expect(ruleIds as readonly string[], where(block)).toContain(block.error);
            expect(block.file, `${where(block)}: error= and file= don't go together`).toBeNull();
          }
        }
        const files = blocks.flatMap((b) => (b.file ? [b.file] : []));
        expect(new Set(files).size).toBe(files.length);
      });

      if (Object.keys(pageFiles).length > 0) {
        it(`its file= blocks compile together (${Object.keys(pageFiles).join(", ")})`, () => {
          expect(shown(compile({ ...scaffold, ...pageFiles }))).toEqual([]);
        });
      }

      for (const block of blocks.filter((b) => !b.file)) {
        const title = block.error ? `the block at line ${block.line} raises ${block.error}` : `the block at line ${block.line} compiles`;
        it(title, () => {
          const diagnostics = compile({ ...scaffold, ...pageFiles, [snippetPath(block)]: block.code });
          if (!block.error) {
            expect(shown(diagnostics), where(block)).toEqual([]);
            return;
          }
          expect(diagnostics.length, `${where(block)} raises nothing`).toBeGreaterThan(0);
          expect(shown(diagnostics).filter((d) => !d.includes(` ${block.error}: `)), where(block)).toEqual([]);
        });
      }
    });
  }
});
