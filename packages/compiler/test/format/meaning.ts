// What "the formatter keeps the meaning" is measured by: the syntax tree without positions, and
// every diagnostic's rule and words with line and column numbers left out; and the inputs it is
// measured over (the repository's Jadpo files, the docs' blocks, seeded copies with comments put
// between tokens).
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { compileProject, fileKind, parseFile, type Diagnostic } from "@jadpo/compiler";
import { memoryHost } from "@jadpo/compiler/testing";
import { lex } from "../../src/syntax/lexer.ts";
import { decodeSource } from "../../src/source/decode.ts";
import { repoRoot } from "../syntax/helpers.ts";
import { SCAFFOLD_ROOT, docPages, findBlocks, readFolder, readPage, snippetPath } from "../docs/blocks.ts";
import { isJadpoFile, walkFiles } from "../../../../bench/fuzz/corpus.ts";
import { rng } from "../../../../bench/fuzz/mutate.ts";

export const ROOT = "/project";

/** A file to format, and the project it is checked in (its own text put at `path`). */
export interface Source {
  name: string;
  /** Root-relative, in `project`. */
  path: string;
  text: string | Uint8Array;
  /** The other files of its project, root-relative. */
  project: Record<string, string | Uint8Array>;
  /** Meant to have a syntax problem (a docs block marked `error=syntax.…`). */
  broken?: boolean;
}

/** The syntax tree of a file, as JSON without spans. */
export function treeShape(path: string, text: string | Uint8Array): string {
  const parsed = parseFile(path, fileKind(path) ?? "source", text);
  return JSON.stringify(parsed.syntax.decls, (key, value: unknown) => (key === "span" || key.endsWith("Span") ? undefined : value));
}

/** A diagnostic's rule and words, without its place: `line 7` and `:7:3` are left out. */
function words(d: Diagnostic): string {
  const text = [d.rule, d.summary, d.reason, d.next, ...d.details.map((x) => `${x.label}: ${x.text}`)].join(" | ");
  return text.replace(/\blines? \d+(?:[-–]\d+)?/g, "line N").replace(/:\d+(?::\d+)?\b/g, ":N");
}

/** The diagnostics of `source`'s project with `text` as that file, as words, sorted. */
export function diagnosticWords(source: Source, text: string | Uint8Array): string[] {
  const files: Record<string, string | Uint8Array> = {};
  for (const [path, content] of Object.entries(source.project)) files[`${ROOT}/${path}`] = content;
  files[`${ROOT}/${source.path}`] = text;
  return compileProject(memoryHost(files), ROOT, { toRun: false }).diagnostics.map(words).sort();
}

const scaffold = readFolder(SCAFFOLD_ROOT);

/** Every Jadpo file of the repository, each checked as a module of its own beside the example app. */
export function repositoryFiles(): Source[] {
  return walkFiles(repoRoot, isJadpoFile).map((full) => {
    const name = relative(repoRoot, full).split("\\").join("/");
    const kind = fileKind(full) === "test" ? "jadpotest" : "jadpo";
    return { name, path: `domains/snippet/snippet.${kind}`, text: readFileSync(full, "utf8"), project: scaffold };
  });
}

/** Every Jadpo block of the docs, in the project the docs test compiles it in. */
export function docsBlocks(): Source[] {
  return docPages().flatMap((page) => {
    const blocks = findBlocks(page, readPage(page));
    const pageFiles: Record<string, string> = {};
    for (const block of blocks) if (block.file) pageFiles[block.file] = block.code;
    return blocks
      .filter((b) => b.lang === "jadpo" || b.lang === "jadpotest")
      .map((b) => ({
        name: `${page}:${b.line}`, path: b.file ?? snippetPath(b), text: b.code, project: { ...scaffold, ...pageFiles },
        broken: b.error?.startsWith("syntax.") === true || b.error?.startsWith("limit.") === true,
      }));
  });
}

/**
 * `text` with comments put between its tokens, chosen by `seed`: at the end of a line (after a
 * token), alone on a line before a token, and with blank lines around.
 */
export function withComments(text: string, seed: number): string {
  const random = rng(seed);
  const { stream } = lex(text, "comments.jadpo");
  const cuts: [number, string][] = [];
  for (let i = 0; i < stream.count; i++) {
    const x = random();
    if (x < 0.04) cuts.push([stream.ends[i], ` // after ${i}\n`]);
    else if (x < 0.07) cuts.push([stream.starts[i], `\n// before ${i}\n${random() < 0.3 ? "\n" : ""}`]);
    else if (x < 0.08) cuts.push([stream.ends[i], `\n\n// apart ${i}\n\n`]);
  }
  let out = text;
  for (let k = cuts.length - 1; k >= 0; k--) out = out.slice(0, cuts[k][0]) + cuts[k][1] + out.slice(cuts[k][0]);
  return out;
}

/** The comments of a file, in order, as the lexer reads them (CRLF read as LF). */
export function commentsOf(input: string | Uint8Array): string[] {
  const { text } = decodeSource(input);
  const { comments } = lex(text, "comments.jadpo");
  const out: string[] = [];
  for (let i = 0; i < comments.length; i += 2) out.push(text.slice(comments[i], comments[i + 1]).trimEnd());
  return out;
}
