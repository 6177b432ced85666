// The compiler's code cache (build/load-compiler.ts): written at exit when asked, used when it
// matches, and never in the way when it is missing, rejected or made for another build.
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { repo } from "./support/jadpo.ts";

const loader = pathToFileURL(join(repo, "packages/cli/build/load-compiler.ts")).href;
const tuning = pathToFileURL(join(repo, "packages/cli/build/v8-tuning.ts")).href;
const dirs: string[] = [];
/** What the stand-in's `digest("jadpo")` must give (it calls require("node:crypto")). */
const DIGEST = createHash("sha256").update("jadpo").digest("hex").slice(0, 8);
/** What its `total(1)` must give: the sum of f0(1) … f49(1). */
const TOTAL = Array.from({ length: 50 }, (_, i) => 1 + i).reduce((a, b) => a + b, 0);
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding a small stand-in for compiler.cjs (a few functions, and a require). */
function compilerFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "jadpo-load-compiler-"));
  dirs.push(dir);
  const functions = Array.from({ length: 50 }, (_, i) => `function f${i}(x) { return x + ${i}; }`).join("\n");
  writeFileSync(join(dir, "compiler.cjs"), `${functions}
const { createHash } = require("node:crypto");
exports.total = (x) => ${Array.from({ length: 50 }, (_, i) => `f${i}(x)`).join(" + ")};
exports.digest = (text) => createHash("sha256").update(text).digest("hex").slice(0, 8);
exports.where = () => new Error("here").stack.split("\\n")[1].trim();
`);
  return dir;
}

/** Runs an ES module script in a fresh process with jadpo's V8 flags (v8-tuning.ts), from the repository, with `env` added. */
function runTuned(script: string, env: Record<string, string> = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ["--import", "tsx", "--import", tuning, "--input-type=module", "-e", script], {
    cwd: repo, encoding: "utf8", env: { ...process.env, ...env },
  });
}

interface Seen {
  cacheRejected: string;
  total: number;
  digest: string;
  /** Where the stand-in said an error was made (its stack's first frame). */
  where: string;
}

/** Loads the folder's compiler in a fresh process with jadpo's V8 flags; everything it printed. */
function loadAll(dir: string, cacheName: string, env: Record<string, string> = {}): Seen {
  const script = `
    import { loadCompiler } from ${JSON.stringify(loader)};
    const { exports, cacheRejected } = loadCompiler(new URL(${JSON.stringify(pathToFileURL(dir).href + "/")}), ${JSON.stringify(cacheName)});
    console.log(JSON.stringify({ cacheRejected: String(cacheRejected), total: exports.total(1), digest: exports.digest("jadpo"), where: exports.where() }));
  `;
  const run = runTuned(script, env);
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout) as Seen;
}

/** What `loadAll` saw, without `where`. */
function load(dir: string, cacheName: string, env: Record<string, string> = {}): Omit<Seen, "where"> {
  const { where: _where, ...seen } = loadAll(dir, cacheName, env);
  return seen;
}

