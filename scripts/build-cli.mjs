// Builds the CLI into one ESM bundle so `jadpo` starts without loading hundreds of module files.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "packages/cli");

await build({
  entryPoints: { jadpo: join(cli, "src/main.ts"), worker: join(cli, "src/worker.ts") },
  outdir: join(cli, "dist"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  splitting: false,
  legalComments: "none",
  logLevel: "warning",
  // CommonJS dependencies (seedrandom, json-stable-stringify) call require() at run time.
  banner: { js: "import { createRequire as __jadpoCreateRequire } from 'node:module'; const require = __jadpoCreateRequire(import.meta.url);" },
});
