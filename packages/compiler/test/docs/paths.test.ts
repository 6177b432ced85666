// Every file of the repository a page names (`packages/…` in backticks) exists, so a page's
// "Code" table can't name files that moved; output folders the build makes (git-ignored) excepted.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../syntax/helpers.ts";

const pages = [
  ...readdirSync(join(repoRoot, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`),
  "README.md",
  ...readdirSync(join(repoRoot, "packages")).map((pkg) => `packages/${pkg}/README.md`).filter((path) => existsSync(join(repoRoot, path))),
];
const ignored = readFileSync(join(repoRoot, ".gitignore"), "utf8").split("\n").map((line) => line.trim()).filter((line) => line !== "");

describe("paths the docs name", () => {
  it("exist in the repository", () => {
    const missing: string[] = [];
    for (const page of pages) {
      for (const [, path] of readFileSync(join(repoRoot, page), "utf8").matchAll(/`(packages\/[A-Za-z0-9_./-]+)`/g)) {
        if (ignored.includes(path) || existsSync(join(repoRoot, path))) continue;
        missing.push(`${page}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
