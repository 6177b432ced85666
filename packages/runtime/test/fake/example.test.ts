// The example app's tests (examples/support) all pass through the runtime, recordings read from disk.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { filesUnder, projectOf } from "../../src/testing/project.ts";

const ROOT = fileURLToPath(new URL("../../../../examples/support", import.meta.url));

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
