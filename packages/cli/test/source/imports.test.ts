// The CLI's source has no import circles (type-only imports included): a command's registration
// loads its run file lazily and the run file never imports back, so each layer can be read alone.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repo } from "../support/jadpo.ts";

const src = join(repo, "packages/cli/src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
}

/** The files of `src` that `file` imports: static, type-only and `import()` alike. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)].map((m) => m[1]);
  return specifiers.map((specifier) => resolve(dirname(file), specifier));
}

/** Every circle, each as the files on it from its smallest name round to itself. */
function circles(graph: Map<string, string[]>): string[][] {
  const found = new Map<string, string[]>();
  const visit = (file: string, path: string[]) => {
    const at = path.indexOf(file);
    if (at >= 0) {
      const loop = path.slice(at);
      const start = loop.indexOf([...loop].sort()[0]);
      const canonical = [...loop.slice(start), ...loop.slice(0, start)];
      found.set(canonical.join(" → "), canonical);
      return;
    }
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
  };
  for (const file of graph.keys()) visit(file, []);
  return [...found.values()];
}

describe("the CLI's imports", () => {
  it("form no circle", () => {
    const files = sourceFiles(src);
    const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));
    expect(graph.get(join(src, "commands/check/index.ts"))).toContain(join(src, "commands/check/run.ts"));
    expect(circles(graph).map((loop) => loop.map((file) => relative(src, file)).join(" → "))).toEqual([]);
  });
});
