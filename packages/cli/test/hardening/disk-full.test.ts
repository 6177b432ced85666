// A full disk, end to end (docs/diagnostics.md, `cli.disk_full`; the commands run in this
// process): the example copied into a 3 MB tmpfs that is then filled to the last byte. Each command that must write says so as
// one `cli.disk_full` naming the file, never `toolchain.internal_error`; `check` and `test` need
// no write and pass; `init` leaves nothing behind; no command leaves an empty temporary file.
// Mounting needs root: where it is refused, these tests are skipped (disk-full-injected.test.ts
// covers the same paths with an injected failure).
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { diskFullText } from "./disk-full-text.ts";
import { fillDisk, mountSmallDisk, removeSmallDisk, type SmallDisk } from "./small-disk.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { repo, runJadpoHere } from "../support/jadpo.ts";
import { RunningDev, stopAll } from "../dev/dev-server.ts";

const RECORDING = "domains/support/prompts/recordings/answer_question/not_covered.json";
const ANSWER = JSON.stringify({ resolved_by_articles: true, reply: "No sesame in the sourdough." });

let small: SmallDisk;
let disk = "";
let mounted = false;
let root = "";
let model: FakeModelServer;

/** Every file and folder below `dir`, with each file's bytes. */
function tree(dir: string, rel = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) Object.assign(out, { [`${path}/`]: "" }, tree(dir, path));
    else out[path] = readFileSync(join(dir, path)).toString("base64");
  }
  return out;
}

const temporaries = (files: Record<string, string>) => Object.keys(files).filter((path) => path.endsWith(".tmp"));

beforeAll(async () => {
  small = mountSmallDisk("jadpo-full-disk-", "3m");
  ({ dir: disk, mounted } = small);
  if (!mounted) return;
  root = join(disk, "project");
  cpSync(join(repo, "examples/support"), root, { recursive: true });
  rmSync(join(root, ".jadpo"), { recursive: true, force: true });
  mkdirSync(join(disk, "existing"));
  writeFileSync(join(disk, "existing", ".gitignore"), "node_modules/\n");
  model = await startFakeModelServer({ kind: "answer", text: ANSWER });
  fillDisk(small);
});

afterAll(async () => {
  await stopAll();
  await model?.close();
  removeSmallDisk(small);
});

/** Any key: with it set, jadpo never writes `.jadpo/recording-key`. */
const SHARED_KEY = "a-team-shared-recording-key-for-tests";

describe("a full disk", () => {
  it("is cli.disk_full in `jadpo ai record`, naming the recording, which stays as it was", async (ctx) => {
    if (!mounted) return ctx.skip();
    const before = tree(root);
    // A shared recording key, so the recording is the first thing written (the key file is below).
    const run = await runJadpoHere(["ai", "record", "answer_question", "--as", "not_covered", "--fixture", "questions.sesame", "--force"], {
      cwd: root, env: { JADPO_AI_BASE_URL: model.url, JADPO_RECORDING_KEY: SHARED_KEY },
    });
    expect(run).toEqual({
      code: 1,
      stdout: diskFullText(RECORDING),
      stderr: "",
    });
    expect(model.requests).toHaveLength(1);
    const after = tree(root);
    expect(after[RECORDING]).toBe(before[RECORDING]);
    expect(temporaries(after)).toEqual([]);
  });

  it("is cli.disk_full in `jadpo ai record` when the recording key can't be made, naming the key's file", async (ctx) => {
    if (!mounted) return ctx.skip();
    const run = await runJadpoHere(["ai", "record", "answer_question", "--as", "not_covered", "--fixture", "questions.sesame", "--force"], {
      cwd: root, env: { JADPO_AI_BASE_URL: model.url },
    });
    expect(run.stdout).toBe(diskFullText(".jadpo/recording-key"));
    expect(run.code).toBe(1);
    expect(Object.keys(tree(root)).filter((path) => path.includes("recording-key"))).toEqual([]);
  });

  it("doesn't stop `jadpo check` or `jadpo test`, whose cache is only kept when it fits", async (ctx) => {
    if (!mounted) return ctx.skip();
    const check = await runJadpoHere(["check"], { cwd: root });
    expect(check).toEqual({ code: 0, stdout: "✓ Check passed  18 files · 52 declarations\n", stderr: "" });
    const test = await runJadpoHere(["test"], { cwd: root });
    expect(test.stderr).toBe("");
    expect(test.stdout).toMatch(/^✓ \d+ passed /);
    expect(test.code).toBe(0);
    // Each run tried to keep its cache entries: none is left half-written.
    expect(temporaries(tree(root))).toEqual([]);
  });

  it("is cli.disk_full in `jadpo test --output`, naming the report, exit 1", async (ctx) => {
    if (!mounted) return ctx.skip();
    const run = await runJadpoHere(["test", "--output", "junit=report.xml"], { cwd: root });
    expect(run.stderr).toBe(diskFullText("report.xml"));
    expect(run.code).toBe(1);
    expect(Object.keys(tree(root)).filter((path) => path.startsWith("report.xml"))).toEqual([]);
  });

  it("is one cli.disk_full in `jadpo dev`, which goes on answering", async (ctx) => {
    if (!mounted) return ctx.skip();
    // A shared recording key: the key file is never needed, so the call log is the one write that fails.
    const dev = await RunningDev.start(root, { JADPO_AI_BASE_URL: model.url, JADPO_RECORDING_KEY: SHARED_KEY });
    for (const question of ["Sesame?", "Rye?", "Jersey?"]) {
      expect((await dev.post("answer_customer", { question })).status).toBe(200);
    }
    expect((await dev.request("GET", "/health")).status).toBe(200);
    expect(await dev.stop()).toBe(0);
    expect(dev.stderr).toBe(diskFullText(".jadpo/dev/calls.jsonl", "ENOSPC", "the next call is logged (`jadpo dev` goes on serving meanwhile)"));
    expect(dev.stdout).not.toContain("internal error");
    // The day's request counter, written beside the log, leaves no temporary file either.
    expect(temporaries(tree(root))).toEqual([]);
    // Nor a lock the failed append took: left without its owner, each next call waited for it to age.
    expect(Object.keys(tree(root)).filter((path) => path.endsWith(".lock/"))).toEqual([]);
  });

  it("makes `jadpo init` take back what it wrote: no new folder, an existing .gitignore as it was", async (ctx) => {
    if (!mounted) return ctx.skip();
    const before = tree(disk);
    const fresh = await runJadpoHere(["init", "newproj"], { cwd: disk });
    expect(fresh.code).toBe(1);
    expect(fresh.stderr).toMatch(/^error: The disk is full: `newproj\/[^`]+` can't be written\n/);
    expect(fresh.stderr).toContain("  next: Free space on that disk (or raise your quota), then run `jadpo init` again (human)\n  rule: cli.disk_full\n");
    expect(fresh.stdout).toBe("");
    const existing = await runJadpoHere(["init", "existing"], { cwd: disk });
    expect(existing.code).toBe(1);
    expect(existing.stderr).toContain("rule: cli.disk_full");
    expect(tree(disk)).toEqual(before);
    expect(statSync(join(disk, "existing", ".gitignore")).size).toBe("node_modules/\n".length);
  });
});
