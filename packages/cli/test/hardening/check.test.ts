// The reliability probe's compile-time defects, reproduced end to end (in process; by the built binary where a regression would hang): inputs that
// overflowed the stack (D2), backtracked for hours (D4), were quadratic (D5), crashed on links and
// pipes or read outside the project (D6, D11), were refused wrongly (D10), printed without bound
// (D14), or accepted patterns no text matches (D15); and recording names (D17).
import { execFileSync } from "node:child_process";
import { symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "../support/build-cli.ts";
import { copyExample, disposedAfterEach, ExampleCopy } from "../support/example.ts";
import { runJadpoAsync, runJadpoHere, type Run } from "../support/jadpo.ts";

class Project extends ExampleCopy {
  static example(): Project {
    return new Project(copyExample("jadpo-hardening-"));
  }
  check(): Promise<Run> {
    return runJadpoHere(["check"], { cwd: this.root });
  }

  /**
   * By the built binary, killed after a minute: where a regression would hang, it fails instead;
   * and for the largest inputs, which the binary's V8 settings check faster than this process.
   */
  checkBinary(): Promise<Run> {
    return runJadpoAsync(["check"], { cwd: this.root, timeoutMs: 60_000 });
  }
}

const project = disposedAfterEach(() => Project.example());

beforeAll(() => buildCli());

/** The rule lines of a run, in order. */
const rules = (run: Run): string[] => [...run.stdout.matchAll(/^ {2}rule: (\S+)$/gm)].map((m) => m[1]);

describe("no input overflows the stack (D2)", () => {
  it.each([
    ["130,000 bare expressions in one body", "bare.jadpo", `function f() -> Int {\n${"a\n".repeat(130_000)}}\n`],
    ["130,000 names in one use", "u.jadpo", `use support/types { ${"a ".repeat(130_000)}}\n`],
    ["70,000 unknown names", "dups.jadpo", `function f() -> Int {\n${"    var x = zz\n".repeat(70_000)}    return 1\n}\n`],
  ])("%s: diagnostics, capped, and no internal error", async (_, file, text) => {
    const p = project().write(`domains/support/${file}`, text);
    const run = await p.checkBinary();
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain("toolchain.internal_error");
    expect(rules(run).length).toBeLessThanOrEqual(50);
    expect(run.stdout).toMatch(/\n… and \d+ more errors not shown \(at most 50 per file and 500 per run\)\ncheck failed: \d+ errors\n$/);
  });
});

describe("patterns never backtrack (D4) and a pattern no text matches is refused (D15)", () => {
  it("checks a 40-character literal against (a+)+b at once, as a constraint violation", async () => {
    const p = project().write("domains/support/slow.jadpo", [
      'type Slow = Text { pattern: "(a+)+b" }',
      "",
      "function slow() -> Slow {",
      `    return "${"a".repeat(40)}c"`,
      "}",
      "",
    ].join("\n"));
    const run = await p.checkBinary();
    expect(rules(run)).toEqual(["type.constraint_violated"]);
  });

  it.each([
    ["(?!)", "`(?!)` uses lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`), which jadpo can't match in linear time"],
    ["(?=a)b", "`(?=a)b` uses lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`), which jadpo can't match in linear time"],
    ["(a)\\\\1", "`(a)\\\\1` uses a back-reference (`\\\\1`, `\\\\k<name>`), which jadpo can't match in linear time"],
    ["[^\\\\s\\\\S]x", "`pattern` of `P` matches no text at all"],
    ["a^b", "`pattern` of `P` matches no text at all"],
  ])("refuses %s", async (pattern, summary) => {
    const p = project().write("domains/support/odd.jadpo", `type P = Text { pattern: "${pattern}" max_length: 40 }\n`);
    const run = await p.check();
    expect(run.code).toBe(1);
    expect(rules(run)).toEqual(["type.bad_constraint"]);
    expect(run.stdout.split("\n")[0]).toBe(`error: ${summary.replace(/\\\\/g, "\\")} --> domains/support/odd.jadpo:1:${summary.startsWith("`pattern`") ? 17 : 26}`);
  });
});

describe("did you mean stays linear (D5) and messages stay short (D14)", () => {
  it("a 4,000,000-character name is quoted in 80 characters", async () => {
    const name = "x".repeat(4_000_000);
    const p = project().write("domains/support/long.jadpo", `function f() -> Int {\n    return ${name}\n}\n`);
    const run = await p.checkBinary();
    expect(run.stdout.length).toBeLessThan(2_000);
    expect(run.stdout).toContain(`error: \`${"x".repeat(80)}…\` is not defined here --> domains/support/long.jadpo:2:12`);
  });
});

describe("files that can't be read safely (D6, D11)", () => {
  it("a symlink loop anywhere is no internal error; one named as a source is module.unreadable", async () => {
    const p = project();
    symlinkSync("self.txt", join(p.root, "domains/self.txt"));
    symlinkSync("loop.jadpo", join(p.root, "domains/support/loop.jadpo"));
    const run = await p.check();
    expect(run.stdout).toBe([
      "error: `domains/support/loop.jadpo` is skipped: it is a loop of symbolic links --> domains/support/loop.jadpo:1:1",
      "  reason: Only files that are really in the project and can be read are compiled; a loop of links, a pipe or a link that leads outside the project would hang, fail or read someone else's file.",
      "  next: Remove or replace `domains/support/loop.jadpo` with a plain file or folder in the project (human)",
      "  rule: module.unreadable",
      "check failed: 1 error",
      "",
    ].join("\n"));
  });

  it("a folder behind a symbolic link under domains/ is module.unreadable, never followed or dropped silently", async () => {
    const p = project();
    symlinkSync(join(p.root, "domains/support/functions"), join(p.root, "domains/linked"));
    symlinkSync("..", join(p.root, "domains/support/up"));
    symlinkSync(tmpdir(), join(p.root, "outside_docs"));
    const run = await p.check();
    expect(run.stdout).toContain("error: `domains/linked` is skipped: a folder behind a symbolic link is not followed (it could loop, or lead outside the project) --> domains/linked:1:1\n");
    expect(run.stdout).toContain("error: `domains/support/up` is skipped: a folder behind a symbolic link is not followed");
    expect(rules(run)).toEqual(["module.unreadable", "module.unreadable"]);
  });

  it("a FIFO named as a recording is skipped with module.unreadable, without hanging", async () => {
    const p = project();
    execFileSync("mkfifo", [join(p.root, "domains/support/prompts/recordings/answer_question/pipe.json")]);
    const run = await p.checkBinary();
    expect(rules(run)).toEqual(["module.unreadable"]);
    expect(run.stdout).toContain("`domains/support/prompts/recordings/answer_question/pipe.json` is skipped: it is not a regular file (a pipe, socket or device)");
  });

  it("a recording that links outside the project is not read", async () => {
    const p = project();
    const outside = join(tmpdir(), `jadpo-outside-${process.pid}.json`);
    writeFileSync(outside, p.read("domains/support/prompts/recordings/answer_question/sesame.json"));
    symlinkSync(outside, join(p.root, "domains/support/prompts/recordings/answer_question/outside.json"));
    const run = await p.check();
    expect(rules(run)).toEqual(["module.unreadable"]);
    expect(run.stdout).toContain("is skipped: it is a symbolic link to a file outside the project");
    const test = await runJadpoHere(["test"], { cwd: p.root });
    expect(test.code).toBe(1);
    expect(test.stdout).not.toContain("outside recording decodes");
  });
});

describe("recording file names (D17)", () => {
  it("a name that is not lower_snake is test.recording_name, and escape sequences never reach the terminal", async () => {
    const p = project();
    const folder = "domains/support/prompts/recordings/answer_question";
    const sesame = p.read(`${folder}/sesame.json`);
    p.write(`${folder}/\u001b[31mred.json`, sesame);
    const run = await p.check();
    expect(run.stdout).not.toContain("\u001b");
    expect(run.stdout).toBe([
      `error: The recording file \`\\u{1B}[31mred.json\` is not named in lower_snake --> ${folder}/\\u{1B}[31mred.json:1:1`,
      '  reason: A recording\'s file name is its name in `recorded("...")` and in its test\'s name, so it is lower_snake, like `not_covered.json`.',
      "  next: Rename it to `n_31mred.json` (human)",
      "  rule: test.recording_name",
      "check failed: 1 error",
      "",
    ].join("\n"));
  });
});

describe("a T? value in a T? place (D10)", () => {
  it("is accepted in a record field and a list item", async () => {
    const p = project().write("domains/support/boxed.jadpo", [
      "type Box = Object {",
      "    label: Text?",
      "}",
      "",
      "function boxed(t: Text?) -> Box {",
      "    return Box { label: t }",
      "}",
      "",
      "function in_list(t: Text?) -> List<Text?> {",
      "    return [t]",
      "}",
      "",
    ].join("\n"));
    const run = await p.check();
    expect(run.stdout).toMatch(/^✓ Check passed/);
    expect(run.code).toBe(0);
  });
});
