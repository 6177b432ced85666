// The checker's output on the fuzz's mutated projects (bench/fuzz), written to one file, so two
// checkouts can be compared byte for byte: every diagnostic of each input, checked both to run
// and check-only, rendered plain and as JSON, and each program's tests with their kind and
// checked fakes. It runs this checkout's sources; run it in each and compare:
//
//   npx tsx bench/check-identity.ts /tmp/a.txt [count] [seed]   (in one checkout)
//   npx tsx bench/check-identity.ts /tmp/b.txt [count] [seed]   (in the other) && cmp /tmp/a.txt /tmp/b.txt
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { compileProject, diagnosticToJson, renderErrorPlain, sourceLookup } from "../packages/compiler/src/index.ts";
import { memoryHost } from "../packages/compiler/src/testing/index.ts";
import { breakUtf8, chooseMutation, rng } from "./fuzz/mutate.ts";

function readTree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (name === ".jadpo") continue;
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(root, full)] = readFileSync(full, "utf8");
    }
  };
  walk(root);
  return out;
}

const [outFile, countText = "3000", seedText = "7"] = process.argv.slice(2);
if (!outFile) throw new Error("usage: npx tsx bench/check-identity.ts <out file> [count] [seed]");
const corpus = readTree(join(import.meta.dirname, "../examples/support"));
const sources = Object.keys(corpus).filter((p) => p.endsWith(".jadpo") || p.endsWith(".jadpotest"));
const lines: string[] = [];
for (let input = 0; input < Number(countText); input++) {
  // The same inputs as `pnpm fuzz` with this seed.
  const r = rng(Number(seedText) ^ Math.imul(input, 2654435761));
  const path = sources[Math.floor(r() * sources.length)];
  let text = corpus[path];
  for (let m = 0, n = 1 + Math.floor(r() * 3); m < n; m++) text = chooseMutation(r)[1](text, r);
  const content: string | Uint8Array = r() < 0.15 ? breakUtf8(text, r) : text;
  const files: Record<string, string | Uint8Array> = {};
  for (const [p, t] of Object.entries(corpus)) files[`/p/${p}`] = t;
  files[`/p/${path}`] = content;
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
