// Tests for the runner: each test's kind (from the nearest `actions`, `functions` or `prompts`
// folder below `domains/`) and its checked fakes, in path order then declaration order.
import type { CheckedFakes, TestInfo, TestKind } from "./program.ts";
import type { TestDecl } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import type { Checker } from "./context.ts";
import { checkFakes } from "./fakes.ts";
import type { Steps } from "../steps.ts";

const KINDS: Record<string, TestKind> = { actions: "action test", functions: "function test", prompts: "prompt test" };

export function testKind(path: string): TestKind {
  const parts = path.split("/");
  if (parts[0] !== "domains") return "test";
  for (let i = parts.length - 2; i >= 1; i--) {
    const kind = KINDS[parts[i]];
    if (kind) return kind;
  }
  return "test";
}

/** How collectTests takes the tests: an editor's re-check may reuse what it kept instead of checking them. */
export interface TestsOptions {
  /** A test's fakes: `check` checks them. */
  each?: (file: LoadedFile, test: TestDecl, check: () => CheckedFakes[]) => CheckedFakes[];
  /** A whole file's tests at once, or null to take them one by one. */
  file?: (file: LoadedFile) => readonly TestInfo[] | null;
}

export function* collectTests(cx: Checker, options: TestsOptions = {}): Steps<TestInfo[]> {
  const tests: TestInfo[] = [];
  const each = options.each;
  for (const file of cx.graph.files) {
    const kept = options.file?.(file);
    if (kept) {
      for (const test of kept) tests.push(test);
      yield;
      continue;
    }
    let kind: TestKind | null = null; // the file's, for each of its tests
    for (const decl of file.syntax.decls) {
      if (decl.kind !== "test") continue;
      kind ??= testKind(file.path);
      const check = () => checkFakes(cx, file, decl);
      tests.push({ name: decl.name, decl, file, kind, fakes: each ? each(file, decl, check) : check() });
      yield;
    }
  }
  return tests;
}
