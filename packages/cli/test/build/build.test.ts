// `jadpo build` in this process (docs/production.md): what it writes and prints, where (`build/` at
// the root, or `--out`), that a project with compile errors gets its diagnostics and nothing
// written, and that a folder it can't write to is `cli.build_unwritable`.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExampleCopy, disposedAfterEach } from "../support/example.ts";
import { repo, runJadpoHere } from "../support/jadpo.ts";
import { copyExample } from "../support/example.ts";

class Project extends ExampleCopy {
  static make(): Project {
    return new Project(copyExample("jadpo-build-"));
  }
}
const project = disposedAfterEach(Project.make);

describe("jadpo build", () => {
  it("writes app.mjs, app.d.mts and server.mjs to build/ at the project's root", async () => {
    const p = project();
    const run = await runJadpoHere(["build"], { cwd: join(p.root, "domains/support") });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const kib = Math.ceil(readFileSync(join(p.root, "build/app.mjs")).length / 1024);
    expect(run.stdout).toBe([
      `✓ Built ../..  5 actions · app.mjs ${kib} KiB`,
      "    module        ../../build/app.mjs",
      "    declarations  ../../build/app.d.mts",
      "    server        ../../build/server.mjs",
      "→ node ../../build/server.mjs --port 8080  serves it; import { createApp } from its app.mjs to call it from TypeScript",
      "",
    ].join("\n"));
    expect(readdirSync(join(p.root, "build")).sort()).toEqual(["app.d.mts", "app.mjs", "server.mjs"]);
    expect(p.read("build/app.d.mts")).toContain("  answer_customer(input: { question: CustomerQuestion }): globalThis.Promise<JadpoResult<SupportAnswer, AssistantUnavailable | AnswerUnreadable>>;\n");
    // The program's text is in the module; the tests' and fixtures' are not.
    const app = p.read("build/app.mjs");
    expect(app).toContain("answer_customer");
    expect(app).not.toContain("@@jadpo-program@@");
    expect(app).not.toContain("a question the articles don't answer goes to a person");
    expect(app).not.toContain("Does your sourdough contain sesame?");
  });

  it("prints what docs/production.md shows, the module's size within 5% of the real one", async () => {
    const page = readFileSync(join(repo, "docs/production.md"), "utf8");
    const shown = /\n```\n\$ jadpo build\n([^]*?)```\n/.exec(page)?.[1];
    expect(shown, "docs/production.md shows `$ jadpo build`'s output").toBeDefined();
    const run = await runJadpoHere(["build"], { cwd: project().root });
    const size = /· app\.mjs (\d+) KiB\n/;
    // The size moves with every change to the runtime: the docs' figure is kept near, not exact.
    const [shownKib, realKib] = [Number(size.exec(shown!)?.[1]), Number(size.exec(run.stdout)?.[1])];
    expect(Math.abs(shownKib - realKib) / realKib, `docs/production.md says ${shownKib} KiB, the build is ${realKib} KiB`).toBeLessThanOrEqual(0.05);
    expect(shown!.replace(size, "")).toBe(run.stdout.replace(size, ""));
  });

  it("writes to --out, read from the current directory", async () => {
    const p = project();
    const run = await runJadpoHere(["build", p.root, "--out", "dist/app"], { cwd: p.root });
    expect(run.code).toBe(0);
    expect(readdirSync(join(p.root, "dist/app")).sort()).toEqual(["app.d.mts", "app.mjs", "server.mjs"]);
    expect(existsSync(join(p.root, "build"))).toBe(false);
    expect(run.stdout).toContain("    module        dist/app/app.mjs\n");
  });

  it("prints the compile errors and writes nothing when the project doesn't compile", async () => {
    const p = project();
    p.write("domains/support/broken.jadpo", "action broken() -> Int {\n    return \"text\"\n}\n");
    const run = await runJadpoHere(["build"], { cwd: p.root });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^error: .* --> domains\/support\/broken\.jadpo:2:12\n/);
    expect(run.stdout).toMatch(/\n {2}rule: type\.mismatch\nbuild failed: 1 compile error, nothing written\n$/);
    expect(existsSync(join(p.root, "build"))).toBe(false);
  });

  it("is cli.build_unwritable when --out names a file", async () => {
    const p = project();
    writeFileSync(join(p.root, "taken"), "a file\n");
    const run = await runJadpoHere(["build", "--out", "taken"], { cwd: p.root });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe([
      "error: The build can't be written to `taken`: EEXIST",
      "  reason: `jadpo build` writes `app.mjs`, `app.d.mts` and `server.mjs` into that folder, creating it when it is missing.",
      "  next: Pass an `--out` folder you can write to (human)",
      "  rule: cli.build_unwritable",
      "",
    ].join("\n"));
    expect(readFileSync(join(p.root, "taken"), "utf8")).toBe("a file\n");
  });

  it("replaces an earlier build whole, leaving no temporary file", async () => {
    const p = project();
    mkdirSync(join(p.root, "build"));
    writeFileSync(join(p.root, "build/app.mjs"), "an old build\n");
    expect((await runJadpoHere(["build"], { cwd: p.root })).code).toBe(0);
    expect(p.read("build/app.mjs")).not.toContain("an old build");
    expect(readdirSync(join(p.root, "build")).filter((name) => name.startsWith("."))).toEqual([]);
  });
});
