import { fuzz } from "./fuzz/run.ts";
for (const i of process.argv.slice(2).map(Number)) {
  const r = fuzz(1, 20261201, undefined, i);
  console.log(i, Math.round(r.slowest.ms), "ms cpu", r.slowest.mutations.join(","));
}
