// `pnpm jadpo …`: the built CLI, never older than the sources. When a source file of the compiler,
// the runtime or the CLI (or this build folder) is newer than the last build's stamp, it rebuilds
// first, saying so on one line of standard error; then it runs the bin in this process. The check
// is a walk of the source folders (a few milliseconds), kept out of the installed bin, which has
// no sources beside it. `JADPO_NO_REBUILD=1` refuses instead of rebuilding.
import { spawnSync } from "node:child_process";
import { buildIsStale, buildScript } from "./stale.mjs";

if (buildIsStale()) {
  if (process.env.JADPO_NO_REBUILD === "1") {
    console.error("jadpo: the built CLI is older than its sources; run `pnpm build` (or `pnpm jadpo:src` to run the sources)");
    process.exit(2);
  }
  console.error("jadpo: the sources changed since the last build; rebuilding (pnpm build)…");
  const build = spawnSync(process.execPath, [buildScript], { stdio: ["ignore", 2, 2] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import("../bin/jadpo.mjs");
