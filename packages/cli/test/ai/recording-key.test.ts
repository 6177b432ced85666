// The recording key that keys `asked.values` (docs/testing.md): `JADPO_RECORDING_KEY` when set, else
// `.jadpo/recording-key`, made the first time with 32 random bytes, readable by its owner alone, and
// never replaced once made (the file's text copied into the variable is the same key).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { valuesDigestOfJson, writeFileAtomic } from "@jadpo/runtime/recordings";
import { recordingKey, recordingKeyPath } from "../../src/recording-key.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});
function project(): string {
  const root = mkdtempSync(join(tmpdir(), "jadpo-recording-key-"));
  roots.push(root);
  return root;
}

const VALUES = { letter: "My PIN is 481516" };
const digestWith = (root: string, env: Record<string, string> = {}) => valuesDigestOfJson(recordingKey(root, env), VALUES);

describe("the recording key", () => {
  it("is made in .jadpo/recording-key when first needed: 32 random bytes as hex, mode 0600, then kept", () => {
    const root = project();
    expect(recordingKeyPath(root)).toBe(join(root, ".jadpo", "recording-key"));
    const first = digestWith(root);
    const text = readFileSync(recordingKeyPath(root), "utf8");
    expect(text).toMatch(/^[0-9a-f]{64}\n$/);
    expect(statSync(recordingKeyPath(root)).mode & 0o777).toBe(0o600);
    expect(digestWith(root)).toBe(first);
    expect(readFileSync(recordingKeyPath(root), "utf8")).toBe(text);
    // No temporary file is left beside it.
    expect(readdirSync(join(root, ".jadpo"))).toEqual(["recording-key"]);
    // Another project, another key.
    expect(digestWith(project())).not.toBe(first);
  });

  it("is JADPO_RECORDING_KEY when it is set, over the file, and then no file is made", () => {
    const root = project();
    const shared = digestWith(root, { JADPO_RECORDING_KEY: "shared by the team" });
    expect(() => statSync(join(root, ".jadpo"))).toThrow();
    const own = digestWith(root);
    expect(own).not.toBe(shared);
    expect(digestWith(root, { JADPO_RECORDING_KEY: "shared by the team" })).toBe(shared);
    // An empty variable is no key: the file's is used.
    expect(digestWith(root, { JADPO_RECORDING_KEY: "" })).toBe(own);
  });

  it("is the same whether read from the file or from the variable holding the file's text", () => {
    const root = project();
    const own = digestWith(root);
    expect(digestWith(project(), { JADPO_RECORDING_KEY: readFileSync(recordingKeyPath(root), "utf8") })).toBe(own);
  });

  it("keeps a key someone wrote into the file, and replaces only an empty one", () => {
    const root = project();
    mkdirSync(join(root, ".jadpo"));
    writeFileSync(recordingKeyPath(root), "our own key\n");
    expect(digestWith(root)).toBe(digestWith(project(), { JADPO_RECORDING_KEY: "our own key" }));
    writeFileSync(recordingKeyPath(root), "");
    digestWith(root);
    expect(readFileSync(recordingKeyPath(root), "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
  });
});

describe("writeFileAtomic, create only", () => {
  it("never replaces a file already there: the first writer's text stays, and the second is told", () => {
    const root = project();
    const path = join(root, "state", "file");
    expect(writeFileAtomic(path, "first\n", { createOnly: true, mode: 0o600 })).toBe(true);
    expect(writeFileAtomic(path, "second\n", { createOnly: true, mode: 0o600 })).toBe(false);
    expect(readFileSync(path, "utf8")).toBe("first\n");
    expect(readdirSync(join(root, "state"))).toEqual(["file"]);
    expect(writeFileAtomic(path, "third\n")).toBe(true);
    expect(readFileSync(path, "utf8")).toBe("third\n");
  });
});
