// A project's key from its files' stamps (cache/stamps.ts): taken only while every stamp is as
// kept, kept only once every file has settled, never another purpose's, and always the key that
// reading and digesting the files gives; an entry kept under it is taken only when it was made
// from the files as they are.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  listProject, memoryStore, projectKey, readProjectEntry, snapshotKey, snapshotProject, writeProjectEntry, type ModuleCache,
} from "../../src/index.ts";
import { SETTLE_MS } from "../../src/cache/stamps.ts";
import type { FileStamp, Host } from "../../src/host.ts";
import { memoryHost } from "../../src/testing/index.ts";

const ROOT = "/p";
const NOW = 1_000_000_000;

/** A memory project whose files have stamps the test sets, and which counts the files it reads. */
function project(files: Record<string, string>) {
  const contents = { ...files };
  const stamps = new Map<string, FileStamp>(Object.keys(files).map((path) => [`${ROOT}/${path}`, { text: "v1", changedMs: NOW - 10 * SETTLE_MS }]));
  let reads = 0;
  const host = (): Host => {
    const inner = memoryHost(Object.fromEntries(Object.entries(contents).map(([path, text]) => [`${ROOT}/${path}`, text])));
    return {
      ...inner,
      readWithin: (path, limit) => {
        reads++;
        return inner.readWithin(path, limit);
      },
      stamp: (path) => stamps.get(path) ?? null,
    };
  };
  return {
    host,
    reads: () => reads,
    write(path: string, text: string, stamp: FileStamp) {
      contents[path] = text;
      stamps.set(`${ROOT}/${path}`, stamp);
    },
  };
}

const cache = (store = memoryStore()): ModuleCache => ({
  store,
  toolchain: "test",
  digest: (parts) => {
    const hash = createHash("sha256");
    for (const part of parts) hash.update(part);
    return hash.digest("hex");
  },
});

const APP = { "app.jadpo": "app Demo\n", "domains/a/f.jadpo": "function f() -> Int {\n    return 1\n}\n" };
const contentKey = (host: Host, c: ModuleCache, purpose: string) => snapshotKey(snapshotProject(host, ROOT), c, purpose);

describe("a project's key from its files' stamps", () => {
  it("is the digest of the files, and the next run takes it from the stamps without reading a file", () => {
    const p = project(APP);
    const c = cache();
    const first = projectKey(listProject(p.host(), ROOT), c, "check", NOW).key;
    expect(first).toBe(contentKey(p.host(), c, "check"));
    const before = p.reads();
    expect(projectKey(listProject(p.host(), ROOT), c, "check", NOW).key).toBe(first);
    expect(p.reads()).toBe(before);
  });

  it("reads again when a stamp differs, and gives the new files' key", () => {
    const p = project(APP);
    const c = cache();
    projectKey(listProject(p.host(), ROOT), c, "check", NOW).key;
    p.write("domains/a/f.jadpo", "function f() -> Int {\n    return 2\n}\n", { text: "v2", changedMs: NOW - 10 * SETTLE_MS });
    const before = p.reads();
    const key = projectKey(listProject(p.host(), ROOT), c, "check", NOW).key;
    expect(p.reads()).toBeGreaterThan(before);
    expect(key).toBe(contentKey(p.host(), c, "check"));
  });

  it("keeps no stamps while a file changed less than the settling time ago", () => {
    const p = project(APP);
    const c = cache();
    p.write("app.jadpo", "app Demo\n", { text: "fresh", changedMs: NOW - SETTLE_MS + 1 });
    projectKey(listProject(p.host(), ROOT), c, "check", NOW).key;
    const before = p.reads();
    projectKey(listProject(p.host(), ROOT), c, "check", NOW).key;
    expect(p.reads()).toBeGreaterThan(before);
    // Settled by the next run: kept then, and taken after.
    projectKey(listProject(p.host(), ROOT), c, "check", NOW + 2).key;
    const settled = p.reads();
    projectKey(listProject(p.host(), ROOT), c, "check", NOW + 2).key;
    expect(p.reads()).toBe(settled);
  });

  it("never gives one purpose's key for another, and notices a new file", () => {
    const p = project(APP);
    const c = cache();
    const check = projectKey(listProject(p.host(), ROOT), c, "check", NOW).key;
    const run = projectKey(listProject(p.host(), ROOT), c, "test run", NOW).key;
    expect(run).not.toBe(check);
    expect(run).toBe(contentKey(p.host(), c, "test run"));
    p.write("domains/a/g.jadpo", "function g() -> Int {\n    return 3\n}\n", { text: "v1", changedMs: NOW - 10 * SETTLE_MS });
    expect(projectKey(listProject(p.host(), ROOT), c, "check", NOW).key).toBe(contentKey(p.host(), c, "check"));
  });

  it("reads and digests every file when the host has no stamps", () => {
    const p = project(APP);
    const c = cache();
    const plain = (): Host => {
      const { stamp: _stamp, ...rest } = p.host();
      return rest;
    };
    const key = projectKey(listProject(plain(), ROOT), c, "check", NOW).key;
    const before = p.reads();
    expect(projectKey(listProject(plain(), ROOT), c, "check", NOW).key).toBe(key);
    expect(p.reads()).toBeGreaterThan(before);
  });
});

