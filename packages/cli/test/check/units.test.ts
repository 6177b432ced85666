// The CLI's own pieces, in-process: colour decisions, usage errors, the file-system host and the
// internal-error report.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { slashPath } from "@jadpo/compiler";
import { colorEnabled, terminalFor } from "../../src/terminal.ts";
import { memoryContext } from "../../src/context.ts";
import { runCli } from "../../src/program.ts";
import { nodeHost } from "../../src/node-host.ts";
import { reportInternalError } from "../../src/internal-error.ts";
import { keyEcho } from "@jadpo/runtime/drivers";
import { displayPaths } from "../../src/project.ts";
import { CommanderError } from "commander";
import { commanderUsage, JadpoCommand } from "../../src/usage.ts";

const temp = mkdtempSync(join(tmpdir(), "jadpo-cli-units-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe("colour", () => {
  it("follows --color first, then NO_COLOR, then FORCE_COLOR, then the terminal", () => {
    expect(colorEnabled("always", { NO_COLOR: "1" }, false)).toBe(true);
    expect(colorEnabled("never", { FORCE_COLOR: "1" }, true)).toBe(false);
    expect(colorEnabled("auto", { NO_COLOR: "1" }, true)).toBe(false);
    expect(colorEnabled("auto", { NO_COLOR: "" }, true)).toBe(true);
    expect(colorEnabled("auto", { NO_COLOR: "1", FORCE_COLOR: "1" }, true)).toBe(false);
    expect(colorEnabled("auto", { FORCE_COLOR: "0" }, true)).toBe(false);
    expect(colorEnabled("auto", { FORCE_COLOR: "false" }, true)).toBe(false);
    expect(colorEnabled("auto", { FORCE_COLOR: "1" }, false)).toBe(true);
    expect(colorEnabled("auto", { FORCE_COLOR: "" }, false)).toBe(true);
    expect(colorEnabled("auto", {}, true)).toBe(true);
    expect(colorEnabled("auto", {}, false)).toBe(false);
    expect(colorEnabled("auto", { TERM: "dumb" }, true)).toBe(false);
  });

  it("paints with ANSI codes only when colour is on", () => {
    const tty = { write: () => {}, isTTY: true, columns: 100 };
    expect(terminalFor(tty, {}, "auto").paint.error("x")).toBe("\u001b[31m\u001b[1mx\u001b[22m\u001b[39m");
    expect(terminalFor(tty, { NO_COLOR: "1" }, "auto").paint.error("x")).toBe("x");
    expect(terminalFor(tty, {}, "auto").width).toBe(100);
    expect(terminalFor({ ...tty, isTTY: false }, {}, "auto").width).toBeNull();
  });
});

describe("runCli", () => {
  it("prints help and the version to standard output, exit 0", async () => {
    const help = memoryContext(temp);
    expect(await runCli(["--help"], help.context)).toBe(0);
    expect(help.stdout()).toMatch(/^Usage: jadpo/);
    expect(help.stderr()).toBe("");
    const version = memoryContext(temp);
    expect(await runCli(["--version"], version.context)).toBe(0);
    expect(version.stdout()).toBe("0.1.0\n");
  });

  it("never lets commander's own error text through", async () => {
    for (const argv of [["nope"], ["check", "--nope"], ["check", "--color"], ["check", "1", "2", "3"], ["--color", "pink", "check"]]) {
      const run = memoryContext(temp);
      expect(await runCli(argv, run.context)).toBe(2);
      expect(run.stdout()).toBe("");
      expect(run.stderr()).toMatch(/^error: .+\n {2}reason: .+\n {2}next: .+ \(human\)\n {2}rule: cli\.[a-z_]+\n$/);
      expect(run.stderr()).not.toMatch(/error: (unknown|too many|option)/);
    }
  });

  it("says a commander error no rule covers as cli.usage, naming the command's help", () => {
    const program = new JadpoCommand("jadpo");
    const check = program.command("check") as JadpoCommand;
    const d = commanderUsage(new CommanderError(1, "commander.conflictingOption", "error: option '--a' cannot be used with option '--b'"), check);
    expect([d.rule, d.summary, d.next]).toEqual(["cli.usage", "The command line couldn't be read", "Run `jadpo check --help` to see what it takes"]);
  });

  it("checks a project in-process", async () => {
    const root = join(temp, "project");
    mkdirSync(join(root, "domains/a"), { recursive: true });
    writeFileSync(join(root, "app.jadpo"), "");
    writeFileSync(join(root, "domains/a/b.jadpo"), "type B = Text\n");
    const run = memoryContext(root);
    expect(await runCli(["check"], run.context)).toBe(0);
    expect(run.stdout()).toBe("✓ Check passed  2 files · 1 declaration\n");
  });
});

