// The pipeline over an in-memory project: what it counts, what it sorts, when it stops.
import { describe, expect, it } from "vitest";
import { compileProject, sortDiagnostics } from "../../src/pipeline.ts";
import { diagnostic } from "../../src/diagnostics/diagnostic.ts";
import { memoryHost } from "../../src/testing/index.ts";

const root = "/p";
const host = (files: Record<string, string | Uint8Array>) =>
  memoryHost(Object.fromEntries(Object.entries({ "app.jadpo": "", ...files }).map(([path, text]) => [`${root}/${path}`, text])));

describe("compileProject", () => {
  it("checked only (toRun: false), keeps no expression types and only failures' resolutions, and finds the same problems", () => {
    const files = {
      "app.jadpo": 'locales { default: "en-GB" supported: ["en-GB"] }\n',
      "domains/s/a.jadpo": [
        "failure Gone { kind: NotFound  message: \"gone\" }",
        "failure Late { kind: Unavailable  message: \"late\" }",
        "action find(n: Int) fails Gone, Late -> Int {",
        "    if n < 0 { reject Gone }",
        "    var x = n + 1",
        "    return x",
        "}",
        "action outer(n: Int) -> Int {",
        "    return attempt find(n)",
        "}",
        "function bad() -> Int { return \"no\" }",
      ].join("\n"),
    };
    const full = compileProject(host(files), root);
    const checked = compileProject(host(files), root, { toRun: false });
    const rules = (r: typeof full) => r.diagnostics.map((d) => `${d.span?.line}:${d.span?.column} ${d.rule}`);
    expect(rules(full)).toEqual(["3:33 failure.stale", "9:12 failure.undeclared", "11:32 type.mismatch"]);
    expect(rules(checked)).toEqual(rules(full));
    expect(full.program!.exprTypes.size).toBeGreaterThan(5);
    expect(checked.program!.exprTypes.size).toBe(0);
    const kinds = (r: typeof full) => [...r.program!.resolutions.values()].map((x) => x.kind);
    expect(kinds(full)).toEqual(expect.arrayContaining(["failure", "local", "action"]));
    expect(new Set(kinds(checked))).toEqual(new Set(["failure"]));
  });

  it("counts source and test files, and top-level declarations without use lines", () => {
    const result = compileProject(
      host({
        "domains/s/types.jadpo": "type A = Text\n\ntype B = Int\n",
        "domains/t/use.jadpo": "use s/types { A }\n\nfunction f(a: A) -> A {\n    return a\n}\n",
        "domains/t/f.test.jadpo": 'test "f keeps its argument" {\n    assert f("x") == "x"\n}\n',
        "domains/t/notes.txt": "not a source file",
      }),
      root,
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.stats).toEqual({ files: 4, declarations: 4 });
    expect(result.program).not.toBeNull();
    expect(result.graph.files.map((f) => f.path)).toEqual(["app.jadpo", "domains/s/types.jadpo", "domains/t/f.test.jadpo", "domains/t/use.jadpo"]);
  });

  it("sorts diagnostics by file, then position, and doesn't type-check after a syntax error", () => {
    const result = compileProject(
      host({
        "domains/b/x.jadpo": "type X = Text\n\ntype Y = \n",
        "domains/a/y.jadpo": "use nowhere { Z }\n\nfunction f() -> Int {\n    return missing\n}\n",
      }),
      root,
    );
    expect(result.diagnostics.map((d) => `${d.span?.file}:${d.span?.line} ${d.rule}`)).toEqual([
      "domains/a/y.jadpo:1 module.not_found",
      "domains/b/x.jadpo:4 syntax.expected",
    ]);
    expect(result.program).toBeNull();
  });

  it("type-checks when the only problems are names' casing", () => {
    const result = compileProject(host({ "domains/a/y.jadpo": "function Bad() -> Int {\n    return missing\n}\n" }), root);
    expect(result.diagnostics.map((d) => d.rule)).toEqual(["name.casing", "name.unknown"]);
  });

  it("refuses a file over 16 MiB without parsing it, and reads recordings raw", () => {
    const huge = new Uint8Array(16 * 1024 * 1024 + 1).fill(32);
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]);
    const result = compileProject(host({ "domains/a/huge.jadpo": huge, "domains/a/p/recordings/ask/one.json": bom }), root);
    expect(result.diagnostics.map((d) => `${d.span?.file} ${d.rule}`)).toEqual(["domains/a/huge.jadpo limit.file_too_large"]);
    expect(result.stats.files).toBe(2);
    expect(result.graph.recordings).toEqual([{ path: "domains/a/p/recordings/ask/one.json", promptName: "ask", name: "one", bytes: bom }]);
  });
});

describe("sortDiagnostics", () => {
  it("puts problems without a file first and keeps equal ones in order", () => {
    const at = (file: string, start: number) => ({ file, line: 1, column: start + 1, start, end: start });
    const a = diagnostic("name.casing", at("b.jadpo", 5), { name: "a", suggested: "A" });
    const b = diagnostic("name.casing", at("a.jadpo", 9), { name: "b", suggested: "B" });
    const c = diagnostic("name.casing", at("a.jadpo", 1), { name: "c", suggested: "C" });
    const d = diagnostic("cli.no_project", null, { path: "." });
    const e = diagnostic("name.casing", at("a.jadpo", 1), { name: "e", suggested: "E" });
    expect(sortDiagnostics([a, b, c, d, e]).map((x) => x.summary.slice(1, 2))).toEqual(["o", "c", "e", "b", "a"]);
  });
});
