// The compiler and the runtime as `jadpo` runs them: `dist/compiler.cjs` and `dist/runtime.cjs`
// (one script each) compiled through a V8 code cache beside each. ES modules get no code cache in
// Node 20, so every run would parse the compiler and compile each of its functions on first call.
// The caches are made at build time: build-cli.mjs runs `jadpo check` and then `jadpo test` on the
// example with JADPO_WRITE_COMPILER_CACHE=1, and each run writes the cache of every script it
// loaded, so the compiler's and the runtime's hold every function the `test` run compiled (they
// replace the check's; only `jadpo-check-*.cache` comes from the check). A cache's name carries a
// hash of its script, because V8 checks only a cache's length and flags against the source. A
// cache V8 rejects (another Node version, other V8 flags) or a missing one only means compiling as
// before.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";

export interface LoadedScript {
  /** The script's exports (the compiler's: packages/compiler/src/index.ts). */
  exports: Record<string, unknown>;
  /** Whether V8 used the cache: undefined without one. */
  cacheRejected: boolean | undefined;
}

/**
 * Loads `compiler.cjs` from the folder `dir` (a file URL ending in `/`) with the code cache
 * `cacheName` there, when it exists; with JADPO_WRITE_COMPILER_CACHE=1, writes that cache at exit.
 */
export function loadCompiler(dir: URL, cacheName: string, env: Readonly<Record<string, string | undefined>> = process.env): LoadedScript {
  return loadScript(dir, "compiler.cjs", cacheName, {}, env);
}

/**
 * Loads the CommonJS bundle `name` from `dir` through its code cache `cacheName` (see above).
 * `modules` answers `require()` of bundled-out packages (the runtime's `@jadpo/compiler` is the
 * one compiler instance); the script's `import.meta.url` is its own file URL (`__jadpoUrl`).
 */
export function loadScript(
  dir: URL, name: string, cacheName: string, modules: Record<string, unknown>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): LoadedScript {
  const file = new URL(name, dir);
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
  // Stack traces name the script `jadpo/dist/<name>` wherever jadpo is installed: V8 keeps the
  // name the code cache was made under (the build's folder), so a real path would be wrong once installed.
  const script = new Script(`(function (module, exports, require, __jadpoUrl) {${source}\n})`, { filename: `jadpo/dist/${name}`, cachedData });
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (m: typeof module, e: typeof module.exports, r: (id: string) => unknown, url: string) => void;
  const nodeRequire = createRequire(file);
  run(module, module.exports, (id) => (id in modules ? modules[id] : nodeRequire(id)), file.href);
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
