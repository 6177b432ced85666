// docs/seeds-and-coverage.md against what its commands print on the example app: the sweep of a
// test that passes by luck, the sweep of one whose tool prompt's generated steps shrink into
// `call` items, the sweep of one with a `when` item and `generated`, and the example's coverage. Each test file is the page's own block, written where
// the page says.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, expect, it } from "vitest";
import { findBlocks } from "../../../compiler/test/docs/blocks.ts";
import { buildCli } from "../support/build-cli.ts";
import { repo } from "../support/jadpo.ts";
import { blockStarting, outputBlocks } from "../dev/page-blocks.ts";
import { Project } from "./project.ts";

const PAGE = "docs/seeds-and-coverage.md";
const page = readFileSync(join(repo, PAGE), "utf8");
const outputs = outputBlocks(page);

/** The page's test block holding `name`. */
function testBlock(name: string): string {
  const found = findBlocks(PAGE, page).find((block) => block.lang === "jadpotest" && block.code.includes(`test "${name}"`));
  if (found === undefined) throw new Error(`${PAGE} has no test block for ${name}`);
  return found.code;
}

const lines = (text: string) => text.trimEnd().split("\n");

let projects: Project[] = [];
const example = (): Project => {
  const project = Project.example();
  projects.push(project);
  return project;
};

beforeAll(() => buildCli());
afterEach(() => {
  for (const project of projects) project.dispose();
  projects = [];
});

it("a sweep of a test that passes by luck prints the page's FAIL block", async () => {
  const project = example().write("domains/support/luck/luck.test.jadpo", testBlock("an unscripted answer is passed on"));
  const run = await project.test(["--seeds", "1..100"]);
  expect(lines(run.stdout)).toEqual(blockStarting(PAGE, outputs, "FAIL  an unscripted answer is passed on"));
});

it("a sweep of a tool prompt's test prints the page's script of call items", async () => {
  const project = example().write("domains/support/luck/orders.test.jadpo", testBlock("the model always finds the order"));
  const run = await project.test(["domains/support/luck/orders.test.jadpo", "--seeds", "1..100"]);
  expect(lines(run.stdout)).toEqual(blockStarting(PAGE, outputs, "FAIL  the model always finds the order"));
});

it("a sweep of a test with a `when` item and `generated` prints the page's script, the `when` item as written", async () => {
  const project = example().write("domains/support/luck/when.test.jadpo", testBlock("only the question about sesame is answered from the articles"));
  const run = await project.test(["domains/support/luck/when.test.jadpo", "--seeds", "1..100"]);
  expect(lines(run.stdout)).toEqual(blockStarting(PAGE, outputs, "FAIL  only the question about sesame"));
});

it("the example's coverage is the page's", async () => {
  const run = await example().test(["--coverage"]);
  expect(lines(run.stdout)).toEqual(blockStarting(PAGE, outputs, "✓ 27 passed"));
});
