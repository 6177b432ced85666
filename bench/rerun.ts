// `tsx bench/rerun.ts <dir> [rounds]`: what a watch rerun does before its tests start, after an
// edit to one file of a project — the snapshot (every file read and digested for the cache's key),
// then compiling with the process's parse reuse (only the edited file is parsed again) — in one
// process with the built compiler, as `jadpo test --watch` runs it. Prints the median in ms on
// its last line (`pnpm bench` reads it). Build first: `pnpm build`.
import "../packages/cli/dist/v8-tuning.mjs";
import { appendFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type * as Compiler from "../packages/compiler/src/index.ts";
import { nodeHost } from "../packages/cli/src/node-host.ts";
import { repo } from "./scenarios/common.ts";

const c = (await import(join(repo, "packages/cli/dist/compiler.mjs"))) as typeof Compiler;
const root = process.argv[2];
const rounds = Number(process.argv[3] ?? 7);
const parses = new c.ParseCache();
const cache: Compiler.ModuleCache = {
  toolchain: "bench", store: c.memoryStore(),
  digest: (parts) => parts.reduce((hash, part) => hash.update(part), createHash("sha256")).digest("hex"),
};

const cpuTimes: number[] = [];
function rerun(): number {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const snapshot = c.snapshotProject(nodeHost, root);
  c.snapshotKey(snapshot, cache, "test");
  const compiled = c.compileProject(snapshot.host, root, { parses });
  if (compiled.diagnostics.length > 0) throw new Error(`${compiled.diagnostics.length} diagnostics`);
  const cpu = process.cpuUsage(cpuBefore);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
  return performance.now() - started;
}

const first = rerun(); // the watch's first run: everything parsed
const edited = c.discoverFiles(nodeHost, root).files.find((file) => file.kind === "source")!;
const times: number[] = [];
for (let round = 0; round < rounds; round++) {
  appendFileSync(edited.absolute, `\n// edit ${round}\n`);
  times.push(rerun());
}
const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const median = middle(times);
console.log(`first run ${first.toFixed(0)} ms; reruns after editing ${edited.path}: ${times.map((t) => t.toFixed(0)).join(" ")} ms`);
console.log(`cpu median ${middle(cpuTimes.slice(1)).toFixed(1)}`);
console.log(`median ${median.toFixed(1)}`);
