// `jadpo test` shows a passed run again when nothing that decides it changed, end to end:
// what it prints, what makes it run again, and what is never kept.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { disposedAfterEach } from "../support/example.ts";
import { repo } from "../support/jadpo.ts";
import { schemaErrors } from "../support/json-schema.ts";
import { Project, withoutDurations } from "../test-command/project.ts";

const CACHED = "(cached: nothing changed since these tests passed; --no-cache runs them again)\n";
const PASSED = "✓ 27 passed  24 action tests · 1 function test · 2 recording tests\n";
const TESTS = "domains/support/functions/greeting.jadpotest";

const example = disposedAfterEach(() => Project.example());
const entries = (project: Project) => readdirSync(join(project.root, ".jadpo/cache"));


describe("a passed jadpo test run", () => {
  it("is shown again, marked, with the same report and exit code, when nothing changed", async () => {
    const project = example();
    const first = await project.test(["--reporter", "json"]);
    const again = await project.test(["--reporter", "json"]);
    expect(first.code).toBe(0);
    expect(again.code).toBe(0);
    const shown = JSON.parse(again.stdout);
    expect(shown.cached).toBe(true);
    // The whole report of the run it shows, durations included, and only `cached` added.
    expect(JSON.stringify({ ...JSON.parse(first.stdout), cached: true })).toBe(JSON.stringify(shown));
    const schema = JSON.parse(readFileSync(join(repo, "packages/cli/schema/test-report.schema.json"), "utf8"));
    expect(schemaErrors(schema, shown)).toEqual([]);
    expect((await project.test()).stdout).toBe(PASSED + CACHED);
  });

  it("lists each test of the kept run through a live reporter, and writes each reporter's file", async () => {
    const project = example();
    const ran = await project.test(["--reporter", "verbose"]);
    const shown = await project.test(["--reporter", "verbose", "--reporter", "junit", "--output", "junit=out/junit.xml"]);
    const lines = (text: string) => text.split("\n").filter((line) => !line.startsWith("Duration")).join("\n");
    expect(lines(shown.stdout)).toBe(lines(ran.stdout).replace(PASSED, PASSED + CACHED));
    expect(project.read("out/junit.xml")).toContain('<testsuites name="jadpo test" tests="27" failures="0"');
  });

  it("runs again after an edit, with another seed or selection, and with --no-cache or JADPO_CACHE=off", async () => {
    const project = example();
    await project.test();
    expect((await project.test(["--seed", "2"])).stdout).toBe(PASSED);
    expect((await project.test(["--seed", "2"])).stdout).toBe(PASSED + CACHED);
    expect((await project.test([TESTS])).stdout).toBe("✓ 1 passed  1 function test\n");
    expect((await project.test(["-t", "greeting"])).stdout).not.toContain("cached");
    expect((await project.test(["--test-timeout", "20s"])).stdout).toBe(PASSED);
    expect((await project.test(["--no-cache"])).stdout).toBe(PASSED);
    expect((await project.test([], { JADPO_CACHE: "off" })).stdout).toBe(PASSED);
    // Other reporters and worker counts show the kept run.
    expect((await project.test(["--workers", "1", "--reporter", "plain"])).stdout).toBe(PASSED + CACHED);
    project.write(TESTS, `${project.read(TESTS)}\n`);
    expect((await project.test()).stdout).toBe(PASSED);
    expect((await project.test()).stdout).toBe(PASSED + CACHED);
  });

  it("is never kept when the run failed: each run shows the failure afresh", async () => {
    const project = example();
    project.write(TESTS, `${project.read(TESTS)}\ntest "fails" {\n    assert 1 == 2\n}\n`);
    const first = await project.test(["--reporter", "json"]);
    const second = await project.test(["--reporter", "json"]);
    expect(first.code).toBe(1);
    expect(JSON.parse(second.stdout).cached).toBeUndefined();
    expect(withoutDurations(second.stdout)).toBe(withoutDurations(first.stdout));
  });

  it("treats a damaged entry as a miss", async () => {
    const project = example();
    await project.test();
    for (const name of entries(project)) {
      const path = join(project.root, ".jadpo/cache", name);
      writeFileSync(path, readFileSync(path, "utf8").replace('"tests":[[', '"tests":[["not a test"],['));
    }
    expect((await project.test()).stdout).toBe(PASSED);
    expect((await project.test()).stdout).toBe(PASSED + CACHED);
  });
});
