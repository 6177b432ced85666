// The example app's tests (examples/support) all pass through the runtime, recordings read from disk.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findBlocks } from "../../../compiler/test/docs/blocks.ts";
import { filesUnder, projectOf } from "../../src/testing/project.ts";

const ROOT = fileURLToPath(new URL("../../../../examples/support", import.meta.url));
const TESTING_PAGE = fileURLToPath(new URL("../../../../docs/testing.md", import.meta.url));

describe("examples/support", () => {
  const p = projectOf(filesUnder(ROOT));

  it("has the seed's tests", () => {
    const names = p.program.tests.map((t) => t.name);
    expect(names).toContain("a question the model answers");
    expect(names).toContain("a question the articles don't answer goes to a person");
    expect(names).toContain("each failure is one of the app's own");
  });

  it.each(p.program.tests.map((t) => [t.name] as const))("%s passes", async (name) => {
    expect(await p.fail(name)).toBe("passed");
  });

  it("passes with other run seeds too", async () => {
    for (const runSeed of [2, 99, 123456]) {
      for (const test of p.program.tests) expect(await p.fail(test.name, { runSeed })).toBe("passed");
    }
  });

  it("gives each test its kind", async () => {
    const result = await p.run("a question the model answers");
    expect(result.kind).toBe("action test");
    expect(result.file).toBe("domains/support/actions/answer_customer.test.jadpo");
    expect((await p.run("each locale is greeted in its own language")).kind).toBe("function test");
  });
});

describe("the tests docs/testing.md writes for the example's tool prompt", () => {
  const [block] = findBlocks("docs/testing.md", readFileSync(TESTING_PAGE, "utf8")).filter((b) => b.file === "domains/support/actions/order_paths.test.jadpo");
  const p = projectOf({ ...filesUnder(ROOT), [block.file!]: block.code });
  const names = p.program.tests.filter((t) => t.file.path === block.file).map((t) => t.name);

  it("are on the page", () => {
    expect(names.length).toBe(5);
  });

  it.each(names.map((name) => [name] as const))("%s passes", async (name) => {
    for (const runSeed of [1, 2, 99]) expect(await p.fail(name, { runSeed })).toBe("passed");
  });
});
