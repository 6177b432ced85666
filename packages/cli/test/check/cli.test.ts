// `jadpo check` and the global command line end to end: passing, no project, usage errors, help,
// version, the three diagnostic formats and colour settings.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printedBy } from "../dev/page-blocks.ts";
import { repo, runJadpoAllHere, runJadpoHere } from "../support/jadpo.ts";
import { lines, project, removeProjects } from "./harness.ts";
import { ruleProjects } from "./rule-projects.ts";

const ANSI = /\u001b\[/;
let empty: string;
/** A folder holding a copy of the example at `examples/support`: a check's cache is written there, not in the checkout. */
let copy: string;

beforeAll(() => {
  empty = mkdtempSync(join(tmpdir(), "jadpo-no-project-"));
  copy = mkdtempSync(join(tmpdir(), "jadpo-check-cli-"));
  cpSync(join(repo, "examples/support"), join(copy, "examples/support"), { recursive: true });
  rmSync(join(copy, "examples/support/.jadpo"), { recursive: true, force: true });
});
afterAll(() => {
  removeProjects();
  rmSync(empty, { recursive: true, force: true });
  rmSync(copy, { recursive: true, force: true });
});


describe.concurrent("jadpo check", () => {
  it("passes the example app with the count of files and declarations", async () => {
    expect(await runJadpoHere(["check", "examples/support"], { cwd: copy })).toEqual({ code: 0, stderr: "", stdout: "✓ Check passed  18 files · 52 declarations\n" });
  });

  it("prints what docs/cli.md shows for `jadpo check examples/support` and `jadpo check --colour never`", async () => {
    for (const command of ["check examples/support", "check --colour never"]) {
      const run = await runJadpoHere(command.split(" "), { cwd: copy });
      expect((run.stdout + run.stderr).trimEnd().split("\n"), command).toEqual(printedBy("docs/cli.md", `jadpo ${command}`));
    }
  });

  it("finds the project from a file or folder inside it", async () => {
    const root = project({ "domains/a/b.jadpo": "type B = Text\n" });
    expect((await runJadpoHere(["check", "domains/a/b.jadpo"], { cwd: root })).stdout).toBe("✓ Check passed  2 files · 1 declaration\n");
    expect((await runJadpoHere(["check"], { cwd: join(root, "domains/a") })).stdout).toBe("✓ Check passed  2 files · 1 declaration\n");
  });

  it("prints paths relative to the current directory", async () => {
    const root = project(ruleProjects["module.not_found"]);
    const run = await runJadpoHere(["check", basename(root)], { cwd: dirname(root) });
    expect(run.stdout.split("\n")[0]).toBe(
      `error: No module \`support/typs\` in this project --> ${basename(root)}/domains/support/actions/reply.jadpo:1:5`,
    );
    const inside = await runJadpoHere(["check"], { cwd: join(root, "domains/support") });
    expect(inside.stdout.split("\n")[0]).toBe("error: No module `support/typs` in this project --> actions/reply.jadpo:1:5");
  });

  it("says there is no project when no folder above holds app.jadpo (exit 1)", async () => {
    expect(await runJadpoHere(["check"], { cwd: empty })).toEqual({
      code: 1,
      stderr: "",
      stdout: lines(
        "error: No Jadpo project at or above `.`",
        "  reason: A project is the folder holding `app.jadpo`; commands find it by walking up from the path given.",
        "  next: Run the command inside a project or pass its path, or make a project with `jadpo init <folder>` (human)",
        "  rule: cli.no_project",
        "check failed: 1 error",
      ),
    });
  });

  it("reports a path that doesn't exist as a usage error (exit 2)", async () => {
    expect(await runJadpoHere(["check", "nowhere"], { cwd: empty })).toEqual({
      code: 2,
      stdout: "",
      stderr: lines(
        "error: There is no file or folder `nowhere`",
        "  reason: A path on the command line is read from the current directory, and must exist.",
        "  next: Check the path, or pass the path of a project, or of a file or folder in one (human)",
        "  rule: cli.path_not_found",
      ),
    });
  });

  it("prints diagnostics as one JSON object with --diagnostic-format json", async () => {
    const root = project(ruleProjects["module.name_not_found"]);
    const run = await runJadpoHere(["check", "--diagnostic-format", "json"], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stdout.endsWith("}\n")).toBe(true);
    expect(JSON.parse(run.stdout)).toEqual({
      schemaVersion: 1,
      command: "check",
      status: "failed",
      files: 3,
      declarations: 2,
      diagnostics: [
        {
          rule: "module.name_not_found",
          summary: "Module `support/types` has no `SupportAnswr`",
          file: "domains/support/actions/reply.jadpo",
          line: 1,
          column: 21,
          start_byte: 20,
          end_byte: 32,
          details: [],
          reason: "`use` imports names that the module declares at its top level.",
          next: "Import `SupportAnswer`, the closest name in `support/types`",
          owner: "agent",
          fixes: [{
            title: "Change to `SupportAnswer`",
            edits: [{
              file: "domains/support/actions/reply.jadpo", line: 1, column: 21, end_line: 1, end_column: 33, start_byte: 20, end_byte: 32, text: "SupportAnswer",
            }],
          }],
        },
      ],
    });
    const passed = await runJadpoHere(["check", "examples/support", "--diagnostic-format=json"], { cwd: copy });
    expect(passed).toEqual({
      code: 0,
      stderr: "",
      stdout: '{"schemaVersion":1,"command":"check","status":"passed","files":18,"declarations":52,"diagnostics":[]}\n',
    });
    const none = await runJadpoHere(["check", "--diagnostic-format", "json"], { cwd: empty });
    expect(none.code).toBe(1);
    expect(JSON.parse(none.stdout).diagnostics.map((d: { rule: string }) => d.rule)).toEqual(["cli.no_project"]);
  });

  it("adds a code frame in the pretty format", async () => {
    const root = project(ruleProjects["module.not_found"]);
    expect(await runJadpoHere(["check", "--diagnostic-format", "pretty"], { cwd: root })).toEqual({
      code: 1,
      stderr: "",
      stdout: lines(
        "error: No module `support/typs` in this project --> domains/support/actions/reply.jadpo:1:5",
        "  1 | use support/typs { SupportAnswer }",
        "    |     ^^^^^^^^^^^^",
        "  reason: A module is a folder or a file under `domains/`, named by its path.",
        "  next: Use `support/types`, the closest module (agent)",
        "  rule: module.not_found",
        "check failed: 1 error",
      ),
    });
  });
});

describe.concurrent("colour", () => {
  const failing = () => project(ruleProjects["module.not_found"]);
  const pretty = ["check", "--diagnostic-format", "pretty"];

  it("is off without a terminal, with NO_COLOR, with FORCE_COLOR=0 and with --color never", async () => {
    const root = failing();
    for (const [args, env] of [
      [pretty, { NO_COLOR: undefined }],
      [pretty, { NO_COLOR: "1" }],
      [pretty, { NO_COLOR: undefined, FORCE_COLOR: "0" }],
      [[...pretty, "--color", "never"], { NO_COLOR: undefined, FORCE_COLOR: "1" }],
      [["check", "--color=never"], { NO_COLOR: undefined }],
    ] as const) {
      const run = await runJadpoHere([...args], { cwd: root, env });
      const label = `${args.join(" ")} ${JSON.stringify(env)}`;
      expect({ code: run.code, stderr: run.stderr }, label).toEqual({ code: 1, stderr: "" });
      expect(run.stdout, label).toMatch(/^error: No module/);
      expect(run.stdout, label).not.toMatch(ANSI);
    }
    const passed = await runJadpoHere(["check", "--color", "never"], { cwd: join(copy, "examples/support"), env: { NO_COLOR: "1" } });
    expect(passed).toEqual({ code: 0, stderr: "", stdout: "✓ Check passed  18 files · 52 declarations\n" });
  });

  it("is on with --color always (even with NO_COLOR) and with FORCE_COLOR", async () => {
    const root = failing();
    const always = await runJadpoHere([...pretty, "--color", "always"], { cwd: root, env: { NO_COLOR: "1" } });
    expect(always.stderr).toBe("");
    expect(always.stdout).toMatch(ANSI);
    expect(always.stdout.replace(/\u001b\[[0-9;]*m/g, "")).toBe((await runJadpoHere(pretty, { cwd: root })).stdout);
    expect((await runJadpoHere(pretty, { cwd: root, env: { NO_COLOR: undefined, FORCE_COLOR: "1" } })).stdout).toMatch(ANSI);
    const passed = await runJadpoHere(["check", "--color", "always"], { cwd: join(copy, "examples/support"), env: { NO_COLOR: undefined } });
    expect(passed).toEqual({ code: 0, stderr: "", stdout: "\u001b[32m\u001b[1m✓\u001b[22m\u001b[39m Check passed  18 files · 52 declarations\n" });
  });
});

describe.concurrent("the command line", () => {
  it("prints the version", async () => {
    expect(await runJadpoHere(["--version"], { cwd: empty })).toEqual({ code: 0, stderr: "", stdout: "0.1.0\n" });
  });

  it("prints help for jadpo and for a command", async () => {
    const help = await runJadpoHere(["--help"], { cwd: empty });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: jadpo \[options\] \[command\]\n/);
    for (const command of ["check", "test", "ai", "dev"]) expect(help.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    const check = await runJadpoHere(["check", "--help"], { cwd: empty });
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/^Usage: jadpo check \[options\] \[path\]\n/);
    expect(check.stdout).toContain("--diagnostic-format <format>");
    const helpCommand = await runJadpoHere(["help"], { cwd: empty });
    expect(helpCommand).toEqual({ ...help, stdout: help.stdout });
    expect(helpCommand.stdout).toMatch(/^  help \[command\] +print help for jadpo or a command$/m);
    expect(await runJadpoHere(["help", "check"], { cwd: empty })).toEqual(check);
  });

  it("turns every usage error into the cli rule that says what went wrong, on standard error (exit 2)", async () => {
    const help = (command: string) => `Run \`${command} --help\` to see what it takes`;
    const cases: [string[], string, string, string, string][] = [
      [["chek"], "`jadpo chek` is not a command", "The commands are the ones `jadpo --help` lists.", "Run `jadpo check`", "cli.unknown_command"],
      [["frobnicate"], "`jadpo frobnicate` is not a command", "The commands are the ones `jadpo --help` lists.", "Run `jadpo --help` to see the commands", "cli.unknown_command"],
      [["ai", "recrod"], "`jadpo ai recrod` is not a command", "The commands are the ones `jadpo ai --help` lists.", "Run `jadpo ai record`", "cli.unknown_command"],
      [["check", "--colour", "never"], "`jadpo check` has no flag `--colour`", "A command takes only the flags its `--help` lists.", "Write `--color`", "cli.unknown_option"],
      [["check", "--verbose"], "`jadpo check` has no flag `--verbose`", "A command takes only the flags its `--help` lists.", help("jadpo check"), "cli.unknown_option"],
      [["check", "--color", "blue"], "`--color` takes auto, always or never, not `blue`", "A flag's value must be one its `--help` line describes.", "Write `--color never`, say", "cli.bad_option"],
      [["check", "--diagnostic-format=xml"], "`--diagnostic-format` takes pretty, plain or json, not `xml`", "A flag's value must be one its `--help` line describes.", "Write `--diagnostic-format plain`, say", "cli.bad_option"],
      [["dev", "--port", "70000"], "`--port` takes a whole number from 0 to 65535, not `70000`", "A flag's value must be one its `--help` line describes.", "Write `--port 3001`, say", "cli.bad_option"],
      [["dev", "--action-timeout", "0"], "`--action-timeout` takes a duration such as 500ms, 30s or 2m, not `0`", "A flag's value must be one its `--help` line describes.", "Write `--action-timeout 2m`, say", "cli.bad_option"],
      [["test", "--seed", "-1"], "`--seed` takes a whole number, 0 or more, not `-1`", "A flag's value must be one its `--help` line describes.", "Write `--seed 7`, say", "cli.bad_option"],
      [["check", "--diagnostic-format"], "`--diagnostic-format` needs a value", "A flag shown with `<…>` in the help takes a value after it: `--diagnostic-format value` or `--diagnostic-format=value`.", "Write `--diagnostic-format plain`, say", "cli.missing_value"],
      [["check", "a", "b"], "`jadpo check` takes at most 1 argument, got 2", "The command's help shows every argument it takes.", help("jadpo check"), "cli.too_many_arguments"],
      [["ai", "show"], "`jadpo ai show` needs `<prompt>`, the prompt to show", "The command's help shows what it takes: `<…>` is required, `[…]` optional.", help("jadpo ai show"), "cli.missing_argument"],
      [["ai", "record", "answer_question"], "`jadpo ai record` needs `--as`, the recording's name", "The command can't run without it: it has no default.", "Write `--as first_answer`, say", "cli.missing_option"],
      [[], "No command given", "`jadpo` does one job per run, and the command names it.", "Run `jadpo check` to check the project, or `jadpo --help` to see every command", "cli.no_command"],
    ];
    const runs = await runJadpoAllHere(cases.map(([args]) => ({ args, options: { cwd: empty } })));
    for (const [i, [args, summary, reason, next, rule]] of cases.entries()) {
      expect(runs[i], args.join(" ")).toEqual({
        code: 2,
        stdout: "",
        stderr: lines(`error: ${summary}`, `  reason: ${reason}`, `  next: ${next} (human)`, `  rule: ${rule}`),
      });
    }
  });
});
