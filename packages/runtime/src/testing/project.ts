// A project written as strings (or a folder read into memory), compiled by the real pipeline
// through the compiler's in-memory host, and run test by test through the runtime.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileProject, renderErrorPlain, renderFailPlain, type CheckedProgram, type CheckOptions, type TestInfo } from "@jadpo/compiler";
import { memoryHost, SOURCES_ROOT } from "@jadpo/compiler/testing";
import { compileProgram, type CompiledProgram } from "../exec/compile-program.ts";
import type { TestResult } from "../runner/events.ts";
import { runTest, type RunTestOptions } from "../runner/run-test.ts";

export const APP = `locales { default: "en-GB" supported: ["en-GB", "fr-FR"] }\n`;

export type ProjectFiles = Record<string, string | Uint8Array>;

/** `files` (paths relative to `root`) keyed by the absolute paths the in-memory host reads. */
export function atRoot(files: ProjectFiles, root = SOURCES_ROOT): ProjectFiles {
  return Object.fromEntries(Object.entries(files).map(([path, content]) => [`${root}/${path}`, content]));
}

/** Every file under `dir` on disk, by its path relative to `dir` (with `/`), to build a project from. */
export function filesUnder(dir: string): ProjectFiles {
  const files: ProjectFiles = {};
  const walk = (relative: string): void => {
    for (const entry of readdirSync(join(dir, relative), { withFileTypes: true })) {
      const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else files[path] = new Uint8Array(readFileSync(join(dir, path)));
    }
  };
  walk("");
  return files;
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

/** A project from files (paths relative to its root); `app.jadpo` is added when missing. */
export function projectOf(files: ProjectFiles, aiMode: "sync" | "async" = "sync", check: CheckOptions = {}): Project {
  const host = memoryHost(atRoot({ "app.jadpo": APP, ...files }));
  const result = compileProject(host, SOURCES_ROOT, check);
  if (result.diagnostics.length > 0 || !result.program) {
    throw new Error(`the project doesn't check:\n${result.diagnostics.map((d) => renderErrorPlain(d)).join("\n")}`);
  }
  const program = result.program;
  const readFile = (path: string): Uint8Array | null => host.readFile(`${SOURCES_ROOT}/${path}`);
  const compiled = compileProgram(program, { aiMode });
  const test = (name: string): TestInfo => {
    const found = program.tests.find((t) => t.name === name);
    if (!found) throw new Error(`no test named ${JSON.stringify(name)}`);
    return found;
  };
  const run = async (name: string, options: Partial<RunTestOptions> = {}): Promise<TestResult> =>
    runTest(compiled, test(name), { runSeed: 1, readFile, ...options });
  return {
    program, compiled, readFile, test, run,
    async fail(name, options) {
      const result = await run(name, options);
      if (result.status === "passed") return "passed";
      return result.diagnostics.map((d) => renderFailPlain(name, d)).join("\n");
    },
  };
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
