// `pnpm bench:parse`: lexes and parses a generated ~5 MB Jadpo text 5 times and prints the median
// throughput (wall clock, and CPU time of this process, which a busy machine disturbs less). Then
// the same for texts full of syntax errors (bench/fuzz/broken-corpus.ts), which chevrotain reads,
// at 1 and 4 MB: the time per MB must not grow with the size.
import { parseFile } from "../packages/compiler/src/syntax/parse-file.ts";
import { lex } from "../packages/compiler/src/syntax/lexer.ts";
import { formatSource } from "../packages/compiler/src/format/index.ts";
import { generateCorpus } from "../packages/compiler/test/syntax/corpus.ts";
import { brokenCorpus, longBrokenDeclaration } from "./fuzz/broken-corpus.ts";

const RUNS = 5;
const text = generateCorpus(5 * 1024 * 1024);
const megabytes = Buffer.byteLength(text, "utf8") / (1024 * 1024);

function measure(run: () => void): { wall: number; cpu: number } {
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  run();
  const wall = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { wall, cpu: (cpu.user + cpu.system) / 1e6 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// Warm up once: the parser analyses its grammar on first use, and the JIT settles.
const warm = parseFile("bench.jadpotest", "test", text);
if (warm.diagnostics.length > 0) throw new Error(`the generated text has ${warm.diagnostics.length} diagnostics`);

const lexRuns: { wall: number; cpu: number }[] = [];
const parseRuns: { wall: number; cpu: number }[] = [];
const formatRuns: { wall: number; cpu: number }[] = [];
formatSource("bench.jadpotest", text, "test");
for (let i = 0; i < RUNS; i++) {
  lexRuns.push(measure(() => lex(text, "bench.jadpotest")));
  parseRuns.push(measure(() => parseFile("bench.jadpotest", "test", text)));
  formatRuns.push(measure(() => formatSource("bench.jadpotest", text, "test")));
}

const rate = (runs: { wall: number; cpu: number }[], key: "wall" | "cpu"): string =>
  (megabytes / median(runs.map((r) => r[key]))).toFixed(1);

console.log(`parse bench: ${megabytes.toFixed(1)} MB, ${warm.syntax.decls.length} declarations, ${RUNS} runs`);
console.log(`lex + parse  median ${rate(parseRuns, "wall")} MB/s  (CPU time: ${rate(parseRuns, "cpu")} MB/s)`);
console.log(`fmt          median ${rate(formatRuns, "wall")} MB/s  (CPU time: ${rate(formatRuns, "cpu")} MB/s; parse and layout, text to text)`);
console.log(`lex only     median ${rate(lexRuns, "wall")} MB/s  (CPU time: ${rate(lexRuns, "cpu")} MB/s)`);

// Broken declarations: every declaration with a mistake, and one long declaration broken at its end.
const MB = 1024 * 1024;
const broken: [string, string][] = [
  ["broken declarations, 1 MB", brokenCorpus(MB)],
  ["broken declarations, 4 MB", brokenCorpus(4 * MB)],
  ["one declaration broken at its end, 1 MB", longBrokenDeclaration(MB)],
  ["one declaration broken at its end, 4 MB", longBrokenDeclaration(4 * MB)],
];
for (const [, brokenText] of broken) parseFile("broken.jadpotest", "test", brokenText);
for (const [name, brokenText] of broken) {
  const runs = Array.from({ length: RUNS }, () => measure(() => parseFile("broken.jadpotest", "test", brokenText)));
  const size = Buffer.byteLength(brokenText, "utf8") / MB;
  const errors = parseFile("broken.jadpotest", "test", brokenText);
  const count = errors.diagnostics.length + (errors.omitted ?? 0);
  const perMb = (key: "wall" | "cpu"): string => (median(runs.map((r) => r[key])) / size).toFixed(3);
  console.log(`${name.padEnd(40)} median ${perMb("wall")} s/MB  (CPU time: ${perMb("cpu")} s/MB), ${count} syntax errors`);
}
