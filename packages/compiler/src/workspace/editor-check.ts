// An editor's checks of one project, each made from the last complete one. While one file
// changes only inside bodies (as while typing in a function), the check is made again from the
// last one (recheck.ts); anything else — a file added or removed, two files changed, a
// declaration's name, parameters, result or `fails` changed, a syntax error, a recording changed
// — checks the whole project, keeping what each phase did for the next. Either way the
// diagnostics are the whole check's, in the same order.
//
// An editor's program keeps no body's facts: each body's, tests' too, are found when a request
// first asks (`bodyFacts`), so nothing kept can point at a declaration a later edit replaced.
import type { Decl, TestDecl } from "../syntax/ast.ts";
import type { LoadedFile, ModuleGraph } from "../modules/graph.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { CheckedProgram } from "../check/program.ts";
import type { Steps } from "../steps.ts";
import { declareSteps, finishSteps, graphRecordingFiles, newChecker } from "../check/check-program.ts";
import { checkBodies } from "../check/bodies.ts";
import { readOnlyTables } from "../check/side-tables.ts";
import { fileOutcome, recordFakes, recordOutcome, type BodyOutcome, type FakesOutcome } from "../check/body-outcomes.ts";
import { editedBodies, type EditedFile } from "./edited-file.ts";
import { copyFacts, finishRecord, type CheckRecord, type Declared, type EditorPlan, type Facts } from "./check-record.ts";
import { recheck } from "./recheck.ts";
import { resolveAgain, resolveBase } from "./resolve-again.ts";
import { resolveSteps, type ResolveOptions, type ResolveResult } from "../modules/resolve.ts";
import { sameBytes } from "./parse-cache.ts";

export interface EditorCheckStats {
  /** Whether the whole project was checked. */
  whole: boolean;
  /** Declarations whose bodies were checked (the rest replayed). */
  checked: number;
}

export class EditorCheck {
  private last: CheckRecord | null = null;
  /** What the last complete check did: for measurements and tests. */
  stats: EditorCheckStats | null = null;

  /** The plan for checking `files` (in path order, as parsed; `incomplete`: those with syntax errors). */
  plan(files: LoadedFile[], incomplete: ReadonlySet<string>): EditorPlan {
    const parsed = new Map(files.map((file) => [file.path, file.syntax]));
    const whole: EditorPlan = { files, from: null, edited: null, parsed, incomplete };
    const last = this.last;
    if (last === null || last.graph.files.length !== files.length) return whole;
    const kept: LoadedFile[] = [];
    let edited: EditedFile | null = null;
    for (let i = 0; i < files.length; i++) {
      const file = files[i];
      const before = last.graph.files[i];
      if (file.path !== before.path || file.kind !== before.kind) return whole;
      if (file.syntax === last.parsed.get(file.path)) {
        kept.push(before);
        continue;
      }
      if (edited !== null || incomplete.has(file.path) || last.incomplete.has(file.path)) return whole;
      edited = editedBodies(before, file);
      if (edited === null) return whole;
      kept.push(edited.file);
    }
    return { files: kept, from: last, edited, parsed, incomplete };
  }

  /** The module graph of `plan.files`: made again from the last check's where the plan allows, else resolved in full. */
  *resolve(plan: EditorPlan, options: ResolveOptions): Steps<ResolveResult> {
    const again = plan.from !== null && plan.incomplete.size === 0 ? resolveAgain(plan.from.resolution, plan.files, plan.edited, options.recordings ?? []) : null;
    if (again !== null) {
      plan.resolution = again.resolution;
      return again.result;
    }
    const result = yield* resolveSteps(plan.files, options);
    plan.resolution = resolveBase(result);
    return result;
  }

  /** Checks the graph resolved from `plan.files`: again from the last check where the plan allows, else whole. */
  *check(plan: EditorPlan, graph: ModuleGraph): Steps<{ program: CheckedProgram; diagnostics: Diagnostic[] }> {
    const from = plan.from;
    const again = from !== null && sameRecordings(from.graph, graph) ? yield* recheck(from, plan, graph) : null;
    if (again === null) return yield* this.whole(plan, graph);
    this.last = again.record;
    this.stats = { whole: false, checked: again.checked };
    return { program: again.program, diagnostics: again.record.cx.diagnostics };
  }

  /** The whole project checked, keeping what each phase did for the next check. */
  private *whole(plan: EditorPlan, graph: ModuleGraph): Steps<{ program: CheckedProgram; diagnostics: Diagnostic[] }> {
    const facts: Facts = { exprTypes: new Map(), resolutions: new Map() };
    const recordings = graphRecordingFiles(graph);
    const cx = newChecker(graph, recordings, facts);
    cx.callLog = [];
    yield* declareSteps(cx);
    const declared: Declared = {
      diagnostics: [...cx.diagnostics],
      facts: copyFacts(facts),
      unknownTypes: new Set(cx.unknownTypes),
      suggestionsAsked: new Map(cx.suggestionsAsked),
      notes: [...(cx.missingUses ?? [])],
      noisy: new Set(cx.diagnostics.flatMap((d) => (d.span ? [d.span.file] : []))),
    };
    const outcomes = new Map<Decl, BodyOutcome>();
    const readOnly = readOnlyTables(facts);
    yield* checkBodies(cx, { callables: readOnly, tests: readOnly, each: (file, decl, check) => void outcomes.set(decl, recordOutcome(cx, file, decl, check)) });
    const files = new Map(graph.files.map((file) => [file.path, fileOutcome(file.syntax.decls, outcomes)]));
    const fakes = new Map<TestDecl, FakesOutcome>();
    Object.assign(cx, readOnly);
    const tests = yield* finishSteps(cx, {
      tests: {
        each: (file, test, check) => {
          const outcome = recordFakes(cx, file, check);
          fakes.set(test, outcome);
          return outcome.fakes;
        },
      },
    });
    const { program, record } = finishRecord(plan, cx, facts, recordings, tests, { declared, outcomes, files, fakes });
    this.last = record;
    this.stats = { whole: true, checked: outcomes.size };
    return { program, diagnostics: cx.diagnostics };
  }
}

/** Whether two graphs hold the same recording files, byte for byte. */
function sameRecordings(a: ModuleGraph, b: ModuleGraph): boolean {
  const x = a.recordings ?? [];
  const y = b.recordings ?? [];
  return x.length === y.length && x.every((r, i) => {
    const [p, q] = [r.bytes, y[i].bytes];
    return r.path === y[i].path && (p === null || q === null ? p === q : sameBytes(p, q));
  });
}
