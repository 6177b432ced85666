// Builds the CLI bundle before any test file runs, when its sources are newer than the last build;
// e2e tests then skip their own build.
import { execFileSync } from "node:child_process";
import { buildIsStale, buildScript } from "./packages/cli/build/stale.mjs";

export default function setup(): void {
  if (buildIsStale()) execFileSync(process.execPath, [buildScript], { stdio: "pipe" });
  process.env.JADPO_TEST_CLI_BUILT = "1";
}
