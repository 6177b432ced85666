// What an editor's complete check leaves for the next (editor-check.ts, recheck.ts): the
// declarations' work, what each body's check did, and the facts the declarations wrote.
import type { Decl, Expr, Ident, Node, SyntaxFile, TestDecl } from "../syntax/ast.ts";
import type { LoadedFile, ModuleGraph } from "../modules/graph.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { CheckedProgram, Resolution, TestInfo } from "../check/program.ts";
import type { Type } from "../types/types.ts";
import type { Checker, MissingUse } from "../check/context.ts";
import type { BodyOutcome, FakesOutcome, FileOutcome } from "../check/body-outcomes.ts";
import type { EditedFile } from "./edited-file.ts";
import type { ResolveBase } from "./resolve-again.ts";
import { programOf } from "../check/check-program.ts";
import { bodyFactsOnDemand } from "../check/bodies.ts";

/** The facts an editor's check keeps: those the declarations wrote, then those asked for. */
export interface Facts {
  exprTypes: Map<Expr, Type>;
  resolutions: Map<Node | Ident, Resolution>;
}

/** What the declarations reported and noted, before any body was checked. */
export interface Declared {
  diagnostics: Diagnostic[];
  facts: Facts;
  unknownTypes: ReadonlySet<string>;
  suggestionsAsked: ReadonlyMap<string, number>;
  notes: readonly MissingUse[];
  /** Files where a declaration reported something: an edit there checks the whole project. */
  noisy: ReadonlySet<string>;
}

/** What a complete check leaves for the next. */
export interface CheckRecord {
  graph: ModuleGraph;
  /** Each file's syntax as its parse gave it (the graph's file may hold the declarations of an older parse). */
  parsed: ReadonlyMap<string, SyntaxFile>;
  /** Files that did not parse cleanly. */
  incomplete: ReadonlySet<string>;
  /** The checker after every phase: the declarations are read from it again. */
  cx: Checker;
  declared: Declared;
  /** What checking each declaration's bodies did, the same for each file, and each test's fakes. */
  outcomes: ReadonlyMap<Decl, BodyOutcome>;
  files: ReadonlyMap<string, FileOutcome>;
  fakes: ReadonlyMap<TestDecl, FakesOutcome>;
  /** Each file's tests (files without any are absent). */
  tests: ReadonlyMap<string, readonly TestInfo[]>;
  /** How its graph was resolved: the next one may be made from it. */
  resolution: ResolveBase;
}

/** How a compile's parsed files are checked: made by `plan`, then passed to `check`. */
export interface EditorPlan {
  /** The files as the check reads them: those unchanged since the last check are its objects. */
  files: LoadedFile[];
  /** The last check, when only bodies changed since (in at most one file, `edited`). */
  from: CheckRecord | null;
  edited: EditedFile | null;
  parsed: ReadonlyMap<string, SyntaxFile>;
  incomplete: ReadonlySet<string>;
  /** How the graph was resolved, once it is (EditorCheck.resolve). */
  resolution?: ResolveBase;
}

export function copyFacts(facts: Facts): Facts {
  return { exprTypes: new Map(facts.exprTypes), resolutions: new Map(facts.resolutions) };
}

/**
 * The program and the record of a check of `plan` that has run every phase (its facts found on
 * demand): what the caller did (`done`), the checker holding `facts` again, and its tests.
 */
export function finishRecord(
  plan: EditorPlan, cx: Checker, facts: Facts, recordings: string[], tests: TestInfo[],
  done: Pick<CheckRecord, "declared" | "outcomes" | "files" | "fakes">,
): { program: CheckedProgram; record: CheckRecord } {
  Object.assign(cx, facts);
  const program = programOf(cx, tests, recordings, bodyFactsOnDemand(cx, facts, true));
  const record: CheckRecord = {
    graph: cx.graph, parsed: plan.parsed, incomplete: plan.incomplete, cx, ...done, tests: testsByFile(tests), resolution: resolutionOf(plan, cx.graph),
  };
  return { program, record };
}

function testsByFile(tests: readonly TestInfo[]): Map<string, TestInfo[]> {
  const byFile = new Map<string, TestInfo[]>();
  for (const test of tests) {
    const list = byFile.get(test.file.path);
    if (list) list.push(test);
    else byFile.set(test.file.path, [test]);
  }
  return byFile;
}

/** How a plan's graph was resolved; one resolved by the caller, not by EditorCheck.resolve, is resolved in full next time. */
function resolutionOf(plan: EditorPlan, graph: ModuleGraph): ResolveBase {
  return plan.resolution ?? { base: graph, clean: false, refs: new Map() };
}
