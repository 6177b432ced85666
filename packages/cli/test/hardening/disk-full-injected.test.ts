// A full disk without a full disk (no root needed): node:fs's writeFileSync made to fail with
// ENOSPC for one chosen file, as a full disk fails it (the file created, then the write refused),
// with the commands run in this process. disk-full.test.ts does the same on a real full tmpfs.
import * as fs from "node:fs";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { diskFullText } from "./disk-full-text.ts";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { memoryContext } from "../../src/context.ts";
import { reportInternalError } from "../../src/internal-error.ts";
import { runJadpoHere } from "../support/jadpo.ts";

/** The file whose write fails next, matched by the end of its path; null: none. */
let failing: string | null = null;

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  const writeFileSync: typeof real.writeFileSync = (file, data, options) => {
    if (failing !== null && typeof file === "string" && file.replace(/\\/g, "/").endsWith(failing)) {
      real.writeFileSync(file, "", options);
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" });
    }
    return real.writeFileSync(file, data, options);
  };
  return { ...real, default: { ...real, writeFileSync }, writeFileSync };
});

const made: string[] = [];
function tempFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "jadpo-disk-full-"));
  made.push(dir);
  return dir;
}

afterEach(() => {
  failing = null;
});
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Every file and folder below `dir`, with each file's text. */
function tree(dir: string, rel = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) Object.assign(out, { [`${path}/`]: "" }, tree(dir, path));
    else out[path] = readFileSync(join(dir, path), "utf8");
  }
  return out;
}

describe("jadpo init on a disk that fills up halfway", () => {
  it("takes back every file and folder it made, and says which file didn't fit", async () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, "notes.txt"), "mine\n");
    const before = tree(cwd);
    failing = "newproj/domains/notes/actions/summarise.jadpo";
    const run = await runJadpoHere(["init", "newproj"], { cwd });
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr: diskFullText("newproj/domains/notes/actions/summarise.jadpo", "ENOSPC", "run `jadpo init` again"),
    });
    expect(tree(cwd)).toEqual(before);
  });

  it("gives an existing folder's .gitignore back as it was, and leaves the folder's own files", async () => {
    const cwd = tempFolder();
    mkdirSync(join(cwd, "existing"));
    writeFileSync(join(cwd, "existing", ".gitignore"), "node_modules/");
    writeFileSync(join(cwd, "existing", "README.md"), "# mine\n");
    const before = tree(cwd);
    failing = "existing/domains/notes/actions/summarise.jadpo";
    const run = await runJadpoHere(["init", "existing"], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("rule: cli.disk_full");
    expect(tree(cwd)).toEqual(before);
  });
});

describe("a full disk nobody expected (the catch-all)", () => {
  const enospc = (path?: string) =>
    Object.assign(new Error("ENOSPC: no space left on device, open"), { code: "ENOSPC", syscall: "open", ...(path === undefined ? {} : { path }) });

  it("is cli.disk_full naming the file the error names, with no internal-error report", () => {
    const cwd = tempFolder();
    const { context, stderr } = memoryContext(cwd);
    expect(reportInternalError(enospc(join(cwd, ".jadpo/recording-key")), ["test"], context)).toBe(1);
    expect(context.exitCode).toBe(1);
    expect(stderr()).toBe(diskFullText(".jadpo/recording-key"));
    expect(fs.existsSync(join(cwd, ".jadpo", "internal-errors"))).toBe(false);
  });

  it("says the disk is full when the error names no file, and EDQUOT too", () => {
    const cwd = tempFolder();
    const { context, stderr } = memoryContext(cwd);
    reportInternalError(Object.assign(enospc(), { code: "EDQUOT" }), ["check"], context);
    expect(stderr()).toBe(diskFullText(null, "EDQUOT"));
  });
});
