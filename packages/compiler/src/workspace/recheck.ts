// A check made again from the last complete one, when at most one file changed and only inside
// bodies (edited-file.ts). The declarations are the last check's — only the edited file's
// functions, actions and fixtures from the edit on are declared again, being new objects — and
// every body replays what checking it did then (check/body-outcomes.ts) while what it reads is
// the same: every file before the edited one and after it, the edited file's bodies before the
// edit, and those after it that only moved (what they did, moved with them). Only the edited
// bodies are checked. Then, as in every check, prompts' uses, the tests' fakes (replayed where
// the prompts they script are used as before) and missing `use` lines.
import type { Decl, Span, TestDecl, TypeDecl } from "../syntax/ast.ts";
import type { ModuleGraph } from "../modules/graph.ts";
import type { CheckedProgram, FailureInfo, PromptInfo, TestInfo } from "../check/program.ts";
import { sameAsking, type PromptUse } from "../check/ai-calls.ts";
import type { Checker } from "../check/context.ts";
import type { Steps } from "../steps.ts";
import { finishSteps, graphRecordingFiles } from "../check/check-program.ts";
import { checkBodies, declareCallable } from "../check/bodies.ts";
import { readOnlyTables } from "../check/side-tables.ts";
import {
  fileOutcome, movedOutcome, recordFakes, recordOutcome, replayFakes, replayFile, replayOutcome, sameSuggestions,
  type BodyOutcome, type FakesOutcome, type FileOutcome, type Renamer,
} from "../check/body-outcomes.ts";
import type { EditedFile } from "./edited-file.ts";
import { copyFacts, finishRecord, type CheckRecord, type Declared, type EditorPlan, type Facts } from "./check-record.ts";

export interface Rechecked {
  program: CheckedProgram;
  record: CheckRecord;
  /** Declarations whose bodies were checked. */
  checked: number;
}

/** The check of `graph` made again from `from`, or null when it must be made whole after all. */
export function* recheck(from: CheckRecord, plan: EditorPlan, graph: ModuleGraph): Steps<Rechecked | null> {
  const edited = plan.edited;
  if (edited !== null && !bodiesOnly(from, edited)) return null;
  const facts = factsWithout(from.declared.facts, edited);
  const cx = checkerFrom(from, graph, facts);
  if (edited !== null && !declareAgain(cx, from, edited)) return null;
  const declared: Declared = { ...from.declared, facts: copyFacts(facts) };
  const files = new Map(graph.files.map((file) => [file.path, file]));
  const now: Renamer = { file: (path) => files.get(path)!, prompt: (prompt) => cx.promptByDecl.get(prompt.decl) ?? prompt };
  const bodies = new Bodies(cx, from, edited, now);
  const readOnly = readOnlyTables(facts);
  yield* checkBodies(cx, { callables: readOnly, tests: readOnly, file: (file) => bodies.replayFile(file.path), each: (file, decl, check) => bodies.take(file.path, decl, check) });
  const fakes = new Map<TestDecl, FakesOutcome>();
  Object.assign(cx, readOnly);
  const tests = yield* finishSteps(cx, {
    settle: (prompt, use) => settlePrompt(cx, from.cx, prompt, use),
    tests: {
      file: (file) => keptTests(cx, from, file.path === edited?.file.path ? null : file.path, fakes),
      each: (file, test, check) => {
        const kept = from.fakes.get(test);
        const outcome = (kept && replayFakes(kept, now.prompt)) ?? recordFakes(cx, file, check);
        fakes.set(test, outcome);
        return outcome.fakes;
      },
    },
  });
  const { program, record } = finishRecord(plan, cx, facts, graphRecordingFiles(graph), tests, { declared, outcomes: bodies.outcomes, files: bodies.files(graph), fakes });
  return { program, record, checked: bodies.checked };
}

/**
 * A prompt's use as the calls now say: the same prompt while it is used as before; else a new
 * one, put in the checker's tables in its place (the last check's prompt stays as it was).
 */
