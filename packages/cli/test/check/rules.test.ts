// `jadpo check` end to end on every module.* and name.* rule: the whole plain output and the exit code.
import { afterAll, describe, expect, it } from "vitest";
import { runJadpoHere } from "../support/jadpo.ts";
import { lines, project, removeProjects } from "./harness.ts";
import { ruleProjects } from "./rule-projects.ts";

afterAll(() => removeProjects());

async function check(rule: string): Promise<{ stdout: string; code: number | null }> {
  const run = await runJadpoHere(["check"], { cwd: project(ruleProjects[rule]) });
  expect(run.stderr).toBe("");
  return { stdout: run.stdout, code: run.code };
}

describe.concurrent("jadpo check: module rules", () => {
  it("module.not_found suggests the closest module", async () => {
    expect(await check("module.not_found")).toEqual({
      code: 1,
      stdout: lines(
        "error: No module `support/typs` in this project --> domains/support/actions/reply.jadpo:1:5",
        "  reason: A module is a folder or a file under `domains/`, named by its path.",
        "  next: Use `support/types`, the closest module (agent)",
        "  rule: module.not_found",
        "check failed: 1 error",
      ),
    });
  });

  it("module.name_not_found suggests the closest name in the module", async () => {
    expect(await check("module.name_not_found")).toEqual({
      code: 1,
      stdout: lines(
        "error: Module `support/types` has no `SupportAnswr` --> domains/support/actions/reply.jadpo:1:21",
        "  reason: `use` imports names that the module declares at its top level.",
        "  next: Import `SupportAnswer`, the closest name in `support/types` (agent)",
        "  rule: module.name_not_found",
        "check failed: 1 error",
      ),
    });
  });

  it("module.import_cycle names every file of the cycle, once", async () => {
    expect(await check("module.import_cycle")).toEqual({
      code: 1,
      stdout: lines(
        "error: These files import each other in a cycle --> domains/billing/invoices.jadpo:1:5",
        "  cycle: domains/billing/invoices.jadpo → domains/pricing/prices.jadpo → domains/billing/invoices.jadpo",
        "  reason: Files are checked in import order, so `use` edges between files may not form a loop.",
        "  next: Move the shared declarations into a file both can import (agent)",
        "  rule: module.import_cycle",
        "check failed: 1 error",
      ),
    });
  });

  it("module.ambiguous reports a file and a folder with one module path", async () => {
    expect(await check("module.ambiguous")).toEqual({
      code: 1,
      stdout: lines(
        "error: `support/types` is both a folder module and a file module --> domains/support/types.jadpo:1:1",
        "  reason: A module path must name exactly one module, so a file and a folder may not share a path.",
        "  next: Rename the file `domains/support/types.jadpo` or the folder (agent)",
        "  rule: module.ambiguous",
        "check failed: 1 error",
      ),
    });
  });
});

describe.concurrent("jadpo check: name rules", () => {
  it("name.duplicate across a folder module's files, and between tests of one file", async () => {
    expect(await check("name.duplicate")).toEqual({
      code: 1,
      stdout: lines(
        "error: `a greeting` is already declared in this file, on line 1 --> domains/support/answers.test.jadpo:5:6",
        "  reason: Names in one namespace must be unique so every use refers to exactly one declaration.",
        "  next: Rename one of the two (agent)",
        "  rule: name.duplicate",
        "",
        "error: `SupportAnswer` is already declared in domains/support/answers.jadpo:1 --> domains/support/types.jadpo:3:6",
        "  reason: Names in one namespace must be unique so every use refers to exactly one declaration.",
        "  next: Rename one of the two (agent)",
        "  rule: name.duplicate",
        "check failed: 2 errors",
      ),
    });
  });

  it("name.casing gives the spelling each name should have", async () => {
    const reason = "  reason: Types and failures are UpperCamel; values, fields, actions, functions, prompts, enum members and fixtures are lower_snake, so a name tells what it is.";
    expect(await check("name.casing")).toEqual({
      code: 1,
      stdout: lines(
        "error: `support_answer` should be written `SupportAnswer` --> domains/support/types.jadpo:1:6",
        reason,
        "  next: Rename it to `SupportAnswer` (agent)",
        "  rule: name.casing",
        "",
        "error: `resolvedByArticles` should be written `resolved_by_articles` --> domains/support/types.jadpo:2:5",
        reason,
        "  next: Rename it to `resolved_by_articles` (agent)",
        "  rule: name.casing",
        "",
        "error: `Shorten` should be written `shorten` --> domains/support/types.jadpo:5:10",
        reason,
        "  next: Rename it to `shorten` (agent)",
        "  rule: name.casing",
        "check failed: 3 errors",
      ),
    });
  });

  it("name.reserved keeps generate, stream and embed for the ai namespace", async () => {
    expect(await check("name.reserved")).toEqual({
      code: 1,
      stdout: lines(
        "error: `generate` is reserved and can't name a prompt --> domains/support/prompts.jadpo:1:8",
        "  reason: `ai.generate`, `ai.stream` and `ai.embed` share the `ai.` namespace with prompts.",
        "  next: Choose another name for the prompt (agent)",
        "  rule: name.reserved",
        "check failed: 1 error",
      ),
    });
  });

  it("name.unknown reports a name nothing declares", async () => {
    const run = await check("name.unknown");
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^error: `greting` is not defined here --> domains\/support\/actions\/reply\.jadpo:4:64\n/);
    expect(run.stdout).toContain("  rule: name.unknown\ncheck failed: 1 error\n");
  });
});
