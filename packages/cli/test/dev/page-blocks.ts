// The output blocks of a docs page: fences with no info string (a command's output, or a file's
// contents shown without a `file=`), at any indent, as lists of lines without that indent.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repo } from "../support/jadpo.ts";

export function outputBlocks(page: string): string[][] {
  const lines = page.split("\n");
  const out: string[][] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)```(.*)$/.exec(lines[i]);
    if (open === null) continue;
    const indent = open[1];
    let end = i + 1;
    while (end < lines.length && lines[end] !== `${indent}\`\`\``) end++;
    if (open[2].trim() === "") out.push(lines.slice(i + 1, end).map((line) => line.slice(indent.length)));
    i = end;
  }
  return out;
}

/** The block of `blocks` (the output blocks of the page `page`) whose first line starts with `first`. */
export function blockStarting(page: string, blocks: string[][], first: string): string[] {
  const found = blocks.find((block) => block[0].startsWith(first));
  if (found === undefined) throw new Error(`${page} has no output block starting ${first}`);
  return found;
}

/** The lines of a shell session of docs page `page` (repository-relative) that `$ <command>` prints:
 * the lines after it, up to the next `$` line or the block's end. The `$` line may end in a `#` comment. */
export function printedBy(page: string, command: string): string[] {
  for (const block of outputBlocks(readFileSync(join(repo, page), "utf8"))) {
    const at = block.findIndex((line) => line.replace(/\s+#.*$/, "") === `$ ${command}`);
    if (at === -1) continue;
    const end = block.findIndex((line, i) => i > at && line.startsWith("$ "));
    return block.slice(at + 1, end === -1 ? block.length : end);
  }
  throw new Error(`${page} shows no \`$ ${command}\``);
}

/** The output block of docs page `page` (repository-relative) whose first line starts with `first` and that holds `holding`. */
export function pageBlock(page: string, first: string, holding = ""): string[] {
  const found = outputBlocks(readFileSync(join(repo, page), "utf8")).find((block) => block[0].startsWith(first) && block.join("\n").includes(holding));
  if (found === undefined) throw new Error(`${page} has no output block starting ${first}`);
  return found;
}
