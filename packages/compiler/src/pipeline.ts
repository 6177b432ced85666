// The whole compiler pipeline in a page: discover files → size check → parse → resolve modules → check.
// Each phase returns what it could build with its diagnostics; checking runs only on a project
// whose files parsed and whose modules resolved, so one mistake gives one diagnostic.
import type { Host } from "./host.ts";
import type { Diagnostic } from "./diagnostics/diagnostic.ts";
import type { LoadedFile, ModuleGraph, RecordingSource } from "./modules/graph.ts";
import type { CheckedProgram } from "./check/program.ts";
import type { SourceFile } from "./source/source-file.ts";
import { discoverFiles, moduleNames, type ProjectFiles } from "./modules/load.ts";
import { resolveModules, resolveSteps } from "./modules/resolve.ts";
import { checkSize, parseFile } from "./syntax/parse-file.ts";
import { MAX_FILE_BYTES } from "./vocabulary.ts";
import { checkProgramSteps, type CheckOptions } from "./check/check-program.ts";
import { runSteps, type Steps } from "./steps.ts";
import { limitDiagnostics } from "./diagnostics/limit.ts";
import { diagnostic } from "./diagnostics/diagnostic.ts";
import { recordingNameFor } from "./names/casing.ts";
import { fileStart } from "./source/span.ts";
import type { ParseCache } from "./workspace/parse-cache.ts";
import type { EditorCheck } from "./workspace/editor-check.ts";
import { heapFull, overBudget, type MemoryBudget } from "./memory-budget.ts";

export interface CompileOptions extends CheckOptions {
  /** Parses kept from the last compile of this project (an editor's): unchanged files aren't parsed again. */
  parses?: ParseCache;
  /** The process's heap: a project too large for it stops with `limit.project_too_large` instead of running it out. */
  memory?: MemoryBudget;
  /**
   * An editor's checks of this project: each made from the last where only bodies changed, every
   * fact found on demand (the check options above are not read).
   */
  editor?: EditorCheck;
}

export interface CompileStats {
  /** Source and test files. */
  files: number;
  /** Top-level declarations, `use` lines excluded. */
  declarations: number;
}

export interface CompileResult {
  /** Absolute path of the project root. */
  root: string;
  graph: ModuleGraph;
  /** The checked program, or null when parsing or module resolution failed (checking did not run). */
  program: CheckedProgram | null;
  /**
   * The diagnostics shown, sorted by file path then offset (diagnostics without a file first):
   * at most 50 per file and 500 in all; `omitted` counts the rest.
   */
  diagnostics: Diagnostic[];
  omitted: number;
  stats: CompileStats;
}

/** Rules after which checking would only repeat the problem in other words. */
function blocksChecking(d: Diagnostic): boolean {
  if (d.rule === "syntax.unsupported") return false; // the declaration is skipped; the rest is whole
  return d.rule.startsWith("syntax.") || d.rule.startsWith("limit.") || d.rule.startsWith("module.");
}

/**
 * Compiles the project at `root` (an absolute path holding `app.jadpo`). Never throws for a user
 * error. With `toRun: false` the program is only checked (see CheckOptions).
 */
export function compileProject(host: Host, root: string, options: CompileOptions = {}): CompileResult {
  return runSteps(compileSteps(host, root, options));
}

/**
 * compileProject in steps: it pauses (yields) after each file it parses (with kept parses, each
 * declaration), each file whose modules it resolves, each phase of the check and each declaration
 * it checks, so an editor can answer requests between steps and drop a compile a newer change has
 * made stale. Driven to its end, it is compileProject.
 */
