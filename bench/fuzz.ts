// `pnpm fuzz [count] [seed]`: the in-process fuzz of the compiler (bench/fuzz/run.ts), 20,000
// inputs by default. Exit 1 on any crash, input over 2 s, or malformed diagnostic.
import { fuzz, fuzzText } from "./fuzz/run.ts";

const count = Number(process.argv[2] ?? 20_000);
const seed = Number(process.argv[3] ?? 20261201);
const started = performance.now();
const report = fuzz(count, seed, (done) => {
  if (done % 1_000 === 0) process.stderr.write(`  ${done} of ${count} (${Math.round((performance.now() - started) / 1000)} s)\n`);
});
process.stdout.write(fuzzText(report, seed));
process.stdout.write(`wall time: ${Math.round((performance.now() - started) / 1000)} s\n`);
process.exitCode = report.crashes.length + report.slow.length + report.bad.length > 0 ? 1 : 0;
