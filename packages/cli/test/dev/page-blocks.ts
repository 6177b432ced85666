// The output blocks of a docs page: fences with no info string (a command's output, or a file's
// contents shown without a `file=`), at any indent, as lists of lines without that indent.
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
