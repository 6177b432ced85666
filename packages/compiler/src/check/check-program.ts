// The typechecker's entry: declarations first (prelude, types, failures, prompts, connection,
// signatures), then every body, then how prompts are used, then tests and their fakes.
import type { ModuleGraph } from "../modules/graph.ts";
import type { CheckedProgram, TestInfo } from "./program.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { Checker } from "./context.ts";
import { buildPrelude } from "./prelude.ts";
import { readConnection, readLocales } from "./connection.ts";
import { declareTypeShells, defineTypes } from "./declare-types.ts";
import { declareFailures } from "./declare-failures.ts";
import { declarePrompts } from "./prompts.ts";
import { declareTools } from "./prompt-tools.ts";
import { bodyFactsOnDemand, checkBodies, declareSignatures } from "./bodies.ts";
import { mergeMissingUses } from "./missing-uses.ts";
import { finishPromptUses } from "./ai-calls.ts";
import { collectTests, type TestsOptions } from "./tests.ts";
import { recordingFilesOf } from "./recordings.ts";
import { runSteps, type Steps } from "../steps.ts";
import { checkOnlySideTables, firstPassTables, sideTablesToRun, type SideTables } from "./side-tables.ts";

export interface CheckOptions {
  /**
   * Whether the program will run (the default): without, the types of expressions and the
   * resolutions of names, which only the runtime reads, are not kept (`jadpo check`).
   */
  toRun?: boolean;
  /**
   * Keep every fact even when the program won't run: an editor answers hover and go to
   * definition from each expression's type and each name's resolution.
   */
  keepFacts?: boolean;
  /**
   * For a program that will run few of its bodies (`jadpo test`): the facts of function, action
   * and fixture bodies are not kept by the check; the runtime asks for a body's
   * (`CheckedProgram.bodyFacts`) before it first runs it. Tests' facts are kept.
   */
  factsOnDemand?: boolean;
}

/**
 * Checks a resolved module graph. `recordingFiles`: root-relative paths of every `*.json` under
 * a `recordings/` folder (default: the graph's recordings). Never throws for a user error; the program is complete as far as the
 * source allows, with every problem in `diagnostics`.
 */
export function checkProgram(
  graph: ModuleGraph,
  recordingFiles: string[] = graphRecordingFiles(graph),
  options: CheckOptions = {},
): { program: CheckedProgram; diagnostics: Diagnostic[] } {
  return runSteps(checkProgramSteps(graph, recordingFiles, options));
}

/** checkProgram in steps: a pause after each phase and each declaration whose body it checks (steps.ts). */
export function* checkProgramSteps(
  graph: ModuleGraph,
  recordingFiles: string[] = graphRecordingFiles(graph),
  options: CheckOptions = {},
): Steps<{ program: CheckedProgram; diagnostics: Diagnostic[] }> {
  const toRun = options.toRun ?? true;
  const onDemand = toRun && options.factsOnDemand === true && options.keepFacts !== true;
  const cx = newChecker(graph, recordingFiles, toRun || options.keepFacts === true ? sideTablesToRun() : checkOnlySideTables());
  yield* declareSteps(cx);
  const tables: SideTables = { exprTypes: cx.exprTypes, resolutions: cx.resolutions };
  yield* checkBodies(cx, { callables: onDemand ? firstPassTables(tables) : undefined });
  const tests = yield* finishSteps(cx);
  return { program: programOf(cx, tests, recordingFiles, onDemand ? bodyFactsOnDemand(cx, tables, false) : undefined), diagnostics: cx.diagnostics };
}

/** The root-relative paths of the recordings `graph` holds (every `*.json` under a `recordings/` folder). */
export function graphRecordingFiles(graph: ModuleGraph): string[] {
  return (graph.recordings ?? []).map((r) => r.path);
}

/** A checker for `graph` before any declaration is read (only the locales), writing its facts to `tables`. */
export function newChecker(graph: ModuleGraph, recordingFiles: string[], tables: SideTables): Checker {
  const diagnostics: Diagnostic[] = [];
  const locales = readLocales(graph, diagnostics);
  return {
    graph,
    diagnostics,
    ...tables,
    prelude: buildPrelude(locales.tags, locales.default),
    namedTypes: new Map(),
    brokenTypes: new Set(),
    promptValues: new Map(),
    prompts: new Map(),
    promptByDecl: new Map(),
    promptByValues: new Map(),
    promptCalls: new Map(),
    failureInfos: new Map(),
    failures: [],
    actionFailures: new Map(),
    undeclaredFailures: new Map(),
    unknownTypes: new Set(),
    suggestionsAsked: new Map(),
    connection: null,
    signatures: new Map(),
    recordingPaths: new Set(recordingFiles),
  };
}

/** The declarations, in order: types, failures, prompts and the connection, signatures, tools. */
export function* declareSteps(cx: Checker): Steps<void> {
  declareTypeShells(cx);
  yield;
  defineTypes(cx);
  yield;
  declareFailures(cx);
  yield;
  declarePrompts(cx);
  cx.connection = readConnection(cx);
  yield;
  declareSignatures(cx);
  yield;
  declareTools(cx);
  yield;
}

/**
 * After every body: how prompts are used, the tests and their fakes, one diagnostic per missing
 * `use`. `settle`: how a prompt's use is written (finishPromptUses); `tests`: how tests are taken.
 */
export function* finishSteps(cx: Checker, editor: { settle?: Parameters<typeof finishPromptUses>[1]; tests?: TestsOptions } = {}): Steps<TestInfo[]> {
  finishPromptUses(cx, editor.settle);
  const tests = yield* collectTests(cx, editor.tests);
  mergeMissingUses(cx);
  return tests;
}

/** The checked program of a checker that has run every phase. */
export function programOf(cx: Checker, tests: TestInfo[], recordingFiles: string[], bodyFacts: CheckedProgram["bodyFacts"]): CheckedProgram {
  return {
    graph: cx.graph,
    prompts: cx.prompts,
    failures: cx.failures,
    aiFailures: cx.prelude.aiFailures,
    connection: cx.connection,
    locale: { default: cx.prelude.localeDefault, members: cx.prelude.locale },
    tests,
    recordings: recordingFilesOf(recordingFiles),
    exprTypes: cx.exprTypes,
    resolutions: cx.resolutions,
    namedTypes: cx.namedTypes,
    actionFailures: cx.actionFailures,
    signatures: cx.signatures,
    ...(bodyFacts ? { bodyFacts } : {}),
  };
}
