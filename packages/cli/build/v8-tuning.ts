// V8 tuning for a short-lived compiler process, set before anything else runs: bin/jadpo.mjs
// imports this bundle entry first. V8 flags are process-wide, so worker threads share them.
// With V8's default interrupt budget, `jadpo check` of a large project spends about half a
// CPU-second in Turbofan on functions that have barely run; a larger budget optimizes only what
// stays hot (bench/README.md has the figures). `--no-liftoff` compiles WebAssembly with the
// optimizing compiler at once: the toolchain's one module is SHA-256's compression function
// (compiler/src/hash/), which hashes a whole project for the cache's key in one call, and V8's
// baseline code would take ≈ 25 ms for 700 KB where the optimized code takes ≈ 3.
// `--semi-space-growth-factor=4` lets the young generation grow 4× at a time instead of 2×: a
// run builds its syntax trees, checked program and compiled tests in the young generation and
// keeps them, so with a small one every scavenge copies most of what it holds, and the objects
// promoted early start a mark-compact of the old generation; the 2,000-test bench spends ≈ 20 ms
// less in the collector. Heap-size flags are not here: set at run time, they don't take effect;
// the growth factor is read at each scavenge.
import { createRequire } from "node:module";
import { setFlagsFromString } from "node:v8";

const V8_FLAGS = ["--interrupt-budget=400000", "--no-liftoff", "--semi-space-growth-factor=4"] as const;

/**
 * Node's own modules the commands load, loaded before the flags change. V8 refuses a code cache
 * made under other flags, so once a flag is set, Node's embedded cache of its modules no longer
 * applies and each module loaded afterwards is compiled from its source: about 3× the time
 * (`net`, `dns`, `dgram`, `os`, `vm`: ≈ 6.4 ms after the flags, ≈ 2 ms before). `net` comes with
 * standard output when it is a pipe or a terminal; `dns` and `dgram` with the network ban of
 * `jadpo test`.
 */
const CHECK_PRELOAD = ["vm", "os", "process", "diagnostics_channel", "net"];
const DEFAULT_PRELOAD = ["vm", "os"];
const PRELOAD: Readonly<Record<string, readonly string[]>> = {
  test: [...CHECK_PRELOAD, "dns", "dns/promises", "dgram"],
  check: CHECK_PRELOAD,
  // Its script requires `process`; `worker_threads` loads only for a run with many files to write.
  fmt: [...DEFAULT_PRELOAD, "process"],
};

function preloadBuiltins(command: string | undefined): void {
  const require = createRequire(import.meta.url);
  for (const name of PRELOAD[command ?? ""] ?? DEFAULT_PRELOAD) require(`node:${name}`);
  // Standard output and error are made on first use, and what they need (a pipe's or terminal's
  // `net`, a file's writer) loads then.
  void process.stdout;
  void process.stderr;
}

preloadBuiltins(process.argv[2]);
for (const flag of V8_FLAGS) setFlagsFromString(flag);
