// `pnpm fuzz [count] [seed] [from]`: the in-process fuzz of the compiler (bench/fuzz/run.ts), 20,000
// inputs by default (inputs `from` to `from + count - 1`, so a run can be split across processes).
// Exit 1 on any crash, input over 2 s, malformed diagnostic, or declaration the two parsers read differently.
import { fuzz, fuzzText } from "./fuzz/run.ts";

const count = Number(process.argv[2] ?? 20_000);
const seed = Number(process.argv[3] ?? 20261201);
const from = Number(process.argv[4] ?? 0);
const started = performance.now();
const report = fuzz(count, seed, (done) => {
  if (done % 500 === 0) process.stderr.write(`  ${done} of ${count} (${Math.round((performance.now() - started) / 1000)} s)\n`);
}, from);
process.stdout.write(fuzzText(report, seed, from));
process.stdout.write(`wall time: ${Math.round((performance.now() - started) / 1000)} s\n`);
process.exitCode = report.crashes.length + report.slow.length + report.bad.length + report.disagreements.length > 0 ? 1 : 0;
