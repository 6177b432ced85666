// Bounded output (D14) in the commands other than `check`: compile errors that stop `jadpo test`,
// and a `jadpo dev` build with errors, show at most 50 per file and 500 per run, then the same
// closing line `check` prints (the commands run in this process).
import { afterEach, describe, expect, it } from "vitest";
import { copyExample, disposedAfterEach, ExampleCopy } from "../support/example.ts";
import { runJadpoHere } from "../support/jadpo.ts";
import { RunningDev, stopAll } from "../dev/dev-server.ts";

class Project extends ExampleCopy {
  static example(): Project {
    return new Project(copyExample("jadpo-hardening-limits-"));
  }
}

const project = disposedAfterEach(() => Project.example());

afterEach(() => stopAll());

/** `count` unknown names, each its own mistake, in one function of one file. */
function unknownNames(count: number, fn = "f"): string {
  const lines = Array.from({ length: count }, (_, i) => `    var x${i} = zz${i}`);
  return `function ${fn}() -> Int {\n${lines.join("\n")}\n    return 1\n}\n`;
}

const rules = (text: string): string[] => [...text.matchAll(/^ {2}rule: (\S+)$/gm)].map((m) => m[1]);

describe("jadpo test: compile errors past the limits", () => {
  it("shows the first 50 of a file, then says how many more, and counts them all", async () => {
    const p = project().write("domains/support/many.jadpo", unknownNames(60));
    const run = await runJadpoHere(["test"], { cwd: p.root });
    expect(run.code).toBe(1);
    expect(rules(run.stdout)).toEqual(Array(50).fill("name.unknown"));
    expect(run.stdout).toMatch(/\n {2}rule: name\.unknown\n… and 10 more errors not shown \(at most 50 per file and 500 per run\)\ntest failed: 60 compile errors\n$/);
    const json = JSON.parse((await runJadpoHere(["test", "--reporter", "json"], { cwd: p.root })).stdout);
    expect(json.diagnostics).toHaveLength(50);
    expect(json.summary.text).toBe("test failed: 60 compile errors");
    const junit = (await runJadpoHere(["test", "--reporter", "junit"], { cwd: p.root })).stdout;
    expect(junit.match(/<testcase /g)).toHaveLength(50);
    expect(junit).toMatch(/<\/testcase>\n {4}<system-out>… and 10 more errors not shown \(at most 50 per file and 500 per run\)<\/system-out>\n {2}<\/testsuite>\n<\/testsuites>\n$/);
  });

  it("shows 500 in a run of 11 files, then says how many more", async () => {
    const p = project();
    for (let i = 0; i < 11; i++) p.write(`domains/support/many_${i}.jadpo`, unknownNames(50, `f${i}`));
    const run = await runJadpoHere(["test"], { cwd: p.root });
    expect(rules(run.stdout)).toHaveLength(500);
    expect(run.stdout).toMatch(/\n… and 50 more errors not shown \(at most 50 per file and 500 per run\)\ntest failed: 550 compile errors\n$/);
  });
});

describe("jadpo dev: a build with errors past the limits", () => {
  it("shows the first 50 of a file, then says how many more", async () => {
    const p = project().write("domains/support/many.jadpo", unknownNames(60));
    const dev = await RunningDev.start(p.root);
    await dev.jadpo.waitFor(/build failed: 60 errors; actions answer 503 until the project compiles/);
    expect(rules(dev.stdout)).toEqual(Array(50).fill("name.unknown"));
    expect(dev.stdout).toContain("\n  rule: name.unknown\n\n… and 10 more errors not shown (at most 50 per file and 500 per run)\n\n");
  });
});
