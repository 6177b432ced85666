// What checking one declaration's bodies did to the checker, kept so that an editor's next check
// can replay it instead of checking those bodies again when nothing they read has changed
// (workspace/editor-check.ts): the diagnostics, and what later phases and later bodies read —
// prompt calls, failures an action lets escape undeclared, unknown names and types noted in its
// file, missing `use` lines. And the same for a test's fakes, checked once every body is.
import type { ActionDecl, Decl, FunctionDecl } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { CheckedFakes, FailureInfo, PromptInfo } from "./program.ts";
import type { Checker, MissingUse, PromptCall } from "./context.ts";
import { remember, sameAsking } from "./ai-calls.ts";
import { SUGGESTIONS_PER_FILE } from "./report-names.ts";

export interface BodyOutcome {
  diagnostics: Diagnostic[];
  /** Missing-use notes, each `index` counted from the first of `diagnostics`. */
  notes: MissingUse[];
  /** `<file>\0<Name>` of unknown types noted. */
  unknownTypes: string[];
  /** The file's count of unknown names before these bodies, and how many they added. */
  askedBefore: number;
  asked: number;
  /** Failures the declaration lets escape without listing them. */
  undeclared: FailureInfo[] | undefined;
  calls: { prompt: PromptInfo; call: PromptCall }[];
}

/** Runs `check` (the bodies of `decl`, in `file`) and returns what it did. The checker must keep a `callLog`. */
export function recordOutcome(cx: Checker, file: LoadedFile, decl: Decl, check: () => void): BodyOutcome {
  const diagnostics = cx.diagnostics.length;
  const notes = cx.missingUses?.length ?? 0;
  const unknown = cx.unknownTypes.size;
  const calls = cx.callLog!.length;
  const askedBefore = cx.suggestionsAsked.get(file.path) ?? 0;
  check();
  return {
    diagnostics: cx.diagnostics.slice(diagnostics),
    notes: (cx.missingUses ?? []).slice(notes).map((note) => ({ ...note, index: note.index - diagnostics })),
    unknownTypes: cx.unknownTypes.size === unknown ? [] : [...cx.unknownTypes].slice(unknown),
    askedBefore,
    asked: (cx.suggestionsAsked.get(file.path) ?? 0) - askedBefore,
    undeclared: decl.kind === "action" || decl.kind === "function" ? cx.undeclaredFailures.get(decl) : undefined,
    calls: cx.callLog!.slice(calls),
  };
}

/** How a kept outcome names things of this check: the file by its path, a prompt by its declaration (each check makes its prompts anew). */
export interface Renamer {
  file(path: string): LoadedFile;
  prompt(prompt: PromptInfo): PromptInfo;
}

/** Does to the checker what `outcome` records `decl`'s bodies did, as if they were checked again. */
export function replayOutcome(cx: Checker, file: LoadedFile, decl: Decl, outcome: BodyOutcome, now: Renamer): void {
  replayEffects(cx, file, outcome, now);
  if (outcome.undeclared && (decl.kind === "action" || decl.kind === "function")) cx.undeclaredFailures.set(decl, outcome.undeclared);
}

function replayEffects(cx: Checker, file: LoadedFile, outcome: BodyOutcome, now: Renamer): void {
  const base = cx.diagnostics.length;
  for (const d of outcome.diagnostics) cx.diagnostics.push(d);
  for (const key of outcome.unknownTypes) cx.unknownTypes.add(key);
  if (outcome.asked > 0) cx.suggestionsAsked.set(file.path, (cx.suggestionsAsked.get(file.path) ?? 0) + outcome.asked);
  for (const note of outcome.notes) (cx.missingUses ??= []).push({ ...note, file: now.file(note.file.path), index: note.index + base });
  for (const { prompt, call } of outcome.calls) remember(cx, now.prompt(prompt), call);
}

/** What checking every body of one file did: its declarations' outcomes one after the other. */
export interface FileOutcome {
  outcome: BodyOutcome;
  undeclared: [ActionDecl | FunctionDecl, FailureInfo[]][];
}

