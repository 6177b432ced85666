// A project too large for the heap is one `limit.project_too_large` naming the limit, from
// `jadpo check` and `jadpo test` alike, and never V8's out-of-memory abort with its native stack
// trace. The heap is made 1 GiB (a budget of about 16 MiB of source) and the project two sparse
// 16 MiB files, so nothing large is written and the budget stops the run before any parsing.
import { openSync, closeSync, ftruncateSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "../support/build-cli.ts";
import { copyExample, disposedAfterEach, ExampleCopy } from "../support/example.ts";
import { runJadpo } from "../support/jadpo.ts";

class Project extends ExampleCopy {
  static example(): Project {
    return new Project(copyExample("jadpo-hardening-memory-"));
  }
  /** A file of `bytes` bytes that takes no room on disk (it reads as zero bytes). */
  sparse(path: string, bytes: number): this {
    this.write(path, "");
    const fd = openSync(join(this.root, path), "r+");
    ftruncateSync(fd, bytes);
    closeSync(fd);
    return this;
  }
}

const project = disposedAfterEach(() => Project.example());

beforeAll(() => buildCli());

const MIB = 2 ** 20;

describe("a project too large for the heap", () => {
  for (const command of ["check", "test"]) {
    it(`jadpo ${command}: one limit.project_too_large naming the limit and what to do, exit 1`, () => {
      const p = project().sparse("domains/bulk/a.jadpo", 16 * MIB).sparse("domains/bulk/b.jadpo", 16 * MIB);
      const run = runJadpo([command], { cwd: p.root, nodeArgs: ["--max-old-space-size=1024"] });
      expect(run.stderr).toBe("");
      expect(run.code).toBe(1);
      const lines = run.stdout.split("\n");
      expect(lines[0]).toMatch(/^error: The project's source and test files are 32\.0 MiB, over the 2\d\.\d MiB a run with a 1\.0 GiB heap can hold$/);
      expect(lines.slice(1, 4)).toEqual([
        "  reason: A run holds every file's syntax tree and the checked program in memory at once (about 48 bytes for each byte of source), so jadpo stops before the process could run out of memory.",
        "  next: Give the run more memory, for example `NODE_OPTIONS=--max-old-space-size=8192` for an 8 GiB heap (the limit grows with it), or split the project (human)",
        "  rule: limit.project_too_large",
      ]);
      expect(run.stdout).not.toMatch(/Native stack trace|heap out of memory/);
    });
  }
});
