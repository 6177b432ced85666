// Builds the extension: bundles the client (vscode-languageclient included, `vscode` provided by
// the editor) into dist/extension.js; with `--vsix`, packages it as jadpo-<version>.vsix with
// @vscode/vsce, offline: the bundle carries every dependency, so vsce lists none.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
await build({
  entryPoints: [join(here, "src/extension.mts")], outfile: join(here, "dist/extension.js"), bundle: true, platform: "node",
  format: "cjs", target: "node20", external: ["vscode"], minify: true, legalComments: "none", logLevel: "warning",
});

if (process.argv.includes("--vsix")) {
  const vsce = createRequire(join(here, "../../package.json")).resolve("@vscode/vsce/vsce");
  const out = process.argv[process.argv.indexOf("--vsix") + 1];
  const args = ["package", "--no-dependencies", "--allow-missing-repository", "--skip-license", ...(out && !out.startsWith("-") ? ["--out", out] : [])];
  const run = spawnSync(process.execPath, [vsce, ...args], { cwd: here, stdio: "inherit" });
  process.exit(run.status ?? 1);
}
