// Which tests a change can affect, for `jadpo test --watch`: a test file is affected by a file it
// reaches through the names it uses (from `use` lines, its folder module and `app.jadpo`), a recording test by its
// prompt's file and what that file reaches, and a changed recording by its own test and the tests
// that answer with it (`recorded("<name>")`). Anything else (a file removed, a folder, a file that
// didn't load) affects every test.
import type { CompileResult, LoadedFile } from "@jadpo/compiler";
import type { PlannedTest } from "@jadpo/runtime";

/**
 * Each file's direct dependencies: the files declaring the names visible at its top that its text
 * mentions. (Every name of a folder module is visible in each of its files; counting only the
 * names a file mentions keeps a change to one file of a folder from reaching every user of another.)
 */
function directDependencies(result: CompileResult): Map<string, Set<string>> {
  const deps = new Map<string, Set<string>>();
  for (const [path, scope] of result.graph.scopes) {
    const words = new Set(scope.file.source.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
    const set = new Set<string>();
    for (const [name, ref] of scope.names) if (ref.file.path !== path && words.has(name)) set.add(ref.file.path);
    deps.set(path, set);
  }
  return deps;
}

/** Every file `start` reaches, itself included. */
function reach(start: string, deps: Map<string, Set<string>>): Set<string> {
  const seen = new Set<string>([start]);
  const stack = [start];
  while (stack.length > 0) {
    for (const next of deps.get(stack.pop()!) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return seen;
}

function promptFiles(files: LoadedFile[]): Map<string, string> {
  const byPrompt = new Map<string, string>();
  for (const file of files) {
    for (const decl of file.syntax.decls) if (decl.kind === "prompt") byPrompt.set(decl.name.name, file.path);
  }
  return byPrompt;
}

/**
 * Whether a planned test is affected by `changed` (root-relative paths), or null when every test
 * is (a change this can't place).
 */
export function affectedBy(result: CompileResult, changed: readonly string[]): ((entry: PlannedTest) => boolean) | null {
  const files = new Map(result.graph.files.map((file) => [file.path, file]));
  const recordings = new Map((result.graph.recordings ?? []).map((recording) => [recording.path, recording]));
  const sources = new Set<string>();
  const changedRecordings: { path: string; promptName: string; name: string }[] = [];
  for (const path of changed) {
    const recording = recordings.get(path);
    if (recording) changedRecordings.push(recording);
    else if (files.has(path) && path !== "app.jadpo") sources.add(path);
    else return null;
  }
  const deps = directDependencies(result);
  const prompts = promptFiles(result.graph.files);
  const reaches = new Map<string, boolean>();
  const reachesChange = (file: string): boolean => {
    let hit = reaches.get(file);
    if (hit === undefined) {
      hit = [...reach(file, deps)].some((path) => sources.has(path));
      reaches.set(file, hit);
    }
    return hit;
  };
  // The test's own text (its fakes are in it) names the recording.
  const answersWith = (entry: Extract<PlannedTest, { kind: "test" }>): boolean => {
    const { start, end } = entry.test.decl.span;
    const text = files.get(entry.file)?.source.text.slice(start, end) ?? "";
    return changedRecordings.some((recording) => text.includes(`recorded("${recording.name}")`));
  };
  return (entry) => {
    if (entry.kind === "recording") {
      if (changedRecordings.some((recording) => recording.path === entry.file)) return true;
      const promptFile = prompts.get(entry.recording.promptName);
      return promptFile !== undefined && reachesChange(promptFile);
    }
    return reachesChange(entry.file) || answersWith(entry);
  };
}
