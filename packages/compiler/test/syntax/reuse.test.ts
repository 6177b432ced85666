// The parser reuses state from one declaration and one file to the next (token objects, the
// pool of open constructs, interned spellings, the one chevrotain instance): a file's result
// must not depend on what was parsed before it, whether that parse succeeded or stopped.
import { describe, expect, it } from "vitest";
import { parseFile } from "../../src/syntax/parse-file.ts";
import { generateCorpus } from "./corpus.ts";

const inputs: [string, string][] = [
  ["corpus.jadpotest", generateCorpus(40_000)],
  ["call.jadpo", "function f() -> Int {\n    return g(1, h(2, Box { v: 4 }\n}\n"],
  ["record.jadpo", "function f() -> Int {\n    var x = answer_question { question: q }\n    return 1\n}\n"],
  ["chain.jadpo", "function f() -> Bool {\n    return a < b < c\n}\ntype T = Object { a: List<Text? }\n"],
  ["test.jadpotest", 'test "t" {\n    fakes: { ai.p: [raw("x"), partial(["a"], timed_out) after 2s, ] }\n    assert f(as: T) fails E\n}\n'],
  ["junk.jadpo", "type A = Text\n\u0000\u0001 ¤ fn ( [ { \"unterminated\n"],
];

function parsedAll(order: number[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const i of order) {
    const [path, text] = inputs[i];
    const parsed = parseFile(path, path.endsWith("test") ? "test" : "source", text);
    out.set(path, JSON.stringify({ syntax: parsed.syntax, diagnostics: parsed.diagnostics, omitted: parsed.omitted }));
  }
  return out;
}

describe("parse results don't depend on earlier parses", () => {
  it("gives each file the same tree and diagnostics in any order", () => {
    const forward = parsedAll(inputs.map((_, i) => i));
    const backward = parsedAll(inputs.map((_, i) => inputs.length - 1 - i));
    const interleaved = parsedAll([1, 0, 3, 2, 5, 4, 0, 1]);
    for (const [path] of inputs) {
      expect(backward.get(path), path).toBe(forward.get(path));
      expect(interleaved.get(path), path).toBe(forward.get(path));
    }
    // The inputs do reach the error paths that read the reused state: an open construct names
    // the token that was read (a call's callee, a type's name) only when the error is described.
    const summaries = (path: string): string[] => JSON.parse(forward.get(path)!).diagnostics.map((d: { summary: string }) => d.summary);
    expect(summaries("call.jadpo")).toEqual(["Expected `,` or a `)` to close the call to `h` opened on line 2, found `}`"]);
    expect(summaries("chain.jadpo")).toEqual([
      "Expected `and` or `or` between two comparisons, found `<`",
      "Expected `,` or a `>` to close the type arguments of `List` opened on line 4, found `}`",
    ]);
    expect(JSON.parse(forward.get("junk.jadpo")!).diagnostics.length).toBeGreaterThan(0);
    expect(JSON.parse(forward.get("corpus.jadpotest")!).diagnostics).toEqual([]);
  });
});
