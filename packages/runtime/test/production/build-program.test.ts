// The program a build ships: written as text and read back with its shape (shared objects, cycles,
// Maps keyed by objects, source files, numbers JSON can't write), and pruned of what only tests
// use while keeping what the app's code reaches in a test file.
import { describe, expect, it } from "vitest";
import { SourceFile } from "@jadpo/compiler";
import { decodeProgram, encodeProgram } from "../../src/production/program-codec.ts";
import { programForBuild } from "../../src/production/prune.ts";
import { createProductionApp } from "../../src/production/app.ts";
import { projectOf } from "../../src/testing/project.ts";

describe("encodeProgram and decodeProgram", () => {
  it("keep shared objects shared, cycles closed and Map keys the objects they were", () => {
    const shared = { name: "x" };
    const cycle: { self?: unknown; list: unknown[] } = { list: [shared, shared] };
    cycle.self = cycle;
    const table = new Map<object, string>([[shared, "a fact"]]);
    const root = { shared, cycle, table, set: new Set([shared]), file: new SourceFile("a.jadpo", "line\nline"), odd: [undefined, NaN, -0, Infinity, -Infinity, 1.5, null, "text"] };
    const back = decodeProgram(encodeProgram(root)) as typeof root;
    expect(back.cycle.self).toBe(back.cycle);
    expect(back.cycle.list[0]).toBe(back.shared);
    expect(back.table.get(back.shared)).toBe("a fact");
    expect(back.set.has(back.shared)).toBe(true);
    expect(back.file).toBeInstanceOf(SourceFile);
    expect(back.file.position(5)).toEqual({ line: 2, column: 1 });
    expect(Object.is(back.odd[2], -0)).toBe(true);
    expect(back.odd).toEqual([undefined, NaN, -0, Infinity, -Infinity, 1.5, null, "text"]);
  });

  it("writes a class instance as the plain object it reads as, its getters' values included", () => {
    class Node {
      readonly kind = "binary";
      constructor(readonly left: number, readonly right: number) {}
      get span(): number {
        return this.left + this.right;
      }
    }
    expect(decodeProgram(encodeProgram({ node: new Node(1, 2) }))).toEqual({ node: { kind: "binary", left: 1, right: 2, span: 3 } });
    class WithMethod {
      m(): void {}
    }
    expect(() => encodeProgram(new WithMethod())).toThrow("the program holds a WithMethod with methods, which can't be written");
    expect(() => encodeProgram({ f: () => 1 })).toThrow("the program holds a function, which can't be written");
  });

  it("keeps a field named __proto__ a field", () => {
    const back = decodeProgram(encodeProgram(JSON.parse('{"__proto__": {"polluted": true}}'))) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.hasOwn(back, "__proto__")).toBe(true);
  });

  it("refuses text it didn't write", () => {
    expect(() => decodeProgram('{"format":2,"root":0,"table":[]}')).toThrow("this is not a program jadpo build wrote");
  });
});

describe("programForBuild", () => {
  const project = projectOf({
    "domains/shop/shop.jadpo": [
      "action total(price: Int) -> Int {",
      "    return price + tax(price)",
      "}",
      "",
      "fixtures prices {",
      "    cheap -> Int { return 1 }",
      "}",
      "",
    ].join("\n"),
    "domains/shop/helpers.test.jadpo": [
      "action tax(price: Int) -> Int {",
      "    return price / 10",
      "}",
      "",
      "action unused_helper() -> Int {",
      "    return 1",
      "}",
      "",
      "test \"a total adds the tax\" {",
      "    assert total(100) == 110",
      "}",
      "",
    ].join("\n"),
  });
  const { program, replaced } = programForBuild(project.program);

  it("keeps the app's code and the test file's action it calls, and leaves out tests, fixtures and the rest", () => {
    const decls = program.graph.files.map((f) => [f.path, f.syntax.decls.map((d) => ("name" in d && typeof d.name === "object" ? d.name.name : d.kind))]);
    expect(decls).toEqual([["app.jadpo", ["locales"]], ["domains/shop/helpers.test.jadpo", ["tax"]], ["domains/shop/shop.jadpo", ["total"]]]);
    expect(program.tests).toEqual([]);
    expect(program.recordings).toEqual([]);
  });

  it("blanks what it leaves out of the source text, keeping every offset and line", () => {
    const helpers = program.graph.files.find((f) => f.path === "domains/shop/helpers.test.jadpo")!;
    const original = project.program.graph.files.find((f) => f.path === helpers.path)!;
    expect(helpers.source.text).toHaveLength(original.source.text.length);
    expect(helpers.source.text).not.toContain("test");
    expect(helpers.source.text).not.toContain("unused_helper");
    expect(helpers.source.text.split("\n")[1]).toBe("    return price / 10");
    expect(replaced.get(original)).toBe(helpers);
  });

  it("runs once written and read back", async () => {
    const shipped = decodeProgram(encodeProgram(program, replaced)) as typeof program;
    const app = createProductionApp(shipped, { env: {} });
    expect([...app.actions.keys()]).toEqual(["tax", "total"]);
    const prepared = app.prepare("total", { price: 100 });
    if (!prepared.ok) throw new Error(prepared.problem.message);
    await expect(app.run(prepared.call)).resolves.toEqual({ kind: "success", value: 110 });
    await app.close();
  });

  it("leaves the connection's development settings out", () => {
    const withSandbox = projectOf({
      "app.jadpo": 'connection m {\n    capability: ai\n    driver: openai_compatible\n    model: "x"\n    development: {\n        sandbox: [ask]\n        per_day: 5\n    }\n}\n',
      "domains/a/a.jadpo": 'prompt ask(q: Text) {\n    text: "{q}"\n}\n',
    });
    expect(programForBuild(withSandbox.program).program.connection).toMatchObject({ sandbox: [], perDay: null });
  });
});
