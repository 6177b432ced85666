// The compiler as `jadpo` runs it: `dist/compiler.cjs` (one script) compiled through a V8 code
// cache beside it. ES modules get no code cache in Node 20, so every run would parse the compiler
// and compile each of its functions on first call. The cache is made at build time
// (scripts/build-cli.mjs runs `jadpo check` on the example with JADPO_WRITE_COMPILER_CACHE=1) and
// holds every function that run compiled. Its name carries a hash of compiler.cjs, because V8
// checks only a cache's length and flags against the source. A cache V8 rejects (another Node
// version, other V8 flags) or a missing one only means compiling as before.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";

export interface LoadedCompiler {
  /** The compiler's exports (packages/compiler/src/index.ts). */
  exports: Record<string, unknown>;
  /** Whether V8 used the cache: undefined without one. */
  cacheRejected: boolean | undefined;
}

/**
 * Loads `compiler.cjs` from the folder `dir` (a file URL ending in `/`) with the code cache
 * `cacheName` there, when it exists; with JADPO_WRITE_COMPILER_CACHE=1, writes that cache at exit.
 */
export function loadCompiler(dir: URL, cacheName: string, env: Readonly<Record<string, string | undefined>> = process.env): LoadedCompiler {
  const file = new URL("compiler.cjs", dir);
  const cacheFile = new URL(cacheName, dir);
  // esbuild writes the bundle as ASCII, so reading it as latin1 is exact and costs no decoding.
  const source = readFileSync(file, "latin1");
  const write = env.JADPO_WRITE_COMPILER_CACHE === "1";
  let cachedData: Buffer | undefined;
  if (!write) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // No cache (a build that made none): compiled as usual.
    }
  }
  const script = new Script(`(function (module, exports, require) {${source}\n})`, { filename: fileURLToPath(file), cachedData });
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (m: typeof module, e: typeof module.exports, r: NodeRequire) => void;
  run(module, module.exports, createRequire(file));
  if (write) {
    // At exit, so the cache holds every function the run compiled, not just the top level.
    process.once("exit", () => {
      const target = fileURLToPath(cacheFile);
      const temp = `${target}.${process.pid}.tmp`;
      writeFileSync(temp, script.createCachedData());
      renameSync(temp, target);
    });
  }
  return { exports: module.exports, cacheRejected: cachedData === undefined ? undefined : script.cachedDataRejected === true };
}
