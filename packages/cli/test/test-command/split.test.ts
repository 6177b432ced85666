// A split run (the test files shared out between threads, each compiling its share) reports
// exactly what a run on one thread does: passing and failing tests with their code frames,
// sweeps, coverage, bail, shards, names, and compile errors (which send it back to one thread).
// JADPO_SPLIT_BYTES=0 splits even this small project.
import { describe, expect, it } from "vitest";
import { snapshotProject } from "@jadpo/compiler";
import { nodeHost } from "../../src/node-host.ts";
import { planSplit } from "../../src/commands/test/split.ts";
import { manyTests, Project, withoutDurations } from "./project.ts";

const SPLIT = { JADPO_SPLIT_BYTES: "0", JADPO_CACHE: "off" };
const ONE_THREAD = { JADPO_CACHE: "off" };

/** The pretty report without the run's duration line's figures. */
function steady(text: string): string {
  return withoutDurations(text).replace(/\d+(\.\d+)?\s?(ms|s)\b/g, "<time>");
}

function project(): Project {
  const p = Project.example();
  manyTests(p, 60, 10);
  // Failing tests in shared-out files: their FAIL blocks quote the source another thread read.
  p.write("domains/support/functions/many_002.jadpotest", p.read("domains/support/functions/many_002.jadpotest").replace('== "Hello"', '== "Bonjour"'));
  p.write("domains/support/functions/many_004.jadpotest", 'test "seeded" {\n    var n: Int = random.int(1, 10)\n    assert n < 4\n}\n');
  return p;
}

describe("a split run", () => {
  it("splits the project (the shares are contiguous, and files with other declarations stay with every thread)", () => {
    const p = project();
    const split = planSplit(snapshotProject(nodeHost, p.root), 2, 0);
    expect(split).not.toBeNull();
    expect(split!.shares).toHaveLength(2);
    expect(split!.shares.flat()).toEqual(split!.shared);
    expect(split!.shared).toContain("domains/support/functions/many_002.jadpotest");
    // The example's action tests use fixtures: compiled by every thread, never shared out.
    expect(split!.shared.some((path) => path.includes("answer_customer"))).toBe(false);
    // With a worker's real start-up as head start, a project this small is not split.
    expect(planSplit(snapshotProject(nodeHost, p.root), 2)).toBeNull();
  });

  it.each([
    ["json", ["--reporter", "json"]],
    ["the pretty report", []],
    ["a sweep with coverage", ["--reporter", "json", "--seeds", "1..4", "--coverage"]],
    ["bail", ["--reporter", "json", "--bail"]],
    ["a shard", ["--reporter", "json", "--shard", "2/3"]],
    ["a name filter", ["--reporter", "json", "-t", "greets 2"]],
    ["a file selected", ["--reporter", "json", "domains/support/functions/many_003.jadpotest"]],
  ])("reports %s as one thread does", (_what, args) => {
    const p = project();
    const one = p.test([...args, "--workers", "1"], ONE_THREAD);
    const split = p.test([...args, "--workers", "2"], SPLIT);
    expect(split.stderr).toBe(one.stderr);
    expect(steady(split.stdout)).toBe(steady(one.stdout));
    expect(split.code).toBe(one.code);
  });

  it("reports a compile error in a shared-out file as one thread does", () => {
    const p = project();
    p.write("domains/support/functions/many_003.jadpotest", 'test "broken" {\n    assert greting(Locale.en_gb) == "Hello"\n}\n');
    const one = p.test(["--workers", "1"], ONE_THREAD);
    const split = p.test(["--workers", "2"], SPLIT);
    expect(one.stdout).toContain("name.unknown");
    expect(split.stdout).toBe(one.stdout);
    expect(split.code).toBe(1);
  });
});
