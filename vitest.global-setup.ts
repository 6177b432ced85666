// Builds the CLI bundle once before any test file runs; e2e tests then skip their own build.
import { execFileSync } from "node:child_process";

export default function setup(): void {
  execFileSync(process.execPath, ["packages/cli/build/build-cli.mjs"], { stdio: "pipe" });
  process.env.JADPO_TEST_CLI_BUILT = "1";
}
