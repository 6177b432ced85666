// Builds the extension: bundles the client (vscode-languageclient included, `vscode` provided by
// the editor) into dist/extension.js; with `--vsix <file>`, packages it with @vscode/vsce,
// offline: the bundle carries every dependency, so vsce lists none. With `--out-dir <dir>`, the
// build goes to that folder (the extension's files copied there beside dist/) and nothing is
// written here, so builds in temp folders (tests) never meet.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { cpSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));

/** The value after `flag` on the command line, or null. */
function valueOf(flag) {
  const at = process.argv.indexOf(flag);
  const value = at === -1 ? undefined : process.argv[at + 1];
  return value === undefined || value.startsWith("-") ? null : value;
}

const outDir = valueOf("--out-dir") === null ? here : resolve(valueOf("--out-dir"));
if (outDir !== here) {
  // What vsce packs from here (.vscodeignore included, which keeps src/ and build.mjs out); not
  // the dependencies (bundled) nor an earlier build.
  cpSync(here, outDir, { recursive: true, filter: (path) => !/[\\/](node_modules|dist)$|\.vsix$/.test(path) });
}
await build({
  entryPoints: [join(here, "src/extension.mts")], outfile: join(outDir, "dist/extension.js"), bundle: true, platform: "node",
  format: "cjs", target: "node20", external: ["vscode"], minify: true, legalComments: "none", logLevel: "warning",
});

if (process.argv.includes("--vsix")) {
  const vsce = createRequire(join(here, "../../package.json")).resolve("@vscode/vsce/vsce");
  const out = valueOf("--vsix");
  const args = ["package", "--no-dependencies", "--allow-missing-repository", "--skip-license", ...(out === null ? [] : ["--out", resolve(out)])];
  const run = spawnSync(process.execPath, [vsce, ...args], { cwd: outDir, stdio: "inherit" });
  process.exit(run.status ?? 1);
}
