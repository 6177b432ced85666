// V8 tuning for a short-lived compiler process, set before anything else runs: bin/jadpo.mjs
// imports this bundle entry first. V8 flags are process-wide, so worker threads share them.
// With V8's default interrupt budget, `jadpo check` of a large project spends about half a
// CPU-second in Turbofan on functions that have barely run; a larger budget optimizes only what
// stays hot (bench/README.md has the figures). `--no-liftoff` compiles WebAssembly with the
// optimizing compiler at once: the toolchain's one module is SHA-256's compression function
// (compiler/src/hash/), which hashes a whole project for the cache's key in one call, and V8's
// baseline code would take ≈ 25 ms for 700 KB where the optimized code takes ≈ 3. Heap-size flags
// are not here: set at run time, they don't take effect.
import { setFlagsFromString } from "node:v8";

export const V8_FLAGS = ["--interrupt-budget=400000", "--no-liftoff"] as const;

for (const flag of V8_FLAGS) setFlagsFromString(flag);
