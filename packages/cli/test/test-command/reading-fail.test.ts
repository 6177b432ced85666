// docs/testing.md's "Reading a FAIL": the page's failing test file, added to a copy of the example
// app, makes `jadpo test` print the page's FAIL block and summary, line for line.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { pageBlock } from "../dev/page-blocks.ts";
import { disposedAfterEach } from "../support/example.ts";
import { repo } from "../support/jadpo.ts";
import { Project } from "./project.ts";

const example = disposedAfterEach(() => Project.example());

it("prints the page's FAIL for the page's test file", async () => {
  const page = readFileSync(join(repo, "docs/testing.md"), "utf8");
  const file = /## Reading a FAIL\n[\s\S]*?```jadpotest file=(\S+)\n([\s\S]*?)```\n/.exec(page);
  expect(file).not.toBeNull();
  const project = example();
  project.write(file![1], file![2]);
  const run = await project.test();
  expect(run.code).toBe(1);
  expect(run.stderr).toBe("");
  expect(run.stdout.trimEnd().split("\n")).toEqual(pageBlock("docs/testing.md", "FAIL  a question about sesame goes to a person"));
});
