// The plan, selection and shards: order, `file:line`, and shards that cover each test once.
import { describe, expect, it } from "vitest";
import { SourceFile, type CheckedProgram, type RecordingFile, type TestInfo } from "@jadpo/compiler";
import { planTests } from "../../src/runner/plan.ts";
import { selectTests } from "../../src/runner/select.ts";
import { applyShard } from "../../src/runner/shard.ts";

/** A test file whose tests each take three lines, starting at line 1. */
function testsIn(path: string, names: string[], kind: TestInfo["kind"] = "test"): TestInfo[] {
  const text = names.map((name) => `test "${name}" {\n    assert true\n}\n`).join("");
  const source = new SourceFile(path, text);
  const file = { path, kind: "test" as const, folderModule: "", fileModule: "", source, syntax: { decls: [] } } as unknown as TestInfo["file"];
  let offset = 0;
  return names.map((name) => {
    const length = `test "${name}" {\n    assert true\n}`.length;
    const start = offset;
    offset += length + 1;
    const span = { file: path, line: source.position(start).line, column: 1, start, end: start + length };
    return { name, kind, file, fakes: [], decl: { kind: "test", name, span, nameSpan: span, fakes: null, body: { span, statements: [] } } } as unknown as TestInfo;
  });
}

function program(tests: TestInfo[], recordings: RecordingFile[] = []): CheckedProgram {
  return { tests, recordings } as unknown as CheckedProgram;
}

const recording = (promptName: string, name: string, folder = "domains/support/prompts"): RecordingFile => ({
  path: `${folder}/recordings/${promptName}/${name}.json`, promptName, name,
});

describe("planTests", () => {
  it("orders tests by path, then declaration, and places each recording by its path", () => {
    const plan = planTests(program(
      [
        ...testsIn("domains/support/actions/a.test.jadpo", ["second declared first", "a later one"], "action test"),
        ...testsIn("domains/support/zeta.jadpotest", ["z"]),
      ],
      [recording("answer_question", "sesame"), recording("answer_question", "not_covered")],
    ));
    expect(plan.map((entry) => [entry.index, entry.file, entry.name, entry.line, entry.resultKind])).toEqual([
      [0, "domains/support/actions/a.test.jadpo", "second declared first", 1, "action test"],
      [1, "domains/support/actions/a.test.jadpo", "a later one", 4, "action test"],
      [2, "domains/support/prompts/recordings/answer_question/not_covered.json", "answer_question's not_covered recording decodes", 1, "recording test"],
      [3, "domains/support/prompts/recordings/answer_question/sesame.json", "answer_question's sesame recording decodes", 1, "recording test"],
      [4, "domains/support/zeta.jadpotest", "z", 1, "test"],
    ]);
  });

  it("gives each test the lines its declaration covers", () => {
    const plan = planTests(program(testsIn("domains/a.jadpotest", ["one", "two"])));
    expect(plan.map((entry) => [entry.line, entry.endLine])).toEqual([[1, 3], [4, 6]]);
  });
});

describe("selectTests", () => {
  const plan = planTests(program(
    [...testsIn("domains/x/a.jadpotest", ["a1", "a2"]), ...testsIn("domains/x/y/b.jadpotest", ["b1"]), ...testsIn("domains/xy/c.jadpotest", ["c1"])],
    [recording("p", "r", "domains/x")],
  ));
  const names = (selectors: Parameters<typeof selectTests>[1]) => selectTests(plan, selectors).map((entry) => entry.name);

  it("runs everything without selectors, or with the root", () => {
    expect(names([])).toHaveLength(5);
    expect(names([{ path: "", line: null }])).toHaveLength(5);
  });

  it("selects a folder's tests without matching a folder that only starts the same", () => {
    expect(names([{ path: "domains/x", line: null }])).toEqual(["a1", "a2", "p's r recording decodes", "b1"]);
  });

  it("selects a file, and a test by any line its declaration covers", () => {
    expect(names([{ path: "domains/x/a.jadpotest", line: null }])).toEqual(["a1", "a2"]);
    expect(names([{ path: "domains/x/a.jadpotest", line: 4 }])).toEqual(["a2"]);
    expect(names([{ path: "domains/x/a.jadpotest", line: 6 }])).toEqual(["a2"]);
    expect(names([{ path: "domains/x/a.jadpotest", line: 7 }])).toEqual([]);
    expect(names([{ path: "domains/x/recordings/p/r.json", line: 1 }])).toEqual(["p's r recording decodes"]);
  });

  it("keeps plan order and runs each test once when selectors overlap", () => {
    expect(names([{ path: "domains/xy", line: null }, { path: "domains/x/a.jadpotest", line: 1 }, { path: "domains/x", line: null }]))
      .toEqual(["a1", "a2", "p's r recording decodes", "b1", "c1"]);
  });
});

describe("shards", () => {
  it("covers every test exactly once, in order, for any count", () => {
    for (const total of [0, 1, 2, 7, 100]) {
      const items = Array.from({ length: total }, (_, i) => i);
      for (let count = 1; count <= 6; count++) {
        const parts = Array.from({ length: count }, (_, i) => applyShard(items, { index: i + 1, count }));
        expect(parts.flat()).toEqual(items);
        const sizes = parts.map((part) => part.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }
    }
  });
});