describe("the compiler's code cache", () => {
  it("is written at exit when asked, then used by the next run", () => {
    const dir = compilerFolder();
    const first = load(dir, "compiler-a.cache", { JADPO_WRITE_COMPILER_CACHE: "1" });
    expect(first).toEqual({ cacheRejected: "undefined", total: TOTAL, digest: DIGEST });
    expect(readdirSync(dir).sort()).toEqual(["compiler-a.cache", "compiler.cjs"]);
    expect(load(dir, "compiler-a.cache")).toEqual({ cacheRejected: "false", total: TOTAL, digest: DIGEST });
  });

  it("names the script jadpo/dist/… in stack traces, also when its cache was made in another folder", () => {
    const dir = compilerFolder();
    load(dir, "compiler-a.cache", { JADPO_WRITE_COMPILER_CACHE: "1" });
    const moved = compilerFolder();
    writeFileSync(join(moved, "compiler-a.cache"), readFileSync(join(dir, "compiler-a.cache")));
    const seen = loadAll(moved, "compiler-a.cache");
    expect(seen.cacheRejected).toBe("false");
    expect(seen.where).toMatch(/^at exports\.where \(jadpo\/dist\/compiler\.cjs:\d+:\d+\)$/);
  });

  it("runs without one, with a cache of another name, and with one V8 rejects", () => {
    const dir = compilerFolder();
    expect(load(dir, "compiler-a.cache").cacheRejected).toBe("undefined");
    load(dir, "compiler-a.cache", { JADPO_WRITE_COMPILER_CACHE: "1" });
    expect(load(dir, "compiler-b.cache")).toEqual({ cacheRejected: "undefined", total: TOTAL, digest: DIGEST });
    writeFileSync(join(dir, "compiler-a.cache"), readFileSync(join(dir, "compiler-a.cache")).subarray(0, 100));
    expect(load(dir, "compiler-a.cache")).toEqual({ cacheRejected: "true", total: TOTAL, digest: DIGEST });
  });

  it("is part of the build: one cache each for the compiler, the runtime, the recordings' decoder and the three commands' scripts, named for their bundles, that jadpo's flags accept", () => {
    const dist = join(repo, "packages/cli/dist");
    const caches = readdirSync(dist).filter((name) => name.endsWith(".cache")).sort();
    expect(caches).toHaveLength(6);
    const [compilerCache, checkCache, fmtCache, testCache, decoderCache, runtimeCache] = caches;
    expect(compilerCache).toMatch(/^compiler-[0-9a-f]{16}\.cache$/);
    expect(checkCache).toMatch(/^jadpo-check-[0-9a-f]{16}\.cache$/);
    expect(fmtCache).toMatch(/^jadpo-fmt-[0-9a-f]{16}\.cache$/);
    expect(testCache).toMatch(/^jadpo-test-[0-9a-f]{16}\.cache$/);
    expect(decoderCache).toMatch(/^recording-decoder-[0-9a-f]{16}\.cache$/);
    expect(runtimeCache).toMatch(/^runtime-[0-9a-f]{16}\.cache$/);
    expect(readFileSync(join(dist, "compiler-lazy.mjs"), "utf8")).toContain(JSON.stringify(compilerCache));
    expect(readFileSync(join(dist, "runtime.mjs"), "utf8")).toContain(JSON.stringify(runtimeCache));
    expect(readFileSync(join(dist, "recording-decoder.mjs"), "utf8")).toContain(JSON.stringify(decoderCache));
    expect(readFileSync(join(dist, "jadpo-check.mjs"), "utf8")).toContain(JSON.stringify(checkCache));
    expect(readFileSync(join(dist, "jadpo-test.mjs"), "utf8")).toContain(JSON.stringify(testCache));
    expect(readFileSync(join(dist, "jadpo-fmt.mjs"), "utf8")).toContain(JSON.stringify(fmtCache));
    expect(existsSync(join(dist, "compiler.cjs"))).toBe(true);
    // A command's script runs the CLI as it loads: `--version` is the quickest command.
    for (const [name, cache] of [["jadpo-check", checkCache], ["jadpo-test", testCache], ["jadpo-fmt", fmtCache]]) {
      const command = `
        import { loadScript } from ${JSON.stringify(loader)};
        process.argv = [process.argv[0], "jadpo", "--version"];
        const dir = new URL(${JSON.stringify(pathToFileURL(dist).href + "/")});
        const { cacheRejected } = loadScript(dir, ${JSON.stringify(`${name}.cjs`)}, ${JSON.stringify(cache)}, { "#compiler-lazy": {}, "#import": (url) => import(url) });
        console.log("cache rejected:", cacheRejected);
      `;
      expect(runTuned(command).stdout).toContain("cache rejected: false\n");
    }
    const script = `
      import { loadCompiler, loadScript } from ${JSON.stringify(loader)};
      const dir = new URL(${JSON.stringify(pathToFileURL(dist).href + "/")});
      const compiler = loadCompiler(dir, ${JSON.stringify(compilerCache)});
      const runtime = loadScript(dir, "runtime.cjs", ${JSON.stringify(runtimeCache)}, { "@jadpo/compiler": compiler.exports });
      const decoder = loadScript(dir, "recording-decoder.cjs", ${JSON.stringify(decoderCache)}, { "@jadpo/compiler": compiler.exports });
      console.log(compiler.cacheRejected, typeof compiler.exports.compileProject, runtime.cacheRejected, typeof runtime.exports.index.runSelected,
        decoder.cacheRejected, typeof decoder.exports.undecodableRecordings);
    `;
    expect(runTuned(script).stdout.trim()).toBe("false function false function false function");
  });
});