/** The outcomes of one file's declarations with bodies, in order, as one. */
export function fileOutcome(decls: readonly Decl[], outcomes: ReadonlyMap<Decl, BodyOutcome>): FileOutcome {
  const all: BodyOutcome = { diagnostics: [], notes: [], unknownTypes: [], askedBefore: 0, asked: 0, undeclared: undefined, calls: [] };
  const undeclared: FileOutcome["undeclared"] = [];
  let first = true;
  for (const decl of decls) {
    const outcome = outcomes.get(decl);
    if (outcome === undefined) continue;
    if (first) all.askedBefore = outcome.askedBefore;
    first = false;
    for (const note of outcome.notes) all.notes.push({ ...note, index: note.index + all.diagnostics.length });
    for (const d of outcome.diagnostics) all.diagnostics.push(d);
    for (const key of outcome.unknownTypes) all.unknownTypes.push(key);
    for (const call of outcome.calls) all.calls.push(call);
    all.asked += outcome.asked;
    if (outcome.undeclared && (decl.kind === "action" || decl.kind === "function")) undeclared.push([decl, outcome.undeclared]);
  }
  return { outcome: all, undeclared };
}

/** Does to the checker what checking every body of `file` did. */
export function replayFile(cx: Checker, file: LoadedFile, outcome: FileOutcome, now: Renamer): void {
  replayEffects(cx, file, outcome.outcome, now);
  for (const [decl, failures] of outcome.undeclared) cx.undeclaredFailures.set(decl, failures);
}

/**
 * The outcome of the same bodies moved by `offset` characters and `lines` lines (the text before
 * them changed), or null when it can't be moved: a diagnostic's text may name a line.
 */
export function movedOutcome(outcome: BodyOutcome, offset: number, lines: number): BodyOutcome | null {
  if (outcome.diagnostics.length > 0 || outcome.notes.length > 0) return null;
  if (outcome.calls.length === 0) return outcome;
  const calls = outcome.calls.map(({ prompt, call }) => ({
    prompt,
    call: { ...call, span: { ...call.span, start: call.span.start + offset, end: call.span.end + offset, line: call.span.line + lines } },
  }));
  return { ...outcome, calls };
}

/**
 * Whether bodies whose outcome was recorded after `outcome.askedBefore` unknown names in their
 * file, checked now after `askedBefore`, would do the same: past SUGGESTIONS_PER_FILE a file's
 * unknown names get no suggestion.
 */
export function sameSuggestions(outcome: BodyOutcome, askedBefore: number): boolean {
  const then = outcome.askedBefore;
  if (then === askedBefore || outcome.asked === 0) return true;
  return (then + outcome.asked <= SUGGESTIONS_PER_FILE && askedBefore + outcome.asked <= SUGGESTIONS_PER_FILE) || (then >= SUGGESTIONS_PER_FILE && askedBefore >= SUGGESTIONS_PER_FILE);
}

/** What checking one test's fakes gave (an editor keeps none of the facts it wrote). */
export interface FakesOutcome {
  fakes: CheckedFakes[];
  /** Whether it reported and noted nothing: only then is it reused. */
  clean: boolean;
}

/** Runs `check` (the fakes of a test in `file`) and returns what it gave. */
export function recordFakes(cx: Checker, file: LoadedFile, check: () => CheckedFakes[]): FakesOutcome {
  const diagnostics = cx.diagnostics.length;
  const notes = cx.missingUses?.length ?? 0;
  const unknown = cx.unknownTypes.size;
  const asked = cx.suggestionsAsked.get(file.path);
  const fakes = check();
  const clean = cx.diagnostics.length === diagnostics && (cx.missingUses?.length ?? 0) === notes && cx.unknownTypes.size === unknown
    && cx.suggestionsAsked.get(file.path) === asked;
  return { fakes, clean };
}

/**
 * A clean outcome again, its fakes naming this check's prompts (the same prompts, unless their
 * calls moved); or null when a prompt they script is now used otherwise (its items are read by
 * its use and its calls' `as:` types).
 */
export function replayFakes(outcome: FakesOutcome, now: (prompt: PromptInfo) => PromptInfo): FakesOutcome | null {
  if (!outcome.clean) return null;
  for (const { prompt } of outcome.fakes) {
    if (prompt === null) continue;
    if (!sameAsking(now(prompt), prompt)) return null;
  }
  if (outcome.fakes.every((f) => f.prompt === null || now(f.prompt) === f.prompt)) return outcome;
  return { ...outcome, fakes: outcome.fakes.map((f) => (f.prompt === null ? f : { ...f, prompt: now(f.prompt) })) };
}