describe("the file-system host", () => {
  it("lists files sorted, skips what it is told to, and reads a missing file as null", () => {
    const root = join(temp, "host");
    for (const path of ["b/z.txt", "a/y.txt", "skip/x.txt", "a.txt"]) {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), path);
    }
    const slash = slashPath(root);
    expect(nodeHost.listFiles(root, (dir) => dir.endsWith("/skip"))).toEqual([`${slash}/a.txt`, `${slash}/a/y.txt`, `${slash}/b/z.txt`]);
    expect(nodeHost.readFile(join(root, "missing"))).toBeNull();
    expect(nodeHost.readWithin(join(root, "missing"), 10)).toBeNull();
    expect(nodeHost.readWithin(join(root, "a.txt"), 4)).toBe(5);
    expect(new TextDecoder().decode(nodeHost.readWithin(join(root, "a.txt"), 5) as Uint8Array)).toBe("a.txt");
    expect(new TextDecoder().decode(nodeHost.readFile(join(root, "a.txt"))!)).toBe("a.txt");
    expect(nodeHost.exists(join(root, "a"))).toBe(true);
  });

  it("shows root-relative paths relative to the current directory", () => {
    expect(displayPaths("/p", "/p")("domains/a.jadpo")).toBe("domains/a.jadpo");
    expect(displayPaths("/p", "/p/domains")("domains/a.jadpo")).toBe("a.jadpo");
    expect(displayPaths("/p", "/")("domains/a.jadpo")).toBe("p/domains/a.jadpo");
  });

  it("spells a path with / for every backslash (Windows paths as the compiler reads them)", () => {
    expect(slashPath("C:\\p\\domains\\a.jadpo")).toBe("C:/p/domains/a.jadpo");
    expect(slashPath("/p/domains/a.jadpo")).toBe("/p/domains/a.jadpo");
  });
});

describe("an internal error", () => {
  it("saves the stack in a report under .jadpo/internal-errors and prints only the diagnostic", () => {
    const root = join(temp, "crashing");
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, "app.jadpo"), "");
    const run = memoryContext(root);
    const error = new Error("the checker lost its place\nsecond line");
    expect(reportInternalError(error, ["check"], run.context)).toBe(1);
    expect(run.context.exitCode).toBe(1);
    const reports = readdirSync(join(root, ".jadpo/internal-errors"));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.txt$/);
    const report = readFileSync(join(root, ".jadpo/internal-errors", reports[0]), "utf8");
    expect(report).toContain("command: jadpo check");
    expect(report).toContain(error.stack!.split("\n")[1]);
    expect(run.stdout()).toBe("");
    expect(run.stderr()).toBe(
      [
        "error: jadpo hit an internal error: the checker lost its place",
        "  reason: This is a fault in jadpo, not in your project.",
        `  next: Report it with the saved report .jadpo/internal-errors/${reports[0]} (human)`,
        "  rule: toolchain.internal_error",
        "",
      ].join("\n"),
    );
    expect(run.stderr()).not.toMatch(/^ {4}at /m);
  });

  it("keeps the key out of the report and the diagnostic, whole or 8 characters of it (jadpo dev's)", () => {
    const root = join(temp, "crashing-with-key");
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, "app.jadpo"), "");
    const run = memoryContext(root);
    const key = "sk-relprobe3-DEVKEY-71c0de55aa";
    const error = new Error(`could not decode "your key is ${key}" nor "${key.slice(0, 12)}"`);
    reportInternalError(error, ["dev"], run.context, keyEcho(key).redact);
    const reports = readdirSync(join(root, ".jadpo/internal-errors"));
    const report = readFileSync(join(root, ".jadpo/internal-errors", reports[0]), "utf8");
    expect(run.stderr()).toContain('could not decode "your key is ***" nor "***"');
    for (const text of [report, run.stderr()]) expect(text).not.toContain(key.slice(0, 8));
  });
});
