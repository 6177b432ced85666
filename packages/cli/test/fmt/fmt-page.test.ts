// docs/cli.md's `jadpo fmt` examples, as printed: the listing of a run on the example app with the
// two files it names laid out otherwise (and `--check`'s, the same), and the page's unformatted
// file written exactly as the page's formatted one.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageBlock, printedBy } from "../dev/page-blocks.ts";
import { copyExample } from "../support/example.ts";
import { repo, runJadpoHere } from "../support/jadpo.ts";

const LISTED = printedBy("docs/cli.md", "jadpo fmt");
let example: string;

beforeAll(() => {
  example = copyExample("jadpo-fmt-page-");
});
afterAll(() => rmSync(example, { recursive: true, force: true }));

describe("docs/cli.md's jadpo fmt", () => {
  it("lists the files it rewrote, as the page shows, after --check lists the same ones", async () => {
    expect(LISTED.length).toBeGreaterThan(0);
    const tidy = new Map(LISTED.map((path) => [path, readFileSync(join(example, path), "utf8")]));
    // Each named file laid out otherwise: two-space indents and spaces at line ends.
    for (const [path, text] of tidy) writeFileSync(join(example, path), text.replace(/^( +)/gm, (indent) => " ".repeat(indent.length / 2)).replace(/\n/g, "  \n"));
    const checked = await runJadpoHere(["fmt", "--check"], { cwd: example });
    expect(checked).toEqual({ code: 1, stderr: "", stdout: `${LISTED.join("\n")}\n` });
    const run = await runJadpoHere(["fmt"], { cwd: example });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split("\n")).toEqual(LISTED);
    for (const [path, text] of tidy) expect(readFileSync(join(example, path), "utf8"), path).toBe(text);
  });

  it("writes the page's unformatted file as the page's formatted one", async () => {
    const input = pageBlock("docs/cli.md", "use support/types {CustomerQuestion}");
    const page = readFileSync(join(repo, "docs/cli.md"), "utf8");
    const output = /\nis written as:\n\n```jadpo\n([\s\S]*?)```\n/.exec(page);
    expect(output).not.toBeNull();
    expect(await runJadpoHere(["fmt", "--stdin"], { cwd: example, input: `${input.join("\n")}\n` })).toEqual({ code: 0, stderr: "", stdout: output![1] });
  });
});
