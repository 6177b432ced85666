// `tsx bench/phases.ts [dir]`: where a cold `jadpo check` spends its time, phase by phase, in one
// fresh process (the first run) — the figures behind bench/README.md's breakdown. Generates the
// bench:check project unless a folder is given. Uses the CLI's V8 flags (src/v8-tuning.ts).
import "../packages/cli/src/v8-tuning.ts";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { nodeHost } from "../packages/cli/src/node-host.ts";
import { discoverFiles, moduleNames } from "../packages/compiler/src/modules/load.ts";
import { resolveModules } from "../packages/compiler/src/modules/resolve.ts";
import { parseFile } from "../packages/compiler/src/syntax/parse-file.ts";
import { theParser } from "../packages/compiler/src/syntax/parser.ts";
import { checkProgram } from "../packages/compiler/src/check/check-program.ts";
import type { LoadedFile } from "../packages/compiler/src/modules/graph.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
let root = process.argv[2];
if (root === undefined) {
  root = mkdtempSync(join(tmpdir(), "jadpo-phases-"));
  execFileSync(process.execPath, [join(repo, "node_modules/tsx/dist/cli.mjs"), join(repo, "bench/check.ts"), "--generate", root]);
}

const times: [string, number][] = [];
const time = <T>(name: string, run: () => T): T => {
  const start = performance.now();
  const value = run();
  times.push([name, performance.now() - start]);
  return value;
};

const rounds = Number(process.argv[3] ?? 1);
time("parser construction", () => theParser());
for (let round = 1; round <= rounds; round++) {
if (round > 1) times.length = 0;
const found = time("discover files", () => discoverFiles(nodeHost, root));
const bytes = time("read files", () => found.files.map((file) => nodeHost.readFile(file.absolute) ?? new Uint8Array()));
const files = time("lex + parse", () =>
  found.files.map((file, i): LoadedFile => {
    const parsed = parseFile(file.path, file.kind, bytes[i]);
    return { path: file.path, kind: file.kind, ...moduleNames(file.path), source: parsed.source, syntax: parsed.syntax };
  }),
);
const resolved = time("resolve modules", () => resolveModules(files, { recordings: [], incomplete: new Set() }));
const checked = time("check", () => checkProgram(resolved.graph));

const total = bytes.reduce((n, b) => n + b.length, 0);
console.log(`${found.files.length} files, ${(total / 1e6).toFixed(2)} MB, ${checked.diagnostics.length} diagnostics`);
for (const [name, ms] of times) console.log(`  ${name.padEnd(20)} ${ms.toFixed(0).padStart(5)} ms`);
console.log(`  ${"total".padEnd(20)} ${times.reduce((n, [, ms]) => n + ms, 0).toFixed(0).padStart(5)} ms`);
}
