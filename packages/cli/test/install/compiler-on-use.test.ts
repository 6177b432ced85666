// `jadpo test` and `jadpo check` load the compiler (and the runtime) only when they compile: an
// answer from the project's cache reads neither script, only the command's own (build/README.md);
// `jadpo fmt` loads the compiler and never the runtime.
// A probe reports each read of a script of the built `dist/`.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyExample, disposedAfterEach } from "../support/example.ts";
import { runJadpo } from "../support/jadpo.ts";

const PROBE = `data:text/javascript,${encodeURIComponent(`
import fs from "node:fs";
const read = fs.readFileSync;
fs.readFileSync = function (path, ...rest) {
  const script = /[\\\\/]dist[\\\\/]([\\w-]+\\.cjs)$/.exec(String(path));
  if (script) process.stderr.write("script read: " + script[1] + "\\n");
  return read.call(this, path, ...rest);
};`)}`;

/**
 * A copy of the example, removed after its test. copyExample leaves out the example's own cache
 * (.jadpo/), which a checkout may hold: the copy starts cold.
 */
const example = disposedAfterEach(() => {
  const root = copyExample("jadpo-on-use-");
  return { root, dispose: () => rmSync(root, { recursive: true, force: true }) };
});

/** The scripts one run read, in order. */
function scriptsRead(project: string, args: string[]): string[] {
  const run = runJadpo(args, { cwd: project, nodeArgs: ["--import", PROBE] });
  expect(run.code).toBe(0);
  return [...run.stderr.matchAll(/^script read: (.*)$/gm)].map((match) => match[1]);
}

describe("the compiler and the runtime", () => {
  it("load once for a run that compiles, and not at all for a `jadpo test` shown from the cache", () => {
    const project = example().root;
    expect(scriptsRead(project, ["test"])).toEqual(["jadpo-test.cjs", "compiler.cjs", "runtime.cjs"]);
    expect(scriptsRead(project, ["test"])).toEqual(["jadpo-test.cjs"]);
  });

  it("are not loaded by a `jadpo check` answered from the cache", () => {
    const project = example().root;
    // The example has recordings: a check that compiles decodes them (the next test).
    expect(scriptsRead(project, ["check"])).toEqual(["jadpo-check.cjs", "compiler.cjs", "recording-decoder.cjs"]);
    expect(scriptsRead(project, ["check"])).toEqual(["jadpo-check.cjs"]);
  });

  it("are the compiler alone for `jadpo fmt`, which runs nothing", () => {
    expect(scriptsRead(example().root, ["fmt", "--check"])).toEqual(["jadpo-fmt.cjs", "compiler.cjs"]);
  });

  it("decode a project's recordings for `jadpo check` without loading the runtime's test runner", () => {
    const project = example().root;
    // A recording that no longer decodes: the check reports it, so the decoding did run.
    writeFileSync(join(project, "domains/support/prompts/recordings/answer_question/sesame.json"), "{}\n");
    const run = runJadpo(["check"], { cwd: project, nodeArgs: ["--import", PROBE] });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("test.recording_undecodable");
    // The decoder is a script of its own; the runtime's (the runner, the interpreter) is never read.
    expect([...run.stderr.matchAll(/^script read: (.*)$/gm)].map((match) => match[1]))
      .toEqual(["jadpo-check.cjs", "compiler.cjs", "recording-decoder.cjs"]);
  });
});
