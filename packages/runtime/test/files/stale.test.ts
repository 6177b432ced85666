// The clean-up at start-up (files/stale.ts) removes only jadpo's own leftovers: its lock folders
// whose owner is gone and its temporary files of dead processes (or old ones), by their exact
// names. Lock files of other tools and other tools' `*.123.tmp` stay, in `.jadpo/dev` and in a
// recording's folder alike.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeStaleFiles } from "../../src/files/stale.ts";
import { DEV_STATE_NAMES, RECORDING_FOLDER_NAMES } from "../../src/files/own-names.ts";

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "jadpo-stale-"));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
const deadPid = (() => {
  const pid = spawnSync(process.execPath, ["-e", ""]).pid;
  if (pid === undefined) throw new Error("no child pid");
  return pid;
})();

const HOUR_AGO = new Date(Date.now() - 3_600_000);

/** Files of other tools, an hour old, each holding its own name. */
function decoys(dir: string, names: string[]): void {
  for (const name of names) {
    writeFileSync(join(dir, name), name);
    utimesSync(join(dir, name), HOUR_AGO, HOUR_AGO);
  }
}

function lockFolder(dir: string, name: string, files: Record<string, string>): void {
  mkdirSync(join(dir, name));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, name, file), text);
  utimesSync(join(dir, name), HOUR_AGO, HOUR_AGO);
}

const OTHER_TOOLS = ["yarn.lock", "Cargo.lock", "poetry.lock", "Gemfile.lock", "backup.4242.tmp", `notes.${deadPid}.tmp`, `data.json.${deadPid}.ab12cd34.tmp`, "usage.json.tmp"];

describe("removeStaleFiles in .jadpo/dev", () => {
  it("removes the dead locks and temporaries jadpo names there, and nothing else", () => {
    const dir = folder();
    decoys(dir, [...OTHER_TOOLS, "usage.json", "calls.jsonl"]);
    // Other tools' lock folders, and a jadpo-named one holding more than a pid: not jadpo's.
    lockFolder(dir, "other.lock", { pid: `${deadPid}\n` });
    lockFolder(dir, "calls.jsonl.lock", { pid: `${deadPid}\n`, "keep.txt": "mine" });
    // What a killed jadpo dev leaves.
    lockFolder(dir, "usage.json.lock", { pid: `${deadPid}\n` });
    decoys(dir, [`usage.json.${deadPid}.tmp`]);
    // A live writer's temporary file, just written.
    writeFileSync(join(dir, `usage.json.${process.pid}.tmp`), "{}");

    expect(removeStaleFiles(dir, DEV_STATE_NAMES).sort()).toEqual([`usage.json.${deadPid}.tmp`, "usage.json.lock"]);
    expect(readdirSync(dir).sort()).toEqual([...OTHER_TOOLS, "usage.json", "calls.jsonl", "other.lock", "calls.jsonl.lock", `usage.json.${process.pid}.tmp`].sort());
    expect(readdirSync(join(dir, "calls.jsonl.lock")).sort()).toEqual(["keep.txt", "pid"]);
    expect(readdirSync(join(dir, "other.lock"))).toEqual(["pid"]);
  });

  it("removes a temporary file of a live pid once it is old (pids are reused)", () => {
    const dir = folder();
    decoys(dir, [`usage.json.${process.pid}.tmp`]);
    expect(removeStaleFiles(dir, DEV_STATE_NAMES)).toEqual([`usage.json.${process.pid}.tmp`]);
  });
});

describe("removeStaleFiles in a recording's folder", () => {
  it("removes only a dead record's hidden temporary file", () => {
    const dir = folder();
    const kept = [...OTHER_TOOLS, "sesame.json", "usage.json.lock", `usage.json.${deadPid}.tmp`, `.sesame.json.${deadPid}.tmp`, `sesame.json.${deadPid}.0a1b2c3d.tmp`];
    decoys(dir, kept);
    decoys(dir, [`.sesame.json.${deadPid}.0a1b2c3d.tmp`]);
    writeFileSync(join(dir, `.jersey.json.${process.pid}.0a1b2c3d.tmp`), "{");
    expect(removeStaleFiles(dir, RECORDING_FOLDER_NAMES)).toEqual([`.sesame.json.${deadPid}.0a1b2c3d.tmp`]);
    expect(readdirSync(dir).sort()).toEqual([...kept, `.jersey.json.${process.pid}.0a1b2c3d.tmp`].sort());
  });
});
