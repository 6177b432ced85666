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
  const ratio = (label: string, value: number, target: string) => console.log(`${pad(label, 58)} ${lpad(value.toFixed(2) + "×", 8)}   target ${target}`);
  console.log("");
  const noIsolate = get("vitest --no-isolate");
  ratio("vitest --no-isolate ÷ jadpo cold", noIsolate / get("jadpo test, cold (no .jadpo/)"), "≥ 12×");
  ratio("vitest --no-isolate ÷ jadpo warm", noIsolate / get("jadpo test, warm (cache kept)"), "≥ 20×");
  ratio("vitest (default) ÷ jadpo warm", get("vitest (default)") / get("jadpo test, warm (cache kept)"), "(note)");
  ratio("node --test ÷ jadpo warm", get("node --test, hand-written fake") / get("jadpo test, warm (cache kept)"), "(note)");
  ratio("jadpo test 10 tests cold ÷ node -e 0", get("jadpo test, 10 tests, cold") / get("node -e 0"), "≤ 2.5×");
  ratio("jadpo check cold ÷ warm", get("jadpo check 50,000 lines, cold") / get("jadpo check 50,000 lines, warm"), "≥ 4×");
  const checkBytes = variants.find((v) => v.name === "jadpo check 50,000 lines, cold")!.bytes!;
  console.log(`${pad("jadpo check cold, end to end", 58)} ${lpad((checkBytes / 1e6 / get("jadpo check 50,000 lines, cold")).toFixed(2), 8)}   MB/s, target ≥ 2.5 MB/s`);
  console.log(`${pad("watch rerun start after one edit, 50,000 lines", 58)} ${lpad((get("watch rerun start, 1 edit, 50,000 lines") * 1000).toFixed(0), 8)}   ms, target ≤ 250 ms`);
  const big = variants.find((v) => v.group === "memory")!;
  console.log(`${pad("jadpo test 10,000 tests, peak RSS (median)", 58)} ${lpad(median(results.get(big)!.map((r) => r.rssMb)).toFixed(0), 8)}   MB, target ≤ 300 MB`);
}
