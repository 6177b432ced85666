// `pnpm jadpo …`: the built CLI, never older than the sources. When a source file of the compiler,
// the runtime or the CLI (or this build folder) is newer than the last build's stamp, it rebuilds
// first, saying so on one line of standard error; then it runs the bin in this process. The check
// is a walk of the source folders (a few milliseconds), kept out of the installed bin, which has
// no sources beside it. `JADPO_NO_REBUILD=1` refuses instead of rebuilding.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..");
const packages = join(cli, "..");
const stamp = join(cli, "dist", "build-stamp");
const watched = ["compiler/src", "runtime/src", "runtime/prompts", "../prompts", "cli/src", "cli/build", "cli/bin"].map((dir) => join(packages, dir));

/** The newest modification time under `dir` (0 when it doesn't exist). */
function newest(dir) {
  let latest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function builtAt() {
  try {
    return statSync(stamp).mtimeMs;
  } catch {
    return 0;
  }
}

const sources = Math.max(...watched.map(newest));
if (sources > builtAt()) {
  if (process.env.JADPO_NO_REBUILD === "1") {
    console.error("jadpo: the built CLI is older than its sources; run `pnpm build` (or `pnpm jadpo:src` to run the sources)");
    process.exit(2);
  }
  console.error("jadpo: the sources changed since the last build; rebuilding (pnpm build)…");
  const build = spawnSync(process.execPath, [join(cli, "build", "build-cli.mjs")], { stdio: ["ignore", 2, 2] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import("../bin/jadpo.mjs");
