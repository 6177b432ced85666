// Test helper: a project written as source strings (or read from disk), compiled by the real
// pipeline and run test by test through the runtime.
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { join } from "node:path";
import { compileProject, renderErrorPlain, renderFailPlain, type CheckedProgram, type Host, type TestInfo } from "@jadpo/compiler";
import { compileProgram, runTestFast, type CompiledProgram, type RunTestOptions, type TestResult } from "../../src/index.ts";

const ROOT = "/project";

export const APP = `locales { default: "en-GB" supported: ["en-GB", "fr-FR"] }\n`;

/** A Host over `files` (paths relative to `root`), for compiling a project held in strings. */
export function memoryHost(files: Record<string, string>, root = ROOT): Host {
  const bytes = new Map<string, Uint8Array>();
  for (const [path, text] of Object.entries(files)) bytes.set(`${root}/${path}`, new TextEncoder().encode(text));
  return {
    readFile: (path) => bytes.get(path) ?? null,
    readWithin: (path, limit) => {
      const content = bytes.get(path);
      return content === undefined ? null : content.byteLength > limit ? content.byteLength : content;
    },
    listFiles: (dir) => [...bytes.keys()].filter((p) => p.startsWith(`${dir}/`)).sort(),
    exists: (path) => bytes.has(path) || [...bytes.keys()].some((p) => p.startsWith(`${path}/`)),
  };
}

function diskHost(): Host {
  const list = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? list(join(dir, entry.name)) : [join(dir, entry.name)]))
      .sort();
  return {
    readFile: (path) => (existsSync(path) ? new Uint8Array(readFileSync(path)) : null),
    readWithin: (path, limit) => {
      if (!existsSync(path)) return null;
      const size = statSync(path).size;
      return size > limit ? size : new Uint8Array(readFileSync(path));
    },
    listFiles: (dir) => (existsSync(dir) ? list(dir) : []),
    exists: (path) => existsSync(path),
  };
}

export interface Project {
  program: CheckedProgram;
  compiled: CompiledProgram;
  readFile: (path: string) => Uint8Array | null;
  test(name: string): TestInfo;
  run(name: string, options?: Partial<RunTestOptions>): Promise<TestResult>;
  /** The whole FAIL block of a failing test (no rerun line), or "passed". */
  fail(name: string, options?: Partial<RunTestOptions>): Promise<string>;
}

function checked(host: Host, root: string): CheckedProgram {
  const result = compileProject(host, root);
  if (result.diagnostics.length > 0 || !result.program) {
    throw new Error(`the project doesn't check:\n${result.diagnostics.map((d) => renderErrorPlain(d)).join("\n")}`);
  }
  return result.program;
}

function project(program: CheckedProgram, readFile: (path: string) => Uint8Array | null, aiMode: "sync" | "async"): Project {
  const compiled = compileProgram(program, { aiMode });
  const test = (name: string): TestInfo => {
    const found = program.tests.find((t) => t.name === name);
    if (!found) throw new Error(`no test named ${JSON.stringify(name)}`);
    return found;
  };
  const run = async (name: string, options: Partial<RunTestOptions> = {}): Promise<TestResult> =>
    runTestFast(compiled, test(name), { runSeed: 1, readFile, ...options });
  return {
    program, compiled, readFile, test, run,
    async fail(name, options) {
      const result = await run(name, options);
      if (result.status === "passed") return "passed";
      return result.diagnostics.map((d) => renderFailPlain(name, d)).join("\n");
    },
  };
}

/** A project from source strings: paths relative to the root; `app.jadpo` is added when missing. */
export function projectOf(files: Record<string, string>, aiMode: "sync" | "async" = "sync"): Project {
  const all = { "app.jadpo": APP, ...files };
  const host = memoryHost(all);
  const program = checked(host, ROOT);
  const readFile = (path: string): Uint8Array | null => host.readFile(`${ROOT}/${path}`);
  return project(program, readFile, aiMode);
}

/** A project on disk (the example app). */
export function projectAt(root: string, aiMode: "sync" | "async" = "sync"): Project {
  const host = diskHost();
  const program = checked(host, root);
  const readFile = (path: string): Uint8Array | null => host.readFile(join(root, path));
  return project(program, readFile, aiMode);
}

/** A test file in `domains/app/` with `body` as its content. */
export function testFile(body: string): Record<string, string> {
  return { "domains/app/main.test.jadpo": body };
}

/** The 1-based line of the first line of `source` containing `needle`. */
export function lineOf(source: string, needle: string): number {
  const index = source.split("\n").findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`${JSON.stringify(needle)} is not in the source`);
  return index + 1;
}