function settlePrompt(cx: Checker, last: Checker, prompt: PromptInfo, use: PromptUse): void {
  if (sameUse(prompt, use)) return;
  const settled: PromptInfo = { ...prompt, ...use };
  if (cx.promptByDecl === last.promptByDecl) {
    cx.promptByDecl = new Map(cx.promptByDecl);
    cx.prompts = new Map(cx.prompts);
    cx.promptByValues = new Map(cx.promptByValues);
  }
  cx.promptByDecl.set(prompt.decl, settled);
  cx.promptByValues.set(prompt.valuesType, settled);
  if (cx.prompts.get(prompt.name) === prompt) cx.prompts.set(prompt.name, settled);
}

function sameUse(prompt: PromptInfo, use: PromptUse): boolean {
  const sameSpan = (a: Span, b: Span) => a.start === b.start && a.end === b.end && a.line === b.line && a.column === b.column && a.file === b.file;
  return sameAsking(prompt, use) && prompt.calls.length === use.calls.length && prompt.calls.every((span, i) => sameSpan(span, use.calls[i]));
}

/**
 * The last check's tests of a file that did not change, when each is as it was: its fakes
 * reported nothing, and the prompts they script are the same (used as before); else null. They
 * are the last check's own objects.
 */
function keptTests(cx: Checker, from: CheckRecord, path: string | null, fakes: Map<TestDecl, FakesOutcome>): readonly TestInfo[] | null {
  const tests = path === null ? undefined : from.tests.get(path);
  if (tests === undefined) return null;
  for (const test of tests) {
    const outcome = from.fakes.get(test.decl);
    if (!outcome?.clean || !test.fakes.every((f) => f.prompt === null || cx.promptByDecl.get(f.prompt.decl) === f.prompt)) return null;
  }
  for (const test of tests) fakes.set(test.decl, from.fakes.get(test.decl)!);
  return tests;
}

/** Whether the last check's declarations still stand for an edit of only `edited`'s bodies. */
function bodiesOnly(from: CheckRecord, edited: EditedFile): boolean {
  // What a declaration there reported (an unknown type in a signature, say) would have to be reported again, moved.
  if (from.declared.noisy.has(edited.file.path)) return false;
  // A prompt's tools are callables of its own file, resolved with the declarations.
  const replaced = new Set<Decl>(edited.replaced);
  for (const info of from.cx.promptByDecl.values()) if (info.tools.some((tool) => replaced.has(tool.decl))) return false;
  return true;
}

/** The declarations' facts, without those of the edited file's declarations from the edit on (declared again). */
function factsWithout(facts: Facts, edited: EditedFile | null): Facts {
  if (edited === null) return copyFacts(facts);
  const path = edited.file.path;
  const stands = ([node]: [{ span: { file: string; start: number } }, unknown]) => node.span.file !== path || node.span.start < edited.cut;
  return { exprTypes: new Map([...facts.exprTypes].filter(stands)), resolutions: new Map([...facts.resolutions].filter(stands)) };
}

/**
 * A checker holding the last check's declarations, before any body. Its prompts are the last
 * check's; one whose use changes is made anew when the calls are read (settlePrompt).
 */
function checkerFrom(from: CheckRecord, graph: ModuleGraph, facts: Facts): Checker {
  return {
    ...from.cx,
    graph,
    ...facts,
    diagnostics: [...from.declared.diagnostics],
    promptCalls: new Map(),
    callLog: [],
    signatures: new Map(from.cx.signatures),
    actionFailures: new Map(from.cx.actionFailures),
    undeclaredFailures: new Map(),
    unknownTypes: new Set(from.declared.unknownTypes),
    suggestionsAsked: new Map(from.declared.suggestionsAsked),
    missingUses: [...from.declared.notes],
    // Which module declares each name: only bodies changed, so the same.
    declarations: from.cx.declarations,
  };
}

/**
 * Declares the edited file's callables from the edit on again, and names the types that moved
 * with their new declarations (the same types); false when that reports something (no body-only
 * edit after all).
 */
