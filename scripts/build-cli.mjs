// Builds the CLI into one ESM bundle so `jadpo` starts without loading hundreds of module files.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "packages/cli");

const result = await build({
  entryPoints: { jadpo: join(cli, "src/main.ts"), worker: join(cli, "src/worker.ts"), "v8-tuning": join(cli, "src/v8-tuning.ts") },
  outdir: join(cli, "dist"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Commands load their work with import(): split chunks keep start-up to what a command needs.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  legalComments: "none",
  logLevel: "warning",
  // Written below, each file atomically (temp file, then rename): a `jadpo` starting while
  // another build runs (tests build in parallel) never reads half a bundle.
  write: false,
  // CommonJS dependencies (seedrandom, json-stable-stringify) call require() at run time.
  banner: { js: "import { createRequire as __jadpoCreateRequire } from 'node:module'; const require = __jadpoCreateRequire(import.meta.url);" },
});

// Chunks are content-named: drop the previous build's so dist/ holds one build.
const fresh = new Set(result.outputFiles.map((file) => file.path));
const chunkDir = join(cli, "dist/chunks");
if (existsSync(chunkDir)) {
  for (const name of readdirSync(chunkDir)) {
    const path = join(chunkDir, name);
    if (!fresh.has(path)) rmSync(path, { force: true });
  }
}

for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  const temp = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temp, file.contents);
  renameSync(temp, file.path);
}
