// Help as users reach for it: `jadpo help [command]`, examples and `--color` in every command's
// help, `--as` marked required, `jadpo ai` alone; and docs/cli.md's flag tables compared with the
// flags commander really defines, so the reference lists every flag of every command.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { memoryContext } from "../../src/context.ts";
import { buildProgram } from "../../src/program.ts";
import { docsPages, helpExamples } from "../../src/help-examples.ts";
import { repo, runJadpoAllHere, runJadpoHere } from "../support/jadpo.ts";

/** Every command below the program with its path (`ai record`), the program itself as `jadpo`. */
function commands(): { path: string; command: Command }[] {
  const out: { path: string; command: Command }[] = [];
  const walk = (command: Command, path: string) => {
    out.push({ path, command });
    for (const sub of command.commands) walk(sub, path === "jadpo" ? sub.name() : `${path} ${sub.name()}`);
  };
  walk(buildProgram(memoryContext(repo).context), "jadpo");
  return out;
}


describe("help", () => {
  it("ends every command's help with two or three examples, and lists --color in each", async () => {
    const all = commands();
    expect(all.map(({ path }) => path).sort()).toEqual(Object.keys(helpExamples).sort());
    const runs = await runJadpoAllHere(all.map(({ path }) => ({ args: [...(path === "jadpo" ? [] : path.split(" ")), "--help"], options: { cwd: repo } })));
    for (const [i, { path }] of all.entries()) {
      const { code, stdout, stderr } = runs[i];
      expect(code, path).toBe(0);
      expect(stderr, path).toBe("");
      expect(stdout, path).toContain("--color <when>");
      const examples = stdout.split("\nExamples:\n")[1];
      expect(examples, path).toBeDefined();
      const lines = examples.split("\n").filter((line) => line.startsWith("  $ jadpo"));
      expect(lines.length, path).toBeGreaterThanOrEqual(path === "ai show" ? 1 : 2);
      expect(lines.length, path).toBeLessThanOrEqual(3);
      // The page that documents the command, and this install's copy of it (the repository's, here).
      const page = docsPages[path];
      expect(stdout.endsWith(`Docs: docs/${page} in the jadpo repository (this install's copy: ${repo}/docs/${page})\n`), path).toBe(true);
    }
  });

  it("prints the same help for `jadpo help test` as for `jadpo test --help`, and `jadpo ai` alone prints its help", async () => {
    const help = await runJadpoHere(["help", "test"], { cwd: repo });
    expect(help.code).toBe(0);
    expect(help.stdout).toBe((await runJadpoHere(["test", "--help"], { cwd: repo })).stdout);
    expect(help.stdout).toContain("  -t, --name <pattern>");
    const ai = await runJadpoHere(["ai"], { cwd: repo });
    expect(ai).toEqual({ code: 0, stdout: (await runJadpoHere(["ai", "--help"], { cwd: repo })).stdout, stderr: "" });
  });

  it("marks --as required", async () => {
    expect((await runJadpoHere(["ai", "record", "--help"], { cwd: repo })).stdout).toMatch(/ {2}--as <name> +the recording's name \(required without\s+--stale\)\n/);
  });
});

describe("docs/cli.md", () => {
  const doc = readFileSync(join(repo, "docs/cli.md"), "utf8");
  const reference = doc.slice(doc.indexOf("## Every command and flag"), doc.indexOf("## Usage errors"));

  /** The flags in the table under `### \`jadpo <path>...\``. */
  function documented(path: string): string[] {
    const heading = path === "jadpo" ? "### `jadpo` (global flags)" : `### \`jadpo ${path}`;
    const start = reference.indexOf(heading);
    expect(start, `no section for ${path}`).toBeGreaterThanOrEqual(0);
    const rest = reference.slice(start + heading.length);
    const section = rest.slice(0, rest.search(/\n###? /) === -1 ? undefined : rest.search(/\n###? /));
    return [...section.matchAll(/^\| `(-[^`]+)` \|/gm)].map((match) => match[1]);
  }

  it("lists every flag of every command, and no flag a command doesn't have", () => {
    for (const { path, command } of commands()) {
      const defined = command.options.map((option) => option.flags);
      expect(documented(path).sort(), path).toEqual([...defined].sort());
    }
  });
});

describe("jadpo help <command>", () => {
  it("points at the page that documents that command: `jadpo help test` at docs/testing.md", async () => {
    const help = await runJadpoHere(["help", "test"], { cwd: repo });
    expect(help.stdout.split("\n").filter((line) => line.startsWith("Docs: "))).toEqual([
      `Docs: docs/testing.md in the jadpo repository (this install's copy: ${repo}/docs/testing.md)`,
    ]);
    expect(readFileSync(join(repo, "docs/testing.md"), "utf8")).toContain("--coverage-min");
  });

  it("every page it names exists and documents its command", () => {
    for (const [path, page] of Object.entries(docsPages)) {
      const text = readFileSync(join(repo, "docs", page), "utf8");
      expect(text, `${path} → ${page}`).toContain(path === "jadpo" ? "jadpo check" : `jadpo ${path}`);
    }
  });
});
