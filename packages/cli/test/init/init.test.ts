// `jadpo init` end to end, in process: writing a new project into temp folders, that project
// passing `jadpo test` at once, and the refusals that write nothing.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runJadpoHere as jadpo } from "../support/jadpo.ts";

const made: string[] = [];
function tempFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "jadpo-init-"));
  made.push(dir);
  return dir;
}

/** Every file below `dir` with its bytes, by relative path. */
function snapshot(dir: string, rel = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) Object.assign(out, snapshot(dir, path));
    else out[path] = readFileSync(join(dir, path)).toString("base64");
  }
  return out;
}

const PROJECT_FILES = [
  "app.jadpo",
  "domains/notes/actions/summarise.jadpo",
  "domains/notes/actions/summarise.test.jadpo",
  "domains/notes/failures.jadpo",
  "domains/notes/fixtures/notes.jadpo",
  "domains/notes/prompts/summarise_note.jadpo",
  "domains/notes/types.jadpo",
  ".gitignore",
];

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe("jadpo init", () => {
  it("writes a project that passes `jadpo test` at once, and prints the files and next steps relative to here", async () => {
    const cwd = tempFolder();
    const init = await jadpo(["init", "my-app"], { cwd });
    expect(init.stderr).toBe("");
    expect(init.code).toBe(0);
    const lines = init.stdout.split("\n");
    expect(lines[0]).toBe("✓ Created a Jadpo project in `my-app`");
    expect(lines.slice(1, 1 + PROJECT_FILES.length)).toEqual(PROJECT_FILES.map((f) => `    my-app/${f}`));
    expect(init.stdout).toContain("→ cd my-app\n→ jadpo test  ");
    expect(init.stdout).toContain("→ jadpo dev  ");
    expect(init.stdout).toContain("docs/getting-started.md");
    expect(Object.keys(snapshot(join(cwd, "my-app"))).sort()).toEqual([...PROJECT_FILES].sort());
    expect(readFileSync(join(cwd, "my-app/.gitignore"), "utf8")).toMatch(/^\.jadpo\/$/m);

    const test = await jadpo(["test"], { cwd: join(cwd, "my-app") });
    expect(test.code).toBe(0);
    const passed = /^✓ (\d+) passed {2}\d+ action tests$/m.exec(test.stdout);
    expect(passed, test.stdout).not.toBeNull();
    expect(Number(passed![1])).toBeGreaterThanOrEqual(3);
    expect((await jadpo(["check"], { cwd: join(cwd, "my-app") })).code).toBe(0);
  });

  it("has a test with a scripted answer, one with a refusal and one with no script", async () => {
    const cwd = tempFolder();
    expect((await jadpo(["init"], { cwd })).code).toBe(0);
    const report = await jadpo(["test", "--reporter", "json"], { cwd });
    const tests = (JSON.parse(report.stdout) as { tests: { name: string; status: string }[] }).tests;
    expect(tests.every((t) => t.status === "passed")).toBe(true);
    const source = readFileSync(join(cwd, "domains/notes/actions/summarise.test.jadpo"), "utf8");
    const bodies = source.split(/^test /m).slice(1);
    expect(bodies).toHaveLength(tests.length);
    expect(bodies.some((b) => /ai\.summarise_note: \[\s*Summary \{/.test(b))).toBe(true);
    expect(bodies.some((b) => /ai\.summarise_note: \[refused\]/.test(b))).toBe(true);
    expect(bodies.some((b) => !b.includes("fakes:"))).toBe(true);
    expect(readFileSync(join(cwd, "app.jadpo"), "utf8")).toContain('env("JADPO_AI_BASE_URL"');
  });

  it("in the current folder prints no `cd` line", async () => {
    const cwd = tempFolder();
    const init = await jadpo(["init"], { cwd });
    expect(init.stdout.split("\n")[0]).toBe("✓ Created a Jadpo project in this folder");
    expect(init.stdout).toContain("    app.jadpo\n");
    expect(init.stdout).not.toContain("→ cd");
  });

  it("twice in one folder gives cli.folder_not_empty, exit 1, and changes nothing", async () => {
    const cwd = tempFolder();
    expect((await jadpo(["init", "app"], { cwd })).code).toBe(0);
    const before = snapshot(cwd);
    const again = await jadpo(["init", "app"], { cwd });
    expect(again.code).toBe(1);
    expect(again.stdout).toBe(
      [
        "error: `app` already holds Jadpo files: `app/app.jadpo`",
        "  reason: `jadpo init` starts a project only in a folder without Jadpo files, so it never overwrites or mixes with another project's.",
        "  next: Run `jadpo init` with a new folder, such as `jadpo init my-app`, or work on the project already there (human)",
        "  rule: cli.folder_not_empty",
        "",
      ].join("\n"),
    );
    expect(snapshot(cwd)).toEqual(before);
  });

  it("refuses a folder holding any Jadpo file, however deep, and writes nothing", async () => {
    const cwd = tempFolder();
    mkdirSync(join(cwd, "old/deep"), { recursive: true });
    writeFileSync(join(cwd, "old/deep/greeting.jadpotest"), 'test "x" { assert true }\n');
    const before = snapshot(cwd);
    const run = await jadpo(["init", "."], { cwd: join(cwd, "old") });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("error: `.` already holds Jadpo files: `deep/greeting.jadpotest`");
    expect(run.stdout).toContain("rule: cli.folder_not_empty");
    expect(snapshot(cwd)).toEqual(before);
  });

  it("works in a folder holding only other files, adding `.jadpo/` to its .gitignore", async () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, "README.md"), "# mine\n");
    writeFileSync(join(cwd, ".gitignore"), "node_modules/");
    mkdirSync(join(cwd, "src"));
    writeFileSync(join(cwd, "src/index.ts"), "export {};\n");
    const init = await jadpo(["init"], { cwd });
    expect(init.code).toBe(0);
    expect(init.stdout).toContain("    .gitignore  (`.jadpo/` added)\n");
    expect(readFileSync(join(cwd, ".gitignore"), "utf8")).toBe("node_modules/\n.jadpo/\n");
    expect(readFileSync(join(cwd, "README.md"), "utf8")).toBe("# mine\n");
    expect((await jadpo(["test"], { cwd })).code).toBe(0);
  });

  it("makes missing folders, and quotes a `cd` path the shell would split", async () => {
    const cwd = tempFolder();
    const init = await jadpo(["init", "projects/my app"], { cwd });
    expect(init.code).toBe(0);
    expect(init.stdout).toContain("→ cd 'projects/my app'\n");
    expect(statSync(join(cwd, "projects/my app/app.jadpo")).isFile()).toBe(true);
  });

  it("refuses a file as the folder with a usage error", async () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, "notes.txt"), "x");
    const run = await jadpo(["init", "notes.txt"], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      [
        "error: `notes.txt` is a file, not a folder",
        "  reason: `jadpo init` writes a new project into a folder: a new one, or one without Jadpo files.",
        "  next: Pass a new folder's name, or an existing folder without Jadpo files (human)",
        "  rule: cli.not_a_folder",
        "",
      ].join("\n"),
    );
    expect(readFileSync(join(cwd, "notes.txt"), "utf8")).toBe("x");
  });

  it("refuses a folder it can't create with cli.folder_unwritable, and writes nothing", async () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, "notes.txt"), "x");
    const before = snapshot(cwd);
    const run = await jadpo(["init", "notes.txt/app"], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      [
        "error: `notes.txt/app` can't be written: ENOTDIR",
        "  reason: `jadpo init` creates the folder and the project's files in it.",
        "  next: Pass a folder you can write to (human)",
        "  rule: cli.folder_unwritable",
        "",
      ].join("\n"),
    );
    expect(snapshot(cwd)).toEqual(before);
  });
});
