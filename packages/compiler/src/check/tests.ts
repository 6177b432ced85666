// Tests for the runner: each test's kind (from the nearest `actions`, `functions` or `prompts`
// folder below `domains/`) and its checked fakes, in path order then declaration order.
import type { TestInfo, TestKind } from "./program.ts";
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

export function* collectTests(cx: Checker): Steps<TestInfo[]> {
  const tests: TestInfo[] = [];
  for (const file of cx.graph.files) {
    let kind: TestKind | null = null; // the file's, for each of its tests
    for (const decl of file.syntax.decls) {
      if (decl.kind !== "test") continue;
      kind ??= testKind(file.path);
      tests.push({ name: decl.name, decl, file, kind, fakes: checkFakes(cx, file, decl) });
      yield;
    }
  }
  return tests;
}
