// Test support for blocks.test.ts: finding the Jadpo code blocks of the docs, and the projects
// they are compiled in. The convention is explained at the top of blocks.test.ts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export const REPO_ROOT = new URL("../../../../", import.meta.url).pathname;
export const SCAFFOLD_ROOT = join(REPO_ROOT, "examples/support");

/** A fenced block whose info string starts with `jadpo` or `jadpotest`, or any block with `file=`. */
export interface DocBlock {
  /** Repository-relative path of the Markdown file, with `/`. */
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** `jadpo`, `jadpotest`, or another language for a `file=` block (a recording's `json`). */
  lang: string;
  /** `file=` : the project path this block is (it joins the page's project). */
  file: string | null;
  /** `error=` : the one rule this block is meant to raise. */
  error: string | null;
  /** Attributes the convention doesn't know (reported by the test). */
  unknown: string[];
  code: string;
}

const FENCE = /^(\s*)(`{3,})\s*(\S*)(.*)$/;

/** Every `jadpo`/`jadpotest` block of one Markdown text; other fences are skipped whole. */
export function findBlocks(page: string, markdown: string): DocBlock[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    // As in CommonMark, a backtick fence's info string holds no backtick (so inline code that
    // starts a line, such as ```` ``` ````, opens nothing).
    if (!open || open[4].includes("`") || open[3].includes("`")) continue;
    const [, indent, ticks, lang, rest] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^(\s*)(`{3,})\s*$/.exec(lines[j]);
      if (close && close[2].length >= ticks.length) break;
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    }
    const attrs = rest.trim().split(/\s+/).filter(Boolean);
    const value = (key: string) => attrs.find((a) => a.startsWith(`${key}=`))?.slice(key.length + 1) ?? null;
    if (lang === "jadpo" || lang === "jadpotest" || value("file") !== null) {
      blocks.push({
        page, line: i + 1, lang,
        file: value("file"), error: value("error"),
        unknown: attrs.filter((a) => !a.startsWith("file=") && !a.startsWith("error=")),
        code: `${body.join("\n")}\n`,
      });
    }
    i = j;
  }
  return blocks;
}

/** The Markdown files the docs test reads: `docs/*.md` and `README.md`. */
export function docPages(): string[] {
  const docs = readdirSync(join(REPO_ROOT, "docs")).filter((name) => name.endsWith(".md")).sort().map((name) => `docs/${name}`);
  return [...docs, "README.md"];
}

export function readPage(page: string): string {
  return readFileSync(join(REPO_ROOT, page), "utf8");
}

/** A folder on disk as root-relative path → text (the scaffold). */
export function readFolder(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(root, full).split("\\").join("/")] = readFileSync(full, "utf8");
    }
  };
  walk(root);
  return out;
}

/** Where a block without `file=` stands: a module of its own, so its names meet nothing else's. */
export function snippetPath(block: DocBlock): string {
  return block.lang === "jadpotest" ? "domains/snippet/snippet.jadpotest" : "domains/snippet/snippet.jadpo";
}
