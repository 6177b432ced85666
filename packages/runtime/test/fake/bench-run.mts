// How fast AI-call tests run: the example app's action tests repeated N times (default 2000),
// checked and compiled once, then run one after another on this thread, R rounds.
//   npx tsx packages/runtime/test/fake/bench-run.mts        (tsx adds per-closure overhead:
//   bundle it with esbuild, as the CLI is, for the numbers a user sees)
//   N=2000 R=20 MODE=sync|async
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { compileProject } from "@jadpo/compiler";
import { memoryHost } from "@jadpo/compiler/testing";
import { compileProgram } from "../../src/exec/compile-program.ts";
import { runTest } from "../../src/runner/run-test.ts";
import { atRoot, filesUnder } from "../../src/testing/project.ts";

const root = fileURLToPath(new URL("../../../../examples/support", import.meta.url));
const testsFile = "domains/support/actions/answer_customer.test.jadpo";
const [header, ...tests] = readFileSync(`${root}/${testsFile}`, "utf8").split(/\n(?=test ")/);
const N = Number(process.env.N ?? 2000);
let body = `${header}\n`;
for (let i = 0; i < N; i++) body += `${tests[i % tests.length].replace(/^test "([^"]*)"/, (_m, name: string) => `test "${name} ${i}"`)}\n`;
const host = memoryHost(atRoot({ ...filesUnder(root), [testsFile]: body }, root));

let t = performance.now();
const program = compileProject(host, root).program!;
console.log(`check ${(performance.now() - t).toFixed(0)} ms`);
const mode = (process.env.MODE ?? "sync") as "sync" | "async";
t = performance.now();
const compiled = compileProgram(program, { aiMode: mode, eagerTests: true });
console.log(`compile ${(performance.now() - t).toFixed(0)} ms (${program.tests.length} tests, ${mode})`);
const readFile = (p: string) => host.readFile(`${root}/${p}`);

const times: number[] = [];
for (let round = 0; round < Number(process.env.R ?? 20); round++) {
  const started = performance.now();
  for (const test of program.tests) {
    const r = runTest(compiled, test, { runSeed: 1, readFile });
    const result = r instanceof Promise ? await r : r;
    if (result.status !== "passed") throw new Error(`${test.name} failed`);
  }
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const median = times[times.length >> 1];
console.log(`run: min ${times[0].toFixed(0)} ms, median ${median.toFixed(0)} ms → ${((program.tests.length / median) * 1000).toFixed(0)} tests/s`);
