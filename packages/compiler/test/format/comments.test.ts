// Where `jadpo fmt` puts comments: each kept exactly and attached to the line it annotated; a
// construct holding one is never joined onto one line; and a file with a syntax problem is not
// formatted at all.
import { describe, expect, it } from "vitest";
import { formatSource } from "@jadpo/compiler";

function fmt(text: string): string {
  const result = formatSource("domains/a/a.jadpotest", text);
  if (!result.ok) throw new Error(result.diagnostics.map((d) => `${d.rule}: ${d.summary}`).join("\n"));
  return result.text;
}

const lines = (...text: string[]) => `${text.join("\n")}\n`;

describe("comments", () => {
  it("a comment directly above a declaration belongs to it; the blank line goes above the comment", () => {
    expect(fmt("type A = Text\n// About B.\n// More.\ntype B = Text\n// Apart.\n\ntype C = Text")).toBe(lines(
      "type A = Text", "", "// About B.", "// More.", "type B = Text", "", "// Apart.", "", "type C = Text",
    ));
  });

  it("comments at the start and the end of a file keep their place", () => {
    expect(fmt("// Header.\n\nuse a { A }\n// About b.\nuse b { B }\ntype X = Text // why\n\n// The end.\n")).toBe(lines(
      "// Header.", "", "use a { A }", "// About b.", "use b { B }", "", "type X = Text // why", "", "// The end.",
    ));
  });

  it("an end-of-line comment stays at the end of its line, and its braces are not joined", () => {
    expect(fmt("type T = Object { a: Int // the count\n b: Text }")).toBe(lines("type T = Object {", "    a: Int // the count", "    b: Text", "}"));
    expect(fmt("function f() -> Int {\n    var a = g(1, // one\n        2)\n    return a // done\n}")).toBe(lines(
      "function f() -> Int {", "    var a = g(", "        1, // one", "        2", "    )", "    return a // done", "}",
    ));
  });

  it("a comment on its own line stays on its own line, blank lines around it kept inside blocks", () => {
    expect(fmt("function f() -> Int {   // opens\n    var a = 1\n\n    // Why b.\n    var b = 2\n    // Before the end.\n}")).toBe(lines(
      "function f() -> Int { // opens", "    var a = 1", "", "    // Why b.", "    var b = 2", "    // Before the end.", "}",
    ));
  });

  it("in lists, entries, arms, scripts and signatures", () => {
    const input = [
      "test \"t\" {",
      "    fakes: {",
      "        // The first answer.",
      "        ai.p: [refused, // once",
      "            timed_out]",
      "    }",
      "    var x = match y { // by kind",
      "        _ => 1 // any",
      "    }",
      "}",
      "action a(q: Text) // the question",
      "    -> R { return q }",
    ].join("\n");
    expect(fmt(input)).toBe(lines(
      "test \"t\" {",
      "    fakes: {",
      "        // The first answer.",
      "        ai.p: [",
      "            refused, // once",
      "            timed_out",
      "        ]",
      "    }",
      "    var x = match y { // by kind",
      "        _ => 1 // any",
      "    }",
      "}",
      "",
      "action a(q: Text) // the question",
      "    -> R",
      "{",
      "    return q",
      "}",
    ));
  });

  it("keeps a comment's words exactly (only trailing spaces go), wherever it stands in an expression", () => {
    expect(fmt("function f() -> Int {\n    return 1 + //   two   spaces  \n        2\n}")).toBe(lines(
      "function f() -> Int {", "    return 1 + //   two   spaces", "        2", "}",
    ));
    expect(fmt("function f() -> Int {\n    var a =\n        // alone\n        5\n    return a\n}")).toBe(lines(
      "function f() -> Int {", "    var a =", "    // alone", "    5", "    return a", "}",
    ));
  });

  it("a comment before a block's `{` goes into the block, so `{` stays on the line of `if`, `else` and `for`", () => {
    const input = [
      "function f(x: Int) -> Int {",
      "    if x > 1 // why", "    {", "        return 1", "    }",
      "    // the other way", "    else {", "        return 2", "    }",
      "    for y in [1] // each", "    {", "        return y", "    }",
      "    if x > 1 {", "        return 1", "    }", "    // or", "    else if x > 0 {", "        return 3", "    }",
      "    return 0",
      "}",
    ].join("\n");
    expect(fmt(input)).toBe(lines(
      "function f(x: Int) -> Int {",
      "    if x > 1 { // why", "        return 1", "    } else {", "        // the other way", "        return 2", "    }",
      "    for y in [1] { // each", "        return y", "    }",
      // Before `else if`: the last line of the block above, so `} else if x > 0 {` stays one line.
      "    if x > 1 {", "        return 1", "        // or", "    } else if x > 0 {", "        return 3", "    }",
      "    return 0",
      "}",
    ));
  });
});

describe("a file with a syntax problem", () => {
  it("is not formatted: its diagnostics come back", () => {
    const result = formatSource("domains/a/a.jadpo", "type A = Text {\nfunction f( { }\n");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics.map((d) => d.rule)).toContain("syntax.expected");
  });

  it("a bare expression and an unsupported construct count as syntax problems", () => {
    expect(formatSource("a.jadpo", "function f() { 1 + 2 }").ok).toBe(false);
    expect(formatSource("a.jadpo", "entity User { name: Text }").ok).toBe(false);
  });
});

describe("changed", () => {
  it("says whether the layout differs from the text or bytes as read", () => {
    expect(formatSource("a.jadpo", "type A = Text\n")).toEqual({ ok: true, text: "type A = Text\n", changed: false });
    expect(formatSource("a.jadpo", new TextEncoder().encode("type A = Text\n"))).toEqual({ ok: true, text: "type A = Text\n", changed: false });
    expect(formatSource("a.jadpo", new TextEncoder().encode("type A = Text\r\n"))).toMatchObject({ changed: true });
    expect(formatSource("a.jadpo", "type  A = Text\n")).toMatchObject({ changed: true });
  });
});
