// Writes docs/diagnostics.md from the rule catalogue, so the page never drifts from the rules.
// Run: `npx tsx scripts/gen-diagnostics-doc.ts` (a test fails when the committed page is stale).
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { catalogue, ruleIds, type RuleId } from "../packages/compiler/src/diagnostics/catalogue/index.ts";
import { wordings, type RuleEntry } from "../packages/compiler/src/diagnostics/catalogue/rule-entry.ts";

export const docPath = join(dirname(fileURLToPath(import.meta.url)), "../docs/diagnostics.md");

const intro = `# Diagnostics

Every problem jadpo reports — a compile error, a failing test, a usage error — has the same shape:
a \`rule\` (\`category.lower_snake\`), a one-line summary, the location, detail
lines where they help (\`decode:\`, \`assert:\`, \`expected:\`, \`got:\`, \`fakes:\`, \`cycle:\`,
\`note:\`), the \`reason\` the rule exists, and one \`next\` step with its owner (\`agent\`, \`human\` or
\`compiler\`).

\`\`\`
error: No module \`support/typs\` in this project --> domains/support/actions/reply.jadpo:1:5
  reason: A module is a folder or a file under \`domains/\`, named by its path.
  next: Use \`support/types\`, the closest module (agent)
  rule: module.not_found
\`\`\`

Output stays bounded whatever the input (\`jadpo check\`, the compile errors that stop
\`jadpo test\`, a \`jadpo dev\` build): at most 50 diagnostics per file and 500 per run are
printed, then one line says how many more there were (\`… and 15950 more errors not shown (at
most 50 per file and 500 per run)\`), and the count on the last line stays exact. A name or value
quoted in a message is cut to 80 characters with \`…\`; a \`got:\` or \`expected:\` value to 500
(each text in it to 80); control characters in names, such as an escape sequence in a file
name, are written as \`\\u{1B}\`.

## Who \`next:\` is for

The word in brackets at the end of every \`next:\` line says who can take that step:

- \`(agent)\`: a change to the project's code or tests, which the message says enough about for
  anyone editing the code, you or a coding agent, to make it without asking.
- \`(human)\`: something only a person can do or decide: a command line to fix, a model server
  to start, a key to set, a port to free, an answer to record again from a real model, a fault in
  jadpo itself to report.
- \`(compiler)\`: a step the toolchain can take by itself, such as an editor's quick fix; no rule
  uses it yet.

This page is generated from the catalogue (\`packages/compiler/src/diagnostics/catalogue/\`) by
\`scripts/gen-diagnostics-doc.ts\`; do not edit it by hand. \`{slot}\` marks a part filled in where
the problem is found. A rule that covers several mistakes of one kind lists a wording for each.
`;

/** The whole page. */
export function diagnosticsDoc(): string {
  const byCategory = new Map<string, RuleId[]>();
  for (const id of ruleIds) {
    const category = id.split(".")[0];
    byCategory.set(category, [...(byCategory.get(category) ?? []), id]);
  }
  const sections: string[] = [intro];
  for (const [category, ids] of byCategory) {
    sections.push(`## ${category}\n`);
    for (const id of ids) sections.push(rule(id));
  }
  return sections.join("\n");
}

function rule(id: RuleId): string {
  const entry: RuleEntry = catalogue[id];
  const lines = [`### \`${id}\``, ""];
  for (const { variant, wording } of wordings(entry)) {
    if (variant === null) {
      lines.push(`- summary: ${wording.summary}`, `- reason: ${entry.reason}`, `- next: ${wording.next} (${entry.owner})`);
    } else {
      lines.push(`- \`${variant}\`: ${wording.summary}`, `  - next: ${wording.next} (${entry.owner})`);
    }
  }
  if ("variants" in entry) lines.push(`- reason: ${entry.reason}`);
  lines.push("");
  return lines.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(docPath, diagnosticsDoc());
  console.log(`wrote ${docPath}`);
}
