// Samples every allocation of a run, including the objects the young generation collects
// (`node --heap-prof` keeps only what is still alive at the end), and writes a .heapprofile at exit:
//
//   ALLOC_DIR=/tmp/alloc node --import ./bench/alloc-sampler.mjs packages/cli/bin/jadpo.mjs test
//
// The profile opens in Chrome's DevTools (Memory); bytes are per call stack, sampled every
// ALLOC_INTERVAL bytes (1024 by default). Used for bench/README.md's round 4.
import { Session } from "node:inspector";
import { mkdirSync, writeFileSync } from "node:fs";

const session = new Session();
session.connect();
const dir = process.env.ALLOC_DIR ?? "/tmp/alloc";
mkdirSync(dir, { recursive: true });
session.post("HeapProfiler.enable");
session.post("HeapProfiler.startSampling", {
  samplingInterval: Number(process.env.ALLOC_INTERVAL ?? 1024),
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
// The main thread's session answers synchronously, so the profile is written before the exit.
process.on("exit", () => {
  session.post("HeapProfiler.stopSampling", (error, result) => {
    if (error) console.error(error);
    else writeFileSync(`${dir}/${process.pid}.heapprofile`, JSON.stringify(result.profile));
  });
});
