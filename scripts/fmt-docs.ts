// `jadpo fmt` for the Jadpo blocks of the docs (`docs/*.md`, README.md): the blocks the docs test
// compiles, in the layout `jadpo fmt` writes. `pnpm fmt:docs` lists the blocks that are not
// formatted and exits 1 if any (CI runs it); `pnpm fmt:docs --write` rewrites them in place.
// A block marked `error=` that doesn't parse is left as it is (it is meant to be wrong).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatSource, renderErrorPlain } from "../packages/compiler/src/index.ts";
import { REPO_ROOT, docPages, findBlocks } from "../packages/compiler/test/docs/blocks.ts";

const write = process.argv.includes("--write");
let unformatted = 0;
let broken = 0;

for (const page of docPages()) {
  const path = join(REPO_ROOT, page);
  const markdown = readFileSync(path, "utf8");
  const lines = markdown.split("\n");
  // Last block first, so a rewritten block's new length doesn't move the lines of those before it.
  const blocks = findBlocks(page, markdown).filter((b) => b.lang === "jadpo" || b.lang === "jadpotest").reverse();
  let changed = false;
  const listed: string[] = [];
  for (const block of blocks) {
    const result = formatSource(`${page}:${block.line}`, block.code, block.lang === "jadpotest" ? "test" : "source");
    if (!result.ok) {
      if (block.error !== null) continue;
      broken++;
      for (const d of result.diagnostics) process.stderr.write(`${renderErrorPlain(d)}\n`);
      continue;
    }
    if (!result.changed) continue;
    unformatted++;
    listed.unshift(`${page}:${block.line}\n`);
    if (!write) continue;
    const indent = /^\s*/.exec(lines[block.line - 1])![0];
    const bodyLines = block.code.split("\n").length - 1;
    const formatted = result.text.split("\n").slice(0, -1).map((line) => (line === "" ? "" : indent + line));
    lines.splice(block.line, bodyLines, ...formatted);
    changed = true;
  }
  process.stdout.write(listed.join(""));
  if (changed) writeFileSync(path, lines.join("\n"));
}

if (broken > 0) process.stderr.write(`fmt:docs: ${broken} block(s) with syntax errors and no error= mark\n`);
if (unformatted > 0 && !write) process.stderr.write(`fmt:docs: ${unformatted} block(s) not formatted: run \`pnpm fmt:docs --write\`\n`);
process.exitCode = broken > 0 || (unformatted > 0 && !write) ? 1 : 0;