const isText = (value: unknown): value is string => typeof value === "string";

describe("an entry kept under a project's key", () => {
  it("is taken unread while the files show the stamps it was kept with", () => {
    const p = project(APP);
    const c = cache();
    writeProjectEntry(c, projectKey(listProject(p.host(), ROOT), c, "check", NOW), "kept");
    const before = p.reads();
    expect(readProjectEntry(c, projectKey(listProject(p.host(), ROOT), c, "check", NOW), isText)).toBe("kept");
    expect(p.reads()).toBe(before);
  });

  it("is not taken when a stamps entry names its key for other files, and the stamps entry is corrected", () => {
    const p = project(APP);
    const store = memoryStore();
    const c = cache(store);
    writeProjectEntry(c, projectKey(listProject(p.host(), ROOT), c, "check", NOW), "made from the old files");
    const [stampsName, oldStamps] = [...store.entries].find(([name]) => name.startsWith("stamps-"))!;
    p.write("domains/a/f.jadpo", "function f() -> Int {\n    return 2\n}\n", { text: "v2", changedMs: NOW - 10 * SETTLE_MS });
    const newKey = projectKey(listProject(p.host(), ROOT), c, "check", NOW).key;
    // The new stamps, naming the old files' key.
    const oldKey = JSON.parse(new TextDecoder().decode(oldStamps)).value.key;
    const entry = JSON.parse(new TextDecoder().decode(store.entries.get(stampsName)));
    store.entries.set(stampsName, new TextEncoder().encode(JSON.stringify({ ...entry, value: { ...entry.value, key: oldKey } })));
    const found = projectKey(listProject(p.host(), ROOT), c, "check", NOW);
    expect(found.key).toBe(oldKey);
    expect(readProjectEntry(c, found, isText)).toBeNull();
    expect(found.digested()).toBe(newKey);
    expect(projectKey(listProject(p.host(), ROOT), c, "check", NOW).key).toBe(newKey);
    // What a run of the new files keeps goes under their own key.
    writeProjectEntry(c, found, "made from the new files");
    expect(readProjectEntry(c, projectKey(listProject(p.host(), ROOT), c, "check", NOW), isText)).toBe("made from the new files");
  });

  it("is taken after the files are read and give its key, then kept with their new stamps", () => {
    const p = project(APP);
    const c = cache();
    // Kept while a file had just changed: no stamps with it.
    p.write("app.jadpo", "app Demo\n", { text: "fresh", changedMs: NOW - 1 });
    writeProjectEntry(c, projectKey(listProject(p.host(), ROOT), c, "check", NOW), "kept");
    // Settled now, the same bytes: the first run reads them, the next trusts the stamps.
    p.write("app.jadpo", "app Demo\n", { text: "settled", changedMs: NOW - 10 * SETTLE_MS });
    expect(readProjectEntry(c, projectKey(listProject(p.host(), ROOT), c, "check", NOW), isText)).toBe("kept");
    const before = p.reads();
    expect(readProjectEntry(c, projectKey(listProject(p.host(), ROOT), c, "check", NOW), isText)).toBe("kept");
    expect(p.reads()).toBe(before);
  });
});
