// The bench's one table: per variant its median, spread and rate, then the ratios the targets name.
import type { Timed } from "./common.ts";

export interface Variant {
  group: string;
  name: string;
  /** Tests it runs (for tests/s). */
  tests?: number;
  /** Source bytes it compiles (for MB/s). */
  bytes?: number;
  /** Runs before each measured run, unmeasured (e.g. removing the cache). */
  before?: () => void;
  run: () => Timed;
}

const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

export function printTable(variants: Variant[], results: Map<Variant, Timed[]>, median: (xs: number[]) => number): void {
  const m = new Map(variants.map((v) => [v.name, median(results.get(v)!.map((r) => r.seconds))]));
  console.log(`${pad("variant", 40)} ${lpad("median", 8)} ${lpad("min–max", 15)} ${lpad("rate", 14)} ${lpad("peak RSS", 9)} ${lpad("CPU", 7)}`);
  for (const v of variants) {
    const rs = results.get(v)!;
    const secs = rs.map((r) => r.seconds);
    const t = m.get(v.name)!;
    const rate = v.tests ? `${Math.round(v.tests / t)} tests/s` : v.bytes ? `${(v.bytes / 1e6 / t).toFixed(2)} MB/s` : "";
    const rss = median(rs.map((r) => r.rssMb));
    const cpu = median(rs.map((r) => r.cpu));
    console.log(
      `${pad(v.name, 40)} ${lpad(t.toFixed(3) + " s", 8)} ${lpad(`${Math.min(...secs).toFixed(2)}–${Math.max(...secs).toFixed(2)}`, 15)} ${lpad(rate, 14)} ${lpad(Number.isNaN(rss) ? "—" : rss.toFixed(0) + " MB", 9)} ${lpad(Number.isNaN(cpu) ? "—" : cpu.toFixed(2) + " s", 7)}`,
    );
  }
  const get = (name: string) => m.get(name)!;
  const cpuOf = (name: string) => median(results.get(variants.find((v) => v.name === name)!)!.map((r) => r.cpu));
  // Wall time is the target; CPU time (every process and thread the command started) is what a
  // shared machine's load disturbs least. Both, side by side.
  const ratio = (label: string, over: string, under: string, target: string) =>
    console.log(`${pad(label, 44)} ${lpad((get(over) / get(under)).toFixed(2) + "×", 8)} wall ${lpad((cpuOf(over) / cpuOf(under)).toFixed(2) + "×", 8)} CPU   target ${target}`);
  console.log("");
  ratio("vitest --no-isolate ÷ jadpo cold", "vitest --no-isolate", "jadpo test, cold (no .jadpo/)", "≥ 12× (wall)");
  ratio("vitest --no-isolate ÷ jadpo second run", "vitest --no-isolate", "jadpo test, second run (.jadpo/ kept)", "≥ 20× (wall)");
  ratio("vitest (default) ÷ jadpo cold", "vitest (default)", "jadpo test, cold (no .jadpo/)", "(note)");
  ratio("node --test ÷ jadpo cold", "node --test, hand-written fake", "jadpo test, cold (no .jadpo/)", "(note)");
  ratio("jadpo test 10 tests cold ÷ node -e 0", "jadpo test, 10 tests, cold", "node -e 0", "≤ 2.5× (wall)");
  ratio("jadpo check cold ÷ warm", "jadpo check 50,000 lines, cold", "jadpo check 50,000 lines, warm", "≥ 4×");
  const cold = "jadpo check 50,000 lines, cold";
  const mb = variants.find((v) => v.name === cold)!.bytes! / 1e6;
  console.log(`${pad("jadpo check cold, MB/s end to end", 44)} ${lpad((mb / get(cold)).toFixed(2), 8)} wall ${lpad((mb / cpuOf(cold)).toFixed(2), 8)} CPU   target ≥ 2.5 MB/s (wall)`);
  for (const name of ["jadpo fmt --check, 50,000 lines", "jadpo fmt, 50,000 lines rewritten"]) {
    const bytes = variants.find((v) => v.name === name)!.bytes! / 1e6;
    console.log(`${pad(`${name.replace(", 50,000 lines", "")}, MB/s`, 44)} ${lpad((bytes / get(name)).toFixed(2), 8)} wall ${lpad((bytes / cpuOf(name)).toFixed(2), 8)} CPU   target ≥ 5 MB/s (wall)`);
  }
  const rerun = "watch rerun start, 1 edit, 50,000 lines";
  console.log(`${pad("watch rerun start after one edit, ms", 44)} ${lpad((get(rerun) * 1000).toFixed(0), 8)} wall ${lpad((cpuOf(rerun) * 1000).toFixed(0), 8)} CPU   target ≤ 250 ms`);
  const big = variants.find((v) => v.group === "memory")!;
  console.log(`${pad("jadpo test 10,000 tests, peak RSS, MB", 44)} ${lpad(median(results.get(big)!.map((r) => r.rssMb)).toFixed(0), 8)}                 target ≤ 300 MB`);
  printStepRatios(variants, results, median);
}

/** A tool-loop test takes 4 steps: the run of one step against the run of a whole single-call test, wall and CPU. */
function printStepRatios(variants: Variant[], results: Map<Variant, Timed[]>, median: (xs: number[]) => number): void {
  const runs = (name: string) => results.get(variants.find((v) => v.name === name)!)!;
  const wall = (name: string) => median(runs(name).map((r) => r.seconds));
  const cpu = (name: string) => median(runs(name).map((r) => r.cpu));
  // The same tests compiled before the clock starts: the steps alone (bench/tool-steps.ts's `loop` line).
  const ahead = (name: string, field: 1 | 2) => median(runs(name).map((r) => Number(/^loop ([\d.]+) cpu ([\d.]+)/m.exec(r.stdout)?.[field])));
  const single = "run of 2,000 AI-call tests, in process";
  const oneStep = "run of 2,000 one-step tests, in process";
  const loop = "run of 2,000 tool-loop tests, in process";
  const line = (label: string, wallRatio: number, cpuRatio: number) =>
    console.log(`${pad(label, 44)} ${lpad(wallRatio.toFixed(2) + "×", 8)} wall ${lpad(cpuRatio.toFixed(2) + "×", 8)} CPU   target ≤ 2×`);
  line("a tool-loop step ÷ an AI-call test", wall(loop) / 4 / wall(single), cpu(loop) / 4 / cpu(single));
  line("a tool-loop step ÷ a one-step test", wall(loop) / 4 / wall(oneStep), cpu(loop) / 4 / cpu(oneStep));
  line("the same, tests compiled ahead", ahead(loop, 1) / 4 / ahead(oneStep, 1), ahead(loop, 2) / 4 / ahead(oneStep, 2));
  const us = (seconds: number) => `${((seconds / 2000) * 1e6).toFixed(1)} µs`;
  console.log(`${pad("CPU per test: AI-call, one-step, tool-loop", 44)} ${us(cpu(single))}, ${us(cpu(oneStep))}, ${us(cpu(loop))}`);
}