export function* compileSteps(host: Host, root: string, options: CompileOptions = {}): Steps<CompileResult> {
  const found = discoverFiles(host, root);
  options.parses?.begin();
  const parsed = yield* parseAll(host, found, options.parses, options.memory);
  const { incomplete, diagnostics, omitted: unparsed, stopped } = parsed;
  options.parses?.end();
  if (stopped) {
    // Too large to hold: that one diagnostic, and nothing parsed is kept.
    const empty = resolveModules([], { recordings: [], incomplete });
    return { root, graph: empty.graph, program: null, diagnostics: [stopped], omitted: 0, stats: { files: found.files.length, declarations: 0 } };
  }
  for (const d of foundProblems(found)) diagnostics.push(d);
  const recordings = readRecordings(host, found);
  const plan = options.editor?.plan(parsed.files, incomplete);
  const files = plan?.files ?? parsed.files;
  yield;
  const resolved = plan && options.editor ? yield* options.editor.resolve(plan, { recordings, incomplete }) : yield* resolveSteps(files, { recordings, incomplete });
  for (const d of resolved.diagnostics) diagnostics.push(d);
  yield;
  let program: CheckedProgram | null = null;
  if (!diagnostics.some(blocksChecking)) {
    const checked = yield* (plan && options.editor ? options.editor.check(plan, resolved.graph) : checkProgramSteps(resolved.graph, undefined, options));
    program = checked.program;
    for (const d of checked.diagnostics) diagnostics.push(d);
  }
  const declarations = files.reduce((n, file) => n + file.syntax.decls.filter((decl) => decl.kind !== "use").length, 0);
  const { shown, omitted } = limitDiagnostics(sortDiagnostics(diagnostics));
  return { root, graph: resolved.graph, program, diagnostics: shown, omitted: omitted + unparsed, stats: { files: found.files.length, declarations } };
}

/** Entries skipped as unreadable, and recordings whose file name is not lower_snake. */
function foundProblems(found: ProjectFiles): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { path, why } of found.skipped) out.push(diagnostic("module.unreadable", fileStart(path), { path, why }));
  for (const { path, name } of found.misnamed) {
    out.push(diagnostic("test.recording_name", fileStart(path), { file: `${name}.json`, better: recordingNameFor(name) }));
  }
  return out;
}

/**
 * Reads every file, then parses them one by one. With a memory budget, a project whose files are
 * over it is not parsed at all, and parsing stops once the heap is nearly full.
 */
function* parseAll(host: Host, found: ProjectFiles, parses: ParseCache | undefined, memory: MemoryBudget | undefined) {
  const files: LoadedFile[] = [];
  const incomplete = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  let omitted = 0;
  const reads: (Uint8Array | number | null)[] = found.files.map((file) => host.readWithin(file.absolute, MAX_FILE_BYTES));
  if (memory) {
    const total = reads.reduce<number>((sum, read) => sum + (typeof read === "number" ? read : read?.length ?? 0), 0);
    const over = overBudget(memory, total);
    if (over) return { files, incomplete, diagnostics: [], omitted, stopped: over };
  }
  let readBytes = 0;
  for (let i = 0; i < found.files.length; i++) {
    const file = found.files[i];
    const read = reads[i];
    reads[i] = null; // the bytes are the parse's from here
    if (typeof read === "number") {
      diagnostics.push(checkSize(read, file.path)!);
      incomplete.add(file.path);
      continue;
    }
    const full = memory && heapFull(memory, readBytes);
    if (full) return { files: [], incomplete, diagnostics: [], omitted: 0, stopped: full };
    const bytes = read ?? new Uint8Array();
    readBytes += bytes.length;
    const parsed = parses ? yield* parses.parseSteps(file.path, file.kind, bytes) : parseFile(file.path, file.kind, bytes);
    if (parsed.diagnostics.length > 0) incomplete.add(file.path);
    for (const d of parsed.diagnostics) diagnostics.push(d);
    omitted += parsed.omitted ?? 0;
    files.push({ path: file.path, kind: file.kind, ...moduleNames(file.path), source: parsed.source, syntax: parsed.syntax });
    yield;
  }
  return { files, incomplete, diagnostics, omitted, stopped: null };
}

function readRecordings(host: Host, found: ProjectFiles): RecordingSource[] {
  return found.recordings.map(({ absolute, path, promptName, name }) => {
    const read = host.readWithin(absolute, MAX_FILE_BYTES);
    return { path, promptName, name, bytes: typeof read === "number" ? null : read ?? new Uint8Array() };
  });
}

/** By file path, then offset; problems that belong to no file first. Stable for equal keys. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics
    .map((d, i) => ({ d, i }))
    .sort((a, b) => {
      const fa = a.d.span?.file ?? "";
      const fb = b.d.span?.file ?? "";
      if (fa !== fb) return fa < fb ? -1 : 1;
      const oa = a.d.span?.start ?? -1;
      const ob = b.d.span?.start ?? -1;
      return oa !== ob ? oa - ob : a.i - b.i;
    })
    .map(({ d }) => d);
}

/** The SourceFile of a root-relative path in a graph, for code frames and byte offsets. */
export function sourceLookup(graph: ModuleGraph): (file: string) => SourceFile | undefined {
  const byPath = new Map(graph.files.map((file) => [file.path, file.source]));
  return (file) => byPath.get(file);
}
