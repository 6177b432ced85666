// V8 tuning for a short-lived compiler process, set before anything else runs: bin/jadpo.mjs
// imports this bundle entry first. V8 flags are process-wide, so worker threads share them.
// With V8's default interrupt budget, `jadpo check` of a large project spends about half a
// CPU-second in Turbofan on functions that have barely run; a larger budget optimizes only what
// stays hot (bench/README.md has the figures). Heap-size flags are not here: set at run time,
// they don't take effect.
import { setFlagsFromString } from "node:v8";

export const V8_FLAGS = ["--interrupt-budget=400000"] as const;

for (const flag of V8_FLAGS) setFlagsFromString(flag);
