// Whether the built CLI is older than its sources: the newest file under the compiler's, the
// runtime's and the CLI's sources (and prompts/) against the last build's stamp.
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

/** True when a source file is newer than the last build (or there is none). */
export function buildIsStale() {
  return Math.max(...watched.map(newest)) > builtAt();
}

/** The build script. */
export const buildScript = join(cli, "build", "build-cli.mjs");
