// Lists the import circles in packages/*/src: each group of files that import each other
// (a strongly connected component of the relative-import graph), largest first, with one circle
// through it as an example. Type-only imports count too: they tie the files' meaning together.
// Run: `npx tsx scripts/import-cycles.ts [package]`; exits 0 and only reports (it is a survey).
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cyclicComponents } from "../packages/compiler/src/modules/cycles.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const only = process.argv[2];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (path.endsWith(".ts")) out.push(path);
  }
  return out;
}

/** The relative imports and re-exports of one file, resolved to absolute paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*["'](\.[^"']+)["']/gm)) {
    out.push(resolve(dirname(file), m[1]));
  }
  for (const m of text.matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g)) out.push(resolve(dirname(file), m[1]));
  return out;
}

/** One shortest circle through `start` inside `group`, by breadth-first search. */
function circleThrough(start: string, group: Set<string>, graph: Map<string, string[]>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!group.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

const packages = readdirSync(join(repo, "packages")).filter((p) => !only || p === only);
let total = 0;
for (const pkg of packages) {
  const src = join(repo, "packages", pkg, "src");
  let files: string[];
  try {
    files = sourceFiles(src);
  } catch {
    continue;
  }
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const groups = cyclicComponents((file) => (graph.get(file) ?? []).filter((to) => graph.has(to)), [...graph.keys()])
    .sort((a, b) => b.length - a.length);
  total += groups.length;
  console.log(`${pkg}: ${groups.length === 0 ? "no import circles" : `${groups.length} import circle${groups.length === 1 ? "" : "s"}`}`);
  for (const group of groups) {
    const name = (f: string) => relative(src, f);
    console.log(`  ${group.length} files: ${group.map(name).join(", ")}`);
    console.log(`    e.g. ${circleThrough(group[0], new Set(group), graph).map(name).join(" → ")}`);
  }
}
if (total === 0) console.log("no import circles");
