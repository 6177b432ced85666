// `jadpo fmt` end to end (in process): rewriting the project's files and listing them, `--check`,
// `--stdin`, paths, syntax errors left alone, and usage errors.
import { chmodSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatSource } from "@jadpo/compiler";
import { runJadpoHere } from "../support/jadpo.ts";
import { lines, project, removeProjects, writeFiles } from "../check/harness.ts";

afterAll(removeProjects);

const MESSY = "type  Tone=Enum{calm,cross}\nfunction f(t:Tone)->Int{return 1}\n";
const TIDY = lines("type Tone = Enum { calm  cross }", "", "function f(t: Tone) -> Int {", "    return 1", "}");
const BROKEN = "type A = Text {\nfunction f( { }\n";

const read = (root: string, path: string) => readFileSync(join(root, path), "utf8");

describe("jadpo fmt", () => {
  it("rewrites the project's files that change, lists them one a line, exit 0", async () => {
    const root = project({ "app.jadpo": "locales {default:\"en-GB\"}\n", "domains/a/a.jadpo": MESSY, "domains/a/tidy.jadpo": TIDY, "domains/a/a.test.jadpo": "test \"t\"{assert f(Tone.calm)==1}\n" });
    const run = await runJadpoHere(["fmt"], { cwd: join(root, "domains") });
    expect(run).toEqual({ code: 0, stderr: "", stdout: lines("../app.jadpo", "a/a.jadpo", "a/a.test.jadpo") });
    expect(read(root, "domains/a/a.jadpo")).toBe(TIDY);
    expect(read(root, "app.jadpo")).toBe("locales { default: \"en-GB\" }\n");
    expect(read(root, "domains/a/a.test.jadpo")).toBe(lines("test \"t\" {", "    assert f(Tone.calm) == 1", "}"));
    // No temporary file left beside them; a second run has nothing to do.
    expect(readdirSync(join(root, "domains/a")).sort()).toEqual(["a.jadpo", "a.test.jadpo", "tidy.jadpo"]);
    expect(await runJadpoHere(["fmt"], { cwd: root })).toEqual({ code: 0, stderr: "", stdout: "" });
  });

  it("keeps a file's permissions, and a link (the file it leads to is rewritten)", async () => {
    const root = project({ "domains/a/a.jadpo": MESSY, "elsewhere/b.txt": MESSY });
    chmodSync(join(root, "domains/a/a.jadpo"), 0o640);
    symlinkSync(join(root, "elsewhere/b.txt"), join(root, "domains/a/b.jadpo"));
    expect(await runJadpoHere(["fmt", "domains/a/a.jadpo", "domains/a/b.jadpo"], { cwd: root })).toMatchObject({ code: 0, stdout: lines("domains/a/a.jadpo", "domains/a/b.jadpo") });
    expect(statSync(join(root, "domains/a/a.jadpo")).mode & 0o777).toBe(0o640);
    expect(lstatSync(join(root, "domains/a/b.jadpo")).isSymbolicLink()).toBe(true);
    expect(read(root, "elsewhere/b.txt")).toBe(TIDY);
  });

  it("rewrites many files, several writes in flight at once: each listed in order, permissions and links kept, nothing left over", async () => {
    const files: Record<string, string> = {};
    const names = Array.from({ length: 30 }, (_, i) => `domains/d${String(i).padStart(2, "0")}/a.jadpo`);
    for (const name of names) files[name] = MESSY;
    files["domains/d05/tidy.jadpo"] = TIDY;
    files["elsewhere/b.txt"] = MESSY;
    const root = project(files);
    chmodSync(join(root, "domains/d20/a.jadpo"), 0o640);
    symlinkSync(join(root, "elsewhere/b.txt"), join(root, "domains/d25/b.jadpo"));
    const run = await runJadpoHere(["fmt"], { cwd: root });
    expect(run).toEqual({ code: 0, stderr: "", stdout: lines(...[...names, "domains/d25/b.jadpo"].sort()) });
    for (const name of names) expect(read(root, name)).toBe(TIDY);
    expect(statSync(join(root, "domains/d20/a.jadpo")).mode & 0o777).toBe(0o640);
    expect(lstatSync(join(root, "domains/d25/b.jadpo")).isSymbolicLink()).toBe(true);
    expect(read(root, "elsewhere/b.txt")).toBe(TIDY);
    expect(readdirSync(join(root, "domains/d29"))).toEqual(["a.jadpo"]);
    expect(await runJadpoHere(["fmt", "--check"], { cwd: root })).toEqual({ code: 0, stderr: "", stdout: "" });
  });

  it("--check changes nothing, lists what would change and exits 1; 0 when all is formatted", async () => {
    const root = project({ "domains/a/a.jadpo": MESSY, "domains/a/tidy.jadpo": TIDY });
    expect(await runJadpoHere(["fmt", "--check"], { cwd: root })).toEqual({ code: 1, stderr: "", stdout: "domains/a/a.jadpo\n" });
    expect(read(root, "domains/a/a.jadpo")).toBe(MESSY);
    expect(await runJadpoHere(["fmt", "--check", "domains/a/tidy.jadpo"], { cwd: root })).toEqual({ code: 0, stderr: "", stdout: "" });
  });

  it("formats the files under the paths given, skipping build output, state and dependencies; a named file whatever its name", async () => {
    const root = project({
      "domains/a/a.jadpo": MESSY, "domains/b/b.jadpo": MESSY, "build/x.jadpo": MESSY, "domains/node_modules/m.jadpo": MESSY,
      ".jadpo/y.jadpo": MESSY, "notes.txt": MESSY,
    });
    const run = await runJadpoHere(["fmt", "--check", "domains/a", "domains/b/b.jadpo", root, "notes.txt"], { cwd: root });
    expect(run).toEqual({ code: 1, stderr: "", stdout: lines("domains/a/a.jadpo", "domains/b/b.jadpo", "notes.txt") });
  });

  it("needs no project for the paths it is given", async () => {
    const root = project({});
    mkdirSync(join(root, "loose"));
    writeFiles(root, { "loose/x.jadpo": MESSY });
    expect(await runJadpoHere(["fmt", "loose/x.jadpo"], { cwd: root })).toMatchObject({ code: 0, stdout: "loose/x.jadpo\n" });
    expect(read(root, "loose/x.jadpo")).toBe(TIDY);
  });

  it("leaves a file with a syntax error as it is, prints its diagnostics on standard error, exit 1; formats the others", async () => {
    const root = project({ "domains/a/a.jadpo": MESSY, "domains/a/broken.jadpo": BROKEN });
    const run = await runJadpoHere(["fmt"], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("domains/a/a.jadpo\n");
    expect(run.stderr).toContain("error: Expected");
    expect(run.stderr).toContain("--> domains/a/broken.jadpo:2:");
    expect(run.stderr).toContain("rule: syntax.expected");
    expect(run.stderr.endsWith("fmt: 1 file left as it is: fix the syntax errors above, then run it again\n")).toBe(true);
    expect(read(root, "domains/a/broken.jadpo")).toBe(BROKEN);
  });
});

describe("jadpo fmt --stdin", () => {
  it("formats standard input to standard output, without a project", async () => {
    const root = project({});
    expect(await runJadpoHere(["fmt", "--stdin"], { cwd: join(root, ".."), input: MESSY })).toEqual({ code: 0, stderr: "", stdout: TIDY });
  });

  it("on a syntax error prints nothing on standard output, the diagnostics on standard error, exit 1", async () => {
    const run = await runJadpoHere(["fmt", "--stdin"], { cwd: project({}), input: BROKEN });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("--> <stdin>:2:");
    const expected = formatSource("<stdin>", BROKEN);
    expect(expected.ok).toBe(false);
    if (!expected.ok) for (const d of expected.diagnostics) expect(run.stderr).toContain(`rule: ${d.rule}`);
  });

  it("with --check: exit 1 and `<stdin>` when it would change, else exit 0 and nothing", async () => {
    const root = project({});
    expect(await runJadpoHere(["fmt", "--stdin", "--check"], { cwd: root, input: MESSY })).toEqual({ code: 1, stderr: "", stdout: "<stdin>\n" });
    expect(await runJadpoHere(["fmt", "--stdin", "--check"], { cwd: root, input: TIDY })).toEqual({ code: 0, stderr: "", stdout: "" });
  });
});

describe("jadpo fmt's usage errors", () => {
  it("a path that doesn't exist (exit 2), --stdin with paths (exit 2), no project (exit 1)", async () => {
    const root = project({});
    const missing = await runJadpoHere(["fmt", "nope"], { cwd: root });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("rule: cli.path_not_found");
    const both = await runJadpoHere(["fmt", "--stdin", "app.jadpo"], { cwd: root, input: "" });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("error: `--stdin` and `app.jadpo` can't be used together");
    expect(both.stderr).toContain("rule: cli.conflicting_options");
    const none = await runJadpoHere(["fmt"], { cwd: join(root, "..") });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("rule: cli.no_project");
  });
});
