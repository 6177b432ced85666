// Only the toolchain seam knows how the bundle is laid out (src/toolchain.ts, and its two bodies:
// src/toolchain-from-sources.ts and build/toolchain-bundle.ts): no other source file of the three
// packages names a script of the built `dist/` (`./worker.mjs`, `runtime.cjs`, a chunk), so the
// bundle's build can move its files without a command or the runtime knowing.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { repo } from "../support/jadpo.ts";

const SEAM = ["packages/cli/src/toolchain.ts", "packages/cli/src/toolchain-from-sources.ts"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
}

/** The names of the bundle's scripts (the global set-up has built it), and its chunks' folder. */
function bundleNames(): string[] {
  const scripts = readdirSync(join(repo, "packages/cli/dist")).filter((name) => /\.(c|m)js$/.test(name));
  return [...scripts, "chunks/"];
}

/** The string literals of a TypeScript source that name one of `names`. */
function literalsNaming(text: string, names: readonly string[]): string[] {
  const literals = [...text.matchAll(/"[^"\n]*"|'[^'\n]*'|`[^`]*`/g)].map((match) => match[0]);
  return literals.filter((literal) => names.some((name) => literal.includes(name)));
}

describe("the bundle's layout", () => {
  it("is named by no source file but the toolchain seam's", () => {
    const names = bundleNames();
    expect(names).toEqual(expect.arrayContaining(["worker.mjs", "compiler.cjs", "runtime.cjs", "recording-decoder.cjs"]));
    const files = ["compiler", "runtime", "cli"].flatMap((name) => sourceFiles(join(repo, "packages", name, "src")));
    const naming = files
      .map((file) => ({ file: relative(repo, file).split("\\").join("/"), literals: literalsNaming(readFileSync(file, "utf8"), names) }))
      .filter(({ file, literals }) => literals.length > 0 && !SEAM.includes(file));
    expect(naming).toEqual([]);
    // The seam itself does name them, so the search finds what it looks for.
    expect(literalsNaming(readFileSync(join(repo, "packages/cli/build/toolchain-bundle.ts"), "utf8"), names)).toContain('"./worker.mjs"');
  });
});
