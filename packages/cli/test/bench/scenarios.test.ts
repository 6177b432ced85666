// The benchmarks' generated projects must stay valid Jadpo: a language change that makes them fail
// to check (action names became unique across a project, once) would otherwise show only when
// someone next runs `pnpm bench`, as a crash instead of a figure.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeCheckProject } from "../../../../bench/scenarios/check-project.ts";
import { writeJadpoProject } from "../../../../bench/scenarios/jadpo.ts";
import { writeToolProject } from "../../../../bench/scenarios/tools.ts";
import { runJadpoHere } from "../support/jadpo.ts";

const roots: string[] = [];
function freshRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "jadpo-bench-scenario-"));
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("the benchmarks' generated projects", () => {
  it("the check project (several domains) checks without a diagnostic, and its tests pass", async () => {
    const root = freshRoot();
    const size = writeCheckProject(root, 1_500);
    expect(size.files).toBeGreaterThan(8);
    const check = await runJadpoHere(["check"], { cwd: root, env: { JADPO_CACHE: "off" } });
    expect(check.stderr).toBe("");
    expect(check.code).toBe(0);
    const test = await runJadpoHere(["test"], { cwd: root, env: { JADPO_CACHE: "off" } });
    expect(test.code, test.stdout + test.stderr).toBe(0);
  });

  it("the single-call and tool-loop test projects pass", async () => {
    const single = freshRoot();
    writeJadpoProject(single, 150);
    const tools = freshRoot();
    writeToolProject(tools, "tool-loop", 150);
    for (const cwd of [single, tools]) {
      const run = await runJadpoHere(["test"], { cwd, env: { JADPO_CACHE: "off" } });
      expect(run.code, run.stdout + run.stderr).toBe(0);
    }
  });
});
