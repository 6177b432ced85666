// The program a build ships (docs/production.md): what the app's code needs to run, and nothing
// that only tests use. Tests, fixtures and recordings are left out, and so are a test file's
// declarations, except one that the app's code reaches (an action a test file declares and app code
// calls is kept). The connection loses its development settings: a build never sandboxes or counts.
// The source text of what is left out is blanked (newlines kept), so a fault still points at the
// line and column it happened on, and no test's text ships.
import { SourceFile, type CheckedProgram, type Decl, type LoadedFile, type SideTable } from "@jadpo/compiler";

/** Declarations a build never keeps, wherever they stand. */
const TEST_ONLY = new Set<Decl["kind"]>(["test", "fixtures"]);

/** Every object reachable from `root` without entering a declaration, a file or a source text. */
function reachable(root: unknown, stopAt: (o: object) => boolean, visit: (o: object) => void, seen: Set<object>): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object" || seen.has(v)) continue;
    seen.add(v);
    visit(v);
    if (stopAt(v)) continue;
    if (v instanceof Map) for (const [k, x] of v) stack.push(k, x);
    else if (v instanceof Set) for (const x of v) stack.push(x);
    else if (Array.isArray(v)) for (const x of v) stack.push(x);
    else for (const key of Object.keys(v)) stack.push((v as Record<string, unknown>)[key]);
  }
}

/** `text` with every character outside `kept` ranges replaced by a space; newlines stay. */
function blankedText(text: string, kept: Array<[number, number]>): string {
  const chars = text.split("");
  let from = 0;
  const blank = (start: number, end: number) => {
    for (let i = start; i < end; i++) if (chars[i] !== "\n") chars[i] = " ";
  };
  for (const [start, end] of [...kept].sort((a, b) => a[0] - b[0])) {
    blank(from, start);
    from = Math.max(from, end);
  }
  blank(from, chars.length);
  // As long as the text was: spans are offsets into it.
  return chars.join("");
}

export interface BuildProgram {
  program: CheckedProgram;
  /**
   * Objects of the checked program that the build's program replaces (each file by its pruned
   * copy): whatever still points at an original, such as a prompt's file, points at the copy.
   */
  replaced: Map<object, object>;
}

/** The part of `program` a build ships. `program` itself is left as it is. */
export function programForBuild(program: CheckedProgram): BuildProgram {
  const files = new Set<object>(program.graph.files);
  const sources = new Set<object>(program.graph.files.map((f) => f.source));
  const declFile = new Map<Decl, LoadedFile>();
  for (const file of program.graph.files) for (const decl of file.syntax.decls) declFile.set(decl, file);
  const stopAt = (o: object) => files.has(o) || sources.has(o) || declFile.has(o as Decl);

  const kept = new Set<Decl>();
  const work: Decl[] = [];
  const keep = (decl: Decl) => {
    if (kept.has(decl) || TEST_ONLY.has(decl.kind)) return;
    kept.add(decl);
    work.push(decl);
  };
  for (const file of program.graph.files) if (file.kind === "source") for (const decl of file.syntax.decls) keep(decl);

  // A declaration keeps whatever its facts name: the checker's side tables say what each of its
  // nodes refers to, and a named type, a resolution or a prompt leads to the declaration it names.
  const nodes = new Set<object>();
  const facts = [program.resolutions, program.exprTypes, program.signatures, program.actionFailures] as const;
  const found = (o: object) => {
    if (declFile.has(o as Decl)) keep(o as Decl);
  };
  const seenFacts = new Set<object>();
  while (work.length > 0) {
    const decl = work.pop()!;
    const own = new Set<object>();
    reachable(decl, (o) => o !== decl && stopAt(o), (o) => own.add(o), new Set());
    for (const node of own) {
      nodes.add(node);
      for (const table of facts) {
        const fact = (table as Map<object, unknown> | undefined)?.get(node);
        if (fact !== undefined) reachable(fact, stopAt, found, seenFacts);
      }
    }
  }

  const replaced = new Map<object, object>();
  const prunedFiles: LoadedFile[] = [];
  for (const file of program.graph.files) {
    const decls = file.syntax.decls.filter((d) => kept.has(d));
    if (decls.length === 0) continue;
    const source = new SourceFile(file.path, blankedText(file.source.text, decls.map((d) => [d.span.start, d.span.end])));
    const copy: LoadedFile = { ...file, source, syntax: { ...file.syntax, decls } };
    replaced.set(file, copy);
    replaced.set(file.source, source);
    prunedFiles.push(copy);
  }
  const filtered = <K extends object, V>(table: SideTable<K, V> | Map<K, V> | undefined): Map<K, V> => {
    if (table === undefined) return new Map();
    // A program checked to run keeps every fact in a Map (a check-only one can't be built).
    if (!(table instanceof Map)) throw new Error("a build needs a program checked to run, with every fact kept");
    return new Map([...table].filter(([key]) => nodes.has(key)));
  };
  const connection = program.connection === null ? null : { ...program.connection, sandbox: [], perDay: null };
  const app = program.graph.app === null ? null : ((replaced.get(program.graph.app) as LoadedFile | undefined) ?? null);
  return {
    program: {
      graph: { files: prunedFiles, scopes: new Map(), app, recordings: [] },
      prompts: new Map([...program.prompts].filter(([, prompt]) => kept.has(prompt.decl))),
      failures: program.failures.filter((f) => f.decl === null || kept.has(f.decl)),
      aiFailures: program.aiFailures,
      connection,
      locale: program.locale,
      tests: [],
      recordings: [],
      exprTypes: filtered(program.exprTypes),
      resolutions: filtered(program.resolutions),
      namedTypes: new Map([...program.namedTypes].filter(([decl]) => kept.has(decl))),
      actionFailures: filtered(program.actionFailures),
      signatures: filtered(program.signatures),
    },
    replaced,
  };
}
