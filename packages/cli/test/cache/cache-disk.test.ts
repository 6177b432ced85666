// The built jadpo's disk cache: where it lives, two processes at once, a project it can't write to.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "../support/build-cli.ts";
import { copyExample } from "../support/example.ts";
import { runJadpo, runJadpoAsync } from "../support/jadpo.ts";

const roots: string[] = [];
const example = () => {
  const root = copyExample("jadpo-cache-disk-");
  roots.push(root);
  return root;
};
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
beforeAll(() => buildCli());

const cacheDir = (root: string) => join(root, ".jadpo/cache");

describe("the disk cache", () => {
  it("keeps one entry for check and one for a passed test run under .jadpo/cache/, and prints the same from them", () => {
    const root = example();
    const [check, test] = [runJadpo(["check"], { cwd: root }), runJadpo(["test"], { cwd: root })];
    // Entries only: a `stamps-…` file is written too once the copied files are a few seconds old,
    // which depends on how fast this machine runs the test (cache-stamps.test.ts covers them).
    const kept = () => readdirSync(cacheDir(root)).filter((name) => !/^stamps-[0-9a-f]{16}$/.test(name));
    const entries = kept();
    expect(entries).toHaveLength(2);
    expect(entries.every((name) => /^[0-9a-f]{64}$/.test(name))).toBe(true);
    expect(runJadpo(["check"], { cwd: root })).toEqual(check);
    const again = runJadpo(["test"], { cwd: root });
    expect(again).toEqual({ ...test, stdout: `${test.stdout}(cached: nothing changed since these tests passed; --no-cache runs them again)\n` });
    expect(kept()).toEqual(entries);
  });

  it("is shared by two jadpo processes at once: both print what one alone prints, and the entry is whole", async () => {
    const root = example();
    const alone = runJadpo(["check", "--diagnostic-format", "plain"], { cwd: root, env: { JADPO_CACHE: "off" } });
    const both = await Promise.all([1, 2].map(() => runJadpoAsync(["check", "--diagnostic-format", "plain"], { cwd: root })));
    expect(both).toEqual([alone, alone]);
    const [entry] = readdirSync(cacheDir(root));
    expect(JSON.parse(readFileSync(join(cacheDir(root), entry), "utf8")).key).toBe(entry);
  });

  it("keeps each diagnostic's fixes, and reads an entry whose diagnostics have none (as stored before fixes) as a miss", () => {
    const root = example();
    const app = join(root, "app.jadpo");
    writeFileSync(app, readFileSync(app, "utf8").replace("timeout: 30s", "timout: 30s"));
    const cold = runJadpo(["check", "--diagnostic-format", "json"], { cwd: root });
    expect(JSON.parse(cold.stdout).diagnostics[0].fixes.map((f: { title: string }) => f.title)).toEqual(["Change to `timeout`"]);
    expect(runJadpo(["check", "--diagnostic-format", "json"], { cwd: root })).toEqual(cold);
    const [entry] = readdirSync(cacheDir(root));
    const stored = readFileSync(join(cacheDir(root), entry), "utf8");
    expect(stored).toContain('"fixes"');
    writeFileSync(join(cacheDir(root), entry), JSON.stringify(JSON.parse(stored, (key, value: unknown) => (key === "fixes" ? undefined : value))));
    expect(runJadpo(["check", "--diagnostic-format", "json"], { cwd: root })).toEqual(cold);
  });

  it("treats an unreadable entry as a miss, and a project it can't write to as one without a cache", () => {
    const root = example();
    const cold = runJadpo(["check"], { cwd: root });
    const [entry] = readdirSync(cacheDir(root));
    writeFileSync(join(cacheDir(root), entry), "{\"format\": \"jadpo-cache-entry 1\", \"key\": ");
    expect(runJadpo(["check"], { cwd: root })).toEqual(cold);
    // A file where the folder should be: no entry can be written (as root, permissions wouldn't stop it).
    rmSync(cacheDir(root), { recursive: true, force: true });
    writeFileSync(cacheDir(root), "not a folder");
    expect(runJadpo(["check"], { cwd: root })).toEqual(cold);
    expect(runJadpo(["test"], { cwd: root }).code).toBe(0);
  });
});
