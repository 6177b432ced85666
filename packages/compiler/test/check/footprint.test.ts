// What a large project's checked program keeps per declaration: one signature shared by
// callables with the same parameters and result, no entry for a callable that lists no
// failures, and a binary operation's span made when read rather than kept.
import { describe, expect, test } from "vitest";
import { compileSources } from "../../src/testing/index.ts";
import type { Decl, Expr } from "../../src/syntax/ast.ts";

const SOURCES = {
  "app.jadpo": "",
  "domains/a/functions/math.jadpo": `
failure Odd { kind: NotFound }
function f(x: Int) -> Int { return x * 2 + 1 }
function g(x: Int) -> Int { return x - 1 }
function h(y: Int) -> Int { return y }
function t(x: Text) -> Int { return 1 }
action odd(x: Int) fails Odd -> Int {
    if x == 1 {
        reject Odd
    }
    return x
}
`,
};

describe("a checked program's footprint", () => {
  const result = compileSources(SOURCES);
  const program = result.program!;
  const decls = result.graph.files.flatMap((file) => file.syntax.decls as Decl[]);
  const fn = (name: string) => {
    const decl = decls.find((d) => (d.kind === "function" || d.kind === "action") && d.name.name === name);
    if (!decl || (decl.kind !== "function" && decl.kind !== "action")) throw new Error(`no callable ${name}`);
    return decl;
  };

  test("checks clean", () => {
    expect(result.diagnostics.map((d) => d.rule)).toEqual([]);
  });

  test("callables with the same parameters and result share one signature", () => {
    const signatures = program.signatures!;
    expect(signatures.get(fn("f"))).toBe(signatures.get(fn("g")));
    expect(signatures.get(fn("f"))!.params.map((p) => p.name)).toEqual(["x"]);
    // Another parameter name, or another type, is another signature.
    expect(signatures.get(fn("h"))).not.toBe(signatures.get(fn("f")));
    expect(signatures.get(fn("t"))).not.toBe(signatures.get(fn("f")));
    expect(signatures.get(fn("odd"))).toBe(signatures.get(fn("f")));
  });

  test("only a callable that lists failures has an entry of them", () => {
    expect(program.actionFailures.has(fn("f"))).toBe(false);
    expect(program.actionFailures.get(fn("odd"))!.map((f) => f.name)).toEqual(["Odd"]);
  });

  test("a binary operation keeps no span of its own: it is its operands' extent", () => {
    const body = fn("f").body.statements[0];
    if (body.kind !== "return" || !body.value || body.value.kind !== "binary") throw new Error("not a binary return");
    const plus: Expr = body.value;
    expect(Object.hasOwn(plus, "span")).toBe(false);
    const text = SOURCES["domains/a/functions/math.jadpo"];
    expect(text.slice(plus.span.start, plus.span.end)).toBe("x * 2 + 1");
    expect(plus.span).toMatchObject({ file: "domains/a/functions/math.jadpo", line: 3, column: 36 });
  });
});
