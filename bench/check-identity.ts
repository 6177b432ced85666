// The checker's output on the fuzz's mutated projects (bench/fuzz), written to one file, so two
// checkouts can be compared byte for byte: every diagnostic of each input, checked both to run
// and check-only, rendered plain and as JSON, and each program's tests with their kind and
// checked fakes. It runs this checkout's sources; run it in each and compare:
//
//   npx tsx bench/check-identity.ts /tmp/a.txt [count] [seed]   (in one checkout)
//   npx tsx bench/check-identity.ts /tmp/b.txt [count] [seed]   (in the other) && cmp /tmp/a.txt /tmp/b.txt
import { writeFileSync } from "node:fs";
import { compileProject, diagnosticToJson, renderErrorPlain, sourceLookup } from "../packages/compiler/src/index.ts";
import { memoryHost } from "../packages/compiler/src/testing/index.ts";
import { exampleCorpus, mutatedInput } from "./fuzz/corpus.ts";

const [outFile, countText = "3000", seedText = "7"] = process.argv.slice(2);
if (!outFile) throw new Error("usage: npx tsx bench/check-identity.ts <out file> [count] [seed]");
const corpus = exampleCorpus();
const lines: string[] = [];
for (let input = 0; input < Number(countText); input++) {
  // The same inputs as `pnpm fuzz` with this seed.
  const { files } = mutatedInput(corpus, Number(seedText), input, "/p");
  for (const toRun of [true, false]) {
    lines.push(`#${input} ${toRun ? "to run" : "check only"}`);
    let result;
    try {
      result = compileProject(memoryHost(files), "/p", { toRun });
    } catch (error) {
      lines.push(`crash: ${String(error)}`);
      continue;
    }
    const source = sourceLookup(result.graph);
    for (const d of result.diagnostics) lines.push(renderErrorPlain(d), JSON.stringify(diagnosticToJson(d, { displayPath: (f) => f, source })));
    const program = result.program;
    if (!program) continue;
    lines.push(`types ${program.exprTypes.size} resolutions ${program.resolutions.size}`);
    for (const t of program.tests) {
      const fakes = t.fakes.map((f) => ({ prompt: f.prompt?.name ?? null, items: f.items.map((i) => ({ ...i, item: i.item.span, expr: undefined, type: undefined })) }));
      lines.push(`test ${t.file.path} ${JSON.stringify(t.name)} ${t.kind} ${JSON.stringify(fakes)}`);
    }
  }
}
writeFileSync(outFile, `${lines.join("\n")}\n`);
console.log(`${Number(countText)} inputs, ${lines.length} lines → ${outFile}`);
