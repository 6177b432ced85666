// `pnpm bench:fmt [runs] [--against <jadpo.mjs>]`: `pnpm bench`'s two `jadpo fmt` rows alone —
// `--check` of a formatted copy of the 50,000-line `check` project, and the rewrite of a fresh,
// unformatted copy (every file but `app.jadpo` written) — in interleaved rounds after an
// unmeasured one, with medians, MB/s and the load. `--against` times another build's bin the same
// way in the same rounds (a copy of another checkout's `packages/cli`, built): before and after.
// The projects are made under the system's temporary folder (TMPDIR), as `pnpm bench` makes them.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { interleavedRounds, jadpoBin, median, timeNode, type Timeable } from "./scenarios/common.ts";
import { writeCheckProject } from "./scenarios/check-project.ts";

const args = process.argv.slice(2);
const against = args.includes("--against") ? args[args.indexOf("--against") + 1] : null;
const runs = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== "--against") ?? 9);
const bins: [string, string][] = against === null ? [["this build", jadpoBin]] : [["this build", jadpoBin], ["against", against]];
const top = mkdtempSync(join(tmpdir(), "jadpo-bench-fmt-"));

interface Row extends Timeable {
  name: string;
}

try {
  const rows: Row[] = [];
  let bytes = 0;
  for (const [label, bin] of bins) {
    const formatted = join(top, `check-${rows.length}`);
    const fresh = join(top, `write-${rows.length}`);
    bytes = writeCheckProject(formatted).bytes;
    timeNode([bin, "fmt"], formatted);
    rows.push(
      { name: `${label}: jadpo fmt --check`, run: () => timeNode([bin, "fmt", "--check"], formatted) },
      { name: `${label}: jadpo fmt, rewritten`, before: () => writeCheckProject(fresh), run: () => timeNode([bin, "fmt"], fresh) },
    );
  }
  const { results, loads } = interleavedRounds(rows, runs);
  console.log(`jadpo bench:fmt: ${runs} interleaved rounds after one unmeasured, ${availableParallelism()} cores, load average ${loads.map((l) => l.toFixed(2)).join(" → ")}`);
  console.log(`project: ${(bytes / 1e6).toFixed(2)} MB under ${tmpdir()}\n`);
  console.log(`${"variant".padEnd(36)} ${"median".padStart(8)} ${"min–max".padStart(11)} ${"wall".padStart(11)} ${"CPU".padStart(7)} ${"CPU rate".padStart(11)}`);
  for (const row of rows) {
    const times = results.get(row)!;
    const wall = times.map((t) => t.seconds);
    const cpu = median(times.map((t) => t.cpu));
    const range = `${Math.min(...wall).toFixed(2)}–${Math.max(...wall).toFixed(2)}`;
    const rate = (seconds: number) => `${(bytes / 1e6 / seconds).toFixed(2)} MB/s`;
    console.log(`${row.name.padEnd(36)} ${`${median(wall).toFixed(3)} s`.padStart(8)} ${range.padStart(11)} ${rate(median(wall)).padStart(11)} ${`${cpu.toFixed(2)} s`.padStart(7)} ${rate(cpu).padStart(11)}`);
  }
  console.log("\ntarget: ≥ 5 MB/s (wall)");
} finally {
  rmSync(top, { recursive: true, force: true });
}
