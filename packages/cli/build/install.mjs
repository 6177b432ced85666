// `pnpm jadpo:install [--prefix DIR]`: builds the CLI, packs it (pack.mjs) and installs the
// tarball with `npm install -g`, so `jadpo` is on the PATH in any folder. Offline: the package
// has no dependencies to fetch. `--prefix` (or npm_config_prefix) picks where npm installs it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { npm, packCli, run } from "./pack.mjs";

/** The `--prefix` given, as `--prefix DIR` or `--prefix=DIR`; undefined without one. */
function prefixArgument(args) {
  const at = args.findIndex((arg) => arg === "--prefix" || arg.startsWith("--prefix="));
  if (at < 0) return undefined;
  const value = args[at] === "--prefix" ? args[at + 1] : args[at].slice("--prefix=".length);
  if (!value) throw new Error("jadpo:install: --prefix needs a folder");
  return resolve(value);
}

const args = process.argv.slice(2);
const out = mkdtempSync(join(tmpdir(), "jadpo-install-"));
try {
  const prefix = prefixArgument(args);
  const tarball = packCli({ outDir: out, build: !args.includes("--no-build") });
  const where = prefix === undefined ? [] : ["--prefix", prefix];
  run(npm(), ["install", "-g", ...where, "--offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball], process.cwd());
  const root = prefix ?? run(npm(), ["prefix", "-g"], process.cwd()).trim();
  const bin = process.platform === "win32" ? root : join(root, "bin");
  console.log(`✓ jadpo installed: ${join(bin, "jadpo")}`);
  const onPath = (process.env.PATH ?? "").split(delimiter).some((dir) => resolve(dir) === resolve(bin));
  console.log(onPath ? "→ jadpo init my-app  starts a project in a new folder" : `▲ ${bin} is not on your PATH: add it to run \`jadpo\` by name`);
} catch (error) {
  console.error(`jadpo:install failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
