// The browser test's Chromium lookup: JADPO_CHROMIUM, then the PATH; skipped with a reason where
// there is none, failed instead under CI.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { browserPlan, findChromium } from "./chromium.ts";

const root = mkdtempSync(join(tmpdir(), "jadpo-chromium-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder holding executables with these names (and one plain file that isn't executable). */
function folder(name: string, executables: string[], plain: string[] = []): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const file of [...executables, ...plain]) writeFileSync(join(dir, file), "#!/bin/sh\n");
  for (const file of executables) chmodSync(join(dir, file), 0o755);
  return dir;
}

describe("finding Chromium for the browser test", () => {
  const empty = folder("empty", []);
  const chrome = folder("chrome", ["google-chrome"]);
  const both = folder("both", ["chromium-browser", "chromium"]);
  const notExecutable = folder("plain", [], ["chromium"]);

  it("takes the first name that is on the PATH, in the order of the names, then of the PATH", () => {
    expect(findChromium({ PATH: [empty, chrome].join(delimiter) })).toEqual({ path: join(chrome, "google-chrome") });
    expect(findChromium({ PATH: [chrome, both].join(delimiter) })).toEqual({ path: join(both, "chromium") });
  });

  it("skips files that are not executable", () => {
    expect(findChromium({ PATH: notExecutable }).path).toBeNull();
  });

  it("takes JADPO_CHROMIUM over the PATH, and says when it names no executable", () => {
    const own = join(chrome, "google-chrome");
    expect(findChromium({ PATH: both, JADPO_CHROMIUM: own })).toEqual({ path: own });
    const missing = join(empty, "nope");
    expect(findChromium({ PATH: both, JADPO_CHROMIUM: missing })).toEqual({
      path: null,
      reason: `JADPO_CHROMIUM names \`${missing}\`, which is not an executable file`,
    });
  });

  it("is skipped with the reason where there is none, and fails under CI", () => {
    expect(browserPlan({ PATH: empty })).toEqual({
      skip: "skipped the /_dev browser test: no Chromium on the PATH (tried chromium, chromium-browser, google-chrome, google-chrome-stable); install one or set JADPO_CHROMIUM to its path",
    });
    const ci = browserPlan({ PATH: empty, CI: "true" });
    expect("fail" in ci && ci.fail).toMatch(/^CI is set, so the browser test must run, but no Chromium on the PATH/);
    expect(browserPlan({ PATH: empty, CI: "false" })).toHaveProperty("skip");
    expect(browserPlan({ PATH: both, CI: "1" })).toEqual({ run: join(both, "chromium") });
  });
});