function declareAgain(cx: Checker, from: CheckRecord, edited: EditedFile): boolean {
  const types = new Map<TypeDecl, TypeDecl>();
  edited.replaced.forEach((decl, i) => {
    if (decl.kind === "action" || decl.kind === "function") cx.actionFailures.delete(decl);
    cx.signatures.delete(decl);
    if (decl.kind === "fixtures") for (const member of decl.members) cx.signatures.delete(member);
    const moved = edited.changed[i];
    if (decl.kind === "type" && moved.kind === "type") types.set(decl, moved);
  });
  // In the same order, as a whole check would have them.
  if (types.size > 0) cx.namedTypes = new Map([...cx.namedTypes].map(([decl, type]) => [types.get(decl) ?? decl, type]));
  for (const decl of edited.changed) declareCallable(cx, edited.file, decl);
  return cx.diagnostics.length === from.declared.diagnostics.length;
}

/** Each declaration's bodies, replayed or checked, and what was done. */
class Bodies {
  readonly outcomes: Map<Decl, BodyOutcome>;
  checked = 0;
  /** Where each edited declaration stands among `edited.changed`. */
  private readonly changed: Map<Decl, number>;
  /** Bodies after an edited action read the failures it lets escape: when those change, every later body is checked again. */
  private replay = true;
  /** The edited file's unknown types so far are as they were: a moved body that converts with one would do the same. */
  private sameUnknownTypes = true;
  /** Files whose declarations' outcomes changed. */
  private readonly touched = new Set<string>();

  constructor(private readonly cx: Checker, private readonly from: CheckRecord, private readonly edited: EditedFile | null, private readonly now: Renamer) {
    this.outcomes = new Map(from.outcomes);
    this.changed = new Map(edited === null ? [] : edited.changed.map((decl, i) => [decl, i]));
    for (const decl of edited?.replaced ?? []) this.outcomes.delete(decl);
  }

  /** Replays a whole file that did not change; false for the edited one, or once later bodies are checked again. */
  replayFile(path: string): boolean {
    const kept = this.from.files.get(path);
    if (!this.replay || path === this.edited?.file.path || kept === undefined) return false;
    replayFile(this.cx, this.now.file(path), kept, this.now);
    return true;
  }

  take(path: string, decl: Decl, check: () => void): void {
    const file = this.now.file(path);
    const at = this.changed.get(decl);
    if (at === undefined) {
      const kept = this.from.outcomes.get(decl);
      if (this.replay && kept !== undefined) return replayOutcome(this.cx, file, decl, kept, this.now);
    }
    this.touched.add(path);
    const before = at === undefined ? undefined : this.from.outcomes.get(this.edited!.replaced[at]);
    const moved = at === undefined ? null : this.edited!.moved[at];
    if (this.replay && this.sameUnknownTypes && before !== undefined && moved !== null && sameSuggestions(before, this.cx.suggestionsAsked.get(path) ?? 0)) {
      const outcome = movedOutcome(before, moved.offset, moved.lines);
      if (outcome !== null) {
        this.outcomes.set(decl, outcome);
        return replayOutcome(this.cx, file, decl, outcome, this.now);
      }
    }
    const outcome = recordOutcome(this.cx, file, decl, check);
    this.outcomes.set(decl, outcome);
    this.checked++;
    if (at === undefined) return;
    if (!sameFailures(outcome.undeclared, before?.undeclared)) this.replay = false;
    if (!sameKeys(outcome.unknownTypes, before?.unknownTypes)) this.sameUnknownTypes = false;
  }

  /** Each file's outcome: the last check's where no declaration's changed. */
  files(graph: ModuleGraph): Map<string, FileOutcome> {
    const files = new Map(this.from.files);
    for (const path of this.touched) files.set(path, fileOutcome(this.now.file(path).syntax.decls, this.outcomes));
    for (const file of graph.files) if (!files.has(file.path)) files.set(file.path, fileOutcome(file.syntax.decls, this.outcomes));
    return files;
  }
}

function sameKeys(a: readonly string[], b: readonly string[] | undefined): boolean {
  return b !== undefined && a.length === b.length && a.every((key) => b.includes(key));
}

function sameFailures(a: readonly FailureInfo[] | undefined, b: readonly FailureInfo[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((f, i) => f === b[i]);
}
