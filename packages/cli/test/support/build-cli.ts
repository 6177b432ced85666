// The e2e tests run the BUILT binary. vitest's global setup builds it once per run
// (vitest.global-setup.ts) and says so in the environment; a test file run on its own builds it here.
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "../../../..");

export function buildCli(): void {
  if (process.env.JADPO_TEST_CLI_BUILT === "1") return;
  execFileSync(process.execPath, [join(repo, "packages/cli/build/build-cli.mjs")], { cwd: repo, stdio: "pipe" });
}
