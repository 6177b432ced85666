// The runtime's API the runner calls: compile a checked program once, run one test. Kept in one
// file so the runner names each outside entry point exactly once.
import type { CheckedProgram, TestInfo } from "@jadpo/compiler";
import type { TestResult } from "./events.ts";
import type { ReadProjectFile } from "@jadpo/compiler";
import { compileProgram, type CompiledProgram } from "../exec/compile-program.ts";
import { runTestFast } from "../test-run/run-test.ts";
import { testSeed } from "../seed.ts";

export type CompiledForTests = CompiledProgram;

export function compileForTests(program: CheckedProgram): CompiledForTests {
  return compileProgram(program);
}

export interface RunCompiledOptions {
  runSeed: number;
  readFile: ReadProjectFile;
  saveInternalError?: (error: unknown) => string;
}

/** Synchronous whenever the test never waits (always, with the fake); a promise otherwise. */
export function runCompiledTest(compiled: CompiledForTests, test: TestInfo, options: RunCompiledOptions): TestResult | Promise<TestResult> {
  return runTestFast(compiled, test, options);
}

export function testSeedOf(runSeed: number, file: string, name: string): number {
  return testSeed(runSeed, file, name);
}
