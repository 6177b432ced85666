// `pnpm bench:phases [dir] [rounds]`: where `jadpo check` spends its time, phase by phase, in one
// fresh process — the built compiler (packages/cli/dist, with its code cache and jadpo's V8
// flags), so the first round is what a cold `jadpo check` does. Generates the bench:check
// project unless a folder is given; more rounds show the same process warmed up.
// Build first: `node packages/cli/build/build-cli.mjs`.
import "../packages/cli/dist/v8-tuning.mjs";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import type * as Compiler from "../packages/compiler/src/index.ts";
import { nodeHost } from "../packages/cli/src/node-host.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const compilerModule = join(repo, "packages/cli/dist/compiler.mjs");

const times: [string, number][] = [];
function time<T>(name: string, run: () => T): T {
  const start = performance.now();
  const value = run();
  times.push([name, performance.now() - start]);
  return value;
}

const loading = performance.now();
const c = (await import(compilerModule)) as typeof Compiler;
times.push(["load the compiler", performance.now() - loading]);
const given = process.argv[2];
const root = given ?? mkdtempSync(join(tmpdir(), "jadpo-phases-"));
if (given === undefined) execFileSync(process.execPath, [join(repo, "node_modules/tsx/dist/cli.mjs"), join(repo, "bench/check.ts"), "--generate", root]);
const rounds = Number(process.argv[3] ?? 1);

time("build the parser", () => c.parseFile("empty.jadpo", "source", ""));
for (let round = 1; round <= rounds; round++) {
  if (round > 1) times.length = 0;
  const found = time("find files", () => c.discoverFiles(nodeHost, root));
  const bytes = time("read files", () => found.files.map((file) => nodeHost.readWithin(file.absolute, Infinity) as Uint8Array));
  const files = time("lex + parse", () =>
    found.files.map((file, i): Compiler.LoadedFile => {
      const parsed = c.parseFile(file.path, file.kind, bytes[i]);
      return { path: file.path, kind: file.kind, ...c.moduleNames(file.path), source: parsed.source, syntax: parsed.syntax };
    }),
  );
  const resolved = time("resolve modules", () => c.resolveModules(files, { recordings: [], incomplete: new Set() }));
  const checked = time("check", () => c.checkProgram(resolved.graph, [], { toRun: false }));

  const megabytes = bytes.reduce((n, b) => n + b.length, 0) / 1e6;
  console.log(`round ${round}: ${found.files.length} files, ${megabytes.toFixed(2)} MB, ${checked.diagnostics.length} diagnostics`);
  for (const [name, ms] of times) console.log(`  ${name.padEnd(18)} ${ms.toFixed(0).padStart(5)} ms`);
  console.log(`  ${"total".padEnd(18)} ${times.reduce((n, [, ms]) => n + ms, 0).toFixed(0).padStart(5)} ms`);
}
if (given === undefined) rmSync(root, { recursive: true, force: true });
