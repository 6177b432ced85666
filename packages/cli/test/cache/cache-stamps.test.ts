// A stamps entry (the key of files whose stamps are unchanged) that names an older key is not
// taken on trust: a kept run or check is used only when it was made from the files as they are.
// In process, from sources (JADPO_CACHE=on turns the cache on there), with the clock a minute
// ahead so the copied files count as settled and their stamps are kept.
import { appendFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runJadpoHere } from "../support/jadpo.ts";
import { copyExample } from "../support/example.ts";

const TESTS = "domains/support/functions/greeting.jadpotest";
const TYPES = "domains/support/types.jadpo";
const env = { JADPO_CACHE: "on" };

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

const cacheDir = (root: string) => join(root, ".jadpo/cache");

/** The stamps entries, by name, as they are now. */
function stampsEntries(root: string): Map<string, string> {
  const names = readdirSync(cacheDir(root)).filter((name) => name.startsWith("stamps-"));
  return new Map(names.map((name) => [name, readFileSync(join(cacheDir(root), name), "utf8")]));
}

/** Each stamps entry written since `before` made to name the key it named then. */
function pointBack(root: string, before: Map<string, string>): number {
  let rewritten = 0;
  for (const [name, text] of stampsEntries(root)) {
    const old = before.get(name);
    if (old === undefined) continue;
    const oldKey = JSON.parse(old).value.key as string;
    const entry = JSON.parse(text);
    if (entry.value.key === oldKey) continue;
    entry.value.key = oldKey;
    writeFileSync(join(cacheDir(root), name), JSON.stringify(entry));
    rewritten++;
  }
  return rewritten;
}

describe("a stamps entry that names an older key", () => {
  it("doesn't make a failing test run pass", async () => {
    const root = copyExample("jadpo-cache-stamps-");
    roots.push(root);
    expect((await runJadpoHere(["test"], { cwd: root, env })).code).toBe(0);
    const passed = stampsEntries(root);
    expect(passed.size).toBe(1);
    appendFileSync(join(root, TESTS), `\ntest "fails" {\n    assert 1 == 2\n}\n`);
    expect((await runJadpoHere(["test"], { cwd: root, env })).code).toBe(1);
    expect(pointBack(root, passed)).toBe(1);
    const tampered = await runJadpoHere(["test"], { cwd: root, env });
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).not.toContain("cached");
    expect(tampered.stdout).toContain("1 failed");
  });

  it("doesn't make a failing check pass", async () => {
    const root = copyExample("jadpo-cache-stamps-");
    roots.push(root);
    expect((await runJadpoHere(["check"], { cwd: root, env })).code).toBe(0);
    const passed = stampsEntries(root);
    writeFileSync(join(root, TYPES), readFileSync(join(root, TYPES), "utf8").replace("reply: Text", "reply: Int"));
    const failed = await runJadpoHere(["check"], { cwd: root, env });
    expect(failed.code).toBe(1);
    expect(pointBack(root, passed)).toBe(1);
    expect(await runJadpoHere(["check"], { cwd: root, env })).toEqual(failed);
  });

  it("still lets an untouched project's kept run be shown, and a touched file's too", async () => {
    const root = copyExample("jadpo-cache-stamps-");
    roots.push(root);
    await runJadpoHere(["test"], { cwd: root, env });
    expect((await runJadpoHere(["test"], { cwd: root, env })).stdout).toContain("(cached:");
    // Same bytes, new stamps: read and digested again, the same key, shown from the cache.
    writeFileSync(join(root, TESTS), readFileSync(join(root, TESTS)));
    expect((await runJadpoHere(["test"], { cwd: root, env })).stdout).toContain("(cached:");
    expect((await runJadpoHere(["test"], { cwd: root, env })).stdout).toContain("(cached:");
  });
});
