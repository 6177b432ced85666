// The disk cache removes only what it wrote: past 32 entries it prunes the oldest of its own
// entries (64-hex keys, `stamps-<16 hex>`), and at its start the temporary files of killed runs
// (`<entry>.<pid>.<ms>.tmp` of a dead pid, or old). A file of any other name in `.jadpo/cache`,
// however old, stays. In process, from sources (JADPO_CACHE=on turns the cache on there).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { diskCache } from "../../src/cache/disk-cache.ts";
import { copyExample } from "../support/example.ts";
import { runJadpoHere } from "../support/jadpo.ts";

const roots: string[] = [];
function cacheFolder(): { root: string; dir: string } {
  const root = mkdtempSync(join(tmpdir(), "jadpo-cache-prune-"));
  roots.push(root);
  const dir = join(root, ".jadpo/cache");
  mkdirSync(dir, { recursive: true });
  return { root, dir };
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const deadPid = (() => {
  const pid = spawnSync(process.execPath, ["-e", ""]).pid;
  if (pid === undefined) throw new Error("no child pid");
  return pid;
})();

const hex = (i: number, length: number) => i.toString(16).padStart(length, "0");
const key = (i: number) => hex(i, 64);

/** `name` written `minutesAgo` ago, holding its name. */
function file(dir: string, name: string, minutesAgo: number): void {
  writeFileSync(join(dir, name), name);
  const at = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(join(dir, name), at, at);
}

const on = { JADPO_CACHE: "on" };

describe("the disk cache's prune", () => {
  it("keeps the 32 newest of its entries and every file it didn't name, however old", () => {
    const { root, dir } = cacheFolder();
    const foreign = [
      ...Array.from({ length: 40 }, (_, i) => `doc${i}.txt`), ".bashrc", "yarn.lock", "backup.4242.tmp",
      `${key(1)}.bak`, key(0xabcdef).toUpperCase(), `stamps-${hex(1, 15)}`, `x${key(2)}`, `${key(3)}.${deadPid}.tmp`,
    ];
    foreign.forEach((name, i) => file(dir, name, 10_000 + i));
    // Its own, older than any run: 40 entries and 4 stamps entries.
    for (let i = 0; i < 40; i++) file(dir, key(100 + i), 1_000 - i);
    for (let i = 0; i < 4; i++) file(dir, `stamps-${hex(i, 16)}`, 2_000 - i);

    diskCache(root, on)!.store.write(key(999), new TextEncoder().encode("{}"));

    const left = readdirSync(dir);
    expect(foreign.filter((name) => !left.includes(name))).toEqual([]);
    for (const name of foreign) expect(readFileSync(join(dir, name), "utf8")).toBe(name);
    const own = left.filter((name) => !foreign.includes(name));
    expect(own).toHaveLength(32);
    // The newest: the one just written and the 31 youngest of the old entries (the stamps were older).
    expect(own.sort()).toEqual([key(999), ...Array.from({ length: 31 }, (_, i) => key(109 + i))].sort());
  });

  it("removes at its start the temporary files of killed runs, and only those", () => {
    const { root, dir } = cacheFolder();
    const now = Date.now();
    const killed = [`${key(1)}.${deadPid}.${now - 5_000}.tmp`, `stamps-${hex(1, 16)}.${deadPid}.${now}.tmp`, `${key(2)}.${process.pid}.${now - 86_400_000}.tmp`];
    const kept = [`${key(3)}.${process.pid}.${now}.tmp`, "backup.4242.tmp", `notes.${deadPid}.${now}.tmp`, `${key(4)}.${deadPid}.tmp`, key(5)];
    for (const name of [...killed, ...kept]) file(dir, name, 0);

    expect(diskCache(root, on)).not.toBeNull();

    expect(readdirSync(dir).sort()).toEqual([...kept].sort());
  });

  it("leaves no temporary file of a killed run after the next check or test", async () => {
    const root = copyExample("jadpo-cache-prune-");
    roots.push(root);
    const dir = join(root, ".jadpo/cache");
    mkdirSync(dir, { recursive: true });
    const now = Date.now();
    const stray = [`${key(7)}.${deadPid}.${now - 1_000}.tmp`, `stamps-${hex(7, 16)}.${deadPid}.${now - 1_000}.tmp`];
    for (const name of [...stray, "backup.4242.tmp", "yarn.lock"]) file(dir, name, 60);
    expect((await runJadpoHere(["check"], { cwd: root, env: on })).code).toBe(0);
    const left = readdirSync(dir);
    expect(left.filter((name) => name.endsWith(".tmp"))).toEqual(["backup.4242.tmp"]);
    expect(left).toContain("yarn.lock");
    file(dir, stray[0], 60);
    expect((await runJadpoHere(["test"], { cwd: root, env: on })).code).toBe(0);
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual(["backup.4242.tmp"]);
  });
});
