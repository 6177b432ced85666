// Which Chromium the browser test drives: `JADPO_CHROMIUM` when set, else the first of the usual
// names on the PATH. Where there is none the test is skipped, with the reason printed; under CI
// (`CI` set) a missing browser fails instead, so CI never passes without having run it.
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/** The names a Chromium goes by on the PATH, tried in order. */
export const CHROMIUM_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] as const;

export type ChromiumLookup = { path: string } | { path: null; reason: string };

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Finds Chromium for the environment `env` (its PATH and JADPO_CHROMIUM). */
export function findChromium(env: Readonly<Record<string, string | undefined>>, executable = isExecutableFile): ChromiumLookup {
  const chosen = env.JADPO_CHROMIUM;
  if (chosen !== undefined && chosen !== "") {
    return executable(chosen) ? { path: chosen } : { path: null, reason: `JADPO_CHROMIUM names \`${chosen}\`, which is not an executable file` };
  }
  const folders = (env.PATH ?? "").split(delimiter).filter((folder) => folder !== "");
  for (const name of CHROMIUM_NAMES) {
    for (const folder of folders) {
      const path = join(folder, name);
      if (executable(path)) return { path };
    }
  }
  return { path: null, reason: `no Chromium on the PATH (tried ${CHROMIUM_NAMES.join(", ")}); install one or set JADPO_CHROMIUM to its path` };
}

/** What the browser test does here: run with a path, skip with a reason, or fail under CI. */
export type BrowserPlan = { run: string } | { skip: string } | { fail: string };

export function browserPlan(env: Readonly<Record<string, string | undefined>>, executable = isExecutableFile): BrowserPlan {
  const found = findChromium(env, executable);
  if (found.path !== null) return { run: found.path };
  const ci = env.CI !== undefined && env.CI !== "" && env.CI !== "false" && env.CI !== "0";
  return ci ? { fail: `CI is set, so the browser test must run, but ${found.reason}` } : { skip: `skipped the /_dev browser test: ${found.reason}` };
}
