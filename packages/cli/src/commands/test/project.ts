// Loading a project for `jadpo test`, the same way on the main thread and in each worker:
// compile it, keep the errors that stop a run, and ready its tests to run.
import { join } from "node:path";
import { compileProject, type CompileResult, type Diagnostic, type Host, type ParseCache } from "@jadpo/compiler";
import type { LoadedTests, TestTimeout } from "@jadpo/runtime";
import type { Runtime } from "../../toolchain.ts";
import { nodeHost } from "../../node-host.ts";
import { processMemory } from "../../memory.ts";
import { reportText, saveInternalReport } from "../../internal-error.ts";

/** What a worker is told to load (its `WorkerInit.load`). */
export interface TestLoad {
  /** Absolute project root, with `/`. */
  root: string;
  /** The current directory, for the path of an internal error's report. */
  cwd: string;
  /** Each test's time limit (`--test-timeout`). */
  timeout?: TestTimeout;
  /** The command's environment (a recording's model drift reads it); the process's when absent. */
  env?: Readonly<Record<string, string | undefined>>;
}

export interface LoadedProject {
  compiled: CompileResult;
  /** Compile errors that stop the run. */
  errors: Diagnostic[];
  tests: LoadedTests | null;
}

/**
 * An undecodable recording is its recording test's failure, never a compile error that stops
 * the run (docs/testing.md): `jadpo test` reports that test and runs everything else.
 */
function stopsTheRun(d: Diagnostic): boolean {
  return d.rule !== "test.recording_undecodable";
}

let reports = 0;

/** Saves an internal error met while running a test under `<root>/.jadpo/internal-errors/`; returns its path as shown. */
function saveInternalError(load: TestLoad, error: unknown): string {
  const now = new Date();
  return saveInternalReport(load.root, reportText(error, ["test"], now), now, load.cwd, `-${process.pid}-${++reports}`);
}

/**
 * `host` may be a snapshot of the project's files (the cache's), read once for the key and the
 * compile; `parses` reuses the parses of files a previous run of this process saw (watch).
 */
export function loadTestProject(runtime: Pick<Runtime, "loadTests">, load: TestLoad, host: Host = nodeHost, parses?: ParseCache): LoadedProject {
  const { root } = load;
  // A run calls few of the project's functions: their bodies' facts are found when first called.
  const compiled = compileProject(host, root, { parses, memory: processMemory, factsOnDemand: true });
  const errors = compiled.diagnostics.filter(stopsTheRun);
  if (errors.length > 0 || compiled.program === null) return { compiled, errors, tests: null };
  // Recordings were read with the project: every `recorded(...)` answers from those bytes, so all
  // threads see the same files and a run reads each recording once.
  const recordings = new Map((compiled.graph.recordings ?? []).map((source) => [source.path, source.bytes]));
  const tests = runtime.loadTests(compiled.program, {
    // A recording the project's listing left out (a link leading outside it) is not read behind its back.
    readFile: (path) => recordings.get(path) ?? (/(^|\/)recordings\//.test(path) ? null : nodeHost.readFile(join(root, path))),
    saveInternalError: (error) => saveInternalError(load, error),
    timeout: load.timeout,
    env: load.env,
  });
  return { compiled, errors, tests };
}

/** A worker's loader (its thread has the runtime loaded): the tests, or why they can't be loaded. */
export function loadForWorker(runtime: Pick<Runtime, "loadTests">, load: unknown): LoadedTests | string {
  const project = loadTestProject(runtime, load as TestLoad);
  if (!project.tests) return `the project has ${project.errors.length} compile errors`;
  return project.tests;
}
