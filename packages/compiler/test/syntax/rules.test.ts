// One test per syntax.* and limit.* rule: the whole rendered plain text of the one diagnostic.
import { describe, expect, it } from "vitest";
import { checkSize } from "../../src/syntax/parse-file.ts";
import { renderErrorPlain } from "../../src/diagnostics/render-plain.ts";
import { rendered } from "./helpers.ts";

const file = "domains/support/x.jadpo";
const one = (source: string | Uint8Array): string => {
  const all = rendered(source, file);
  expect(all).toHaveLength(1);
  return all[0];
};

const EXPECTED_REASON =
  "  reason: Jadpo reads each construct in one canonical spelling, so a missing or stray word or symbol stops the construct where it stands.";
const INVALID_REASON =
  "  reason: Jadpo source is UTF-8 text, and outside texts and comments it is made of names, numbers, durations and Jadpo's own punctuation.";
const INVALID_NEXT = "  next: Remove it, or put it inside a text (and save the file as UTF-8) (agent)";
const UNTERMINATED_REASON =
  '  reason: A text starts and ends with `"` on the same line (or `"""` for multi-line text), so everything after an unclosed quote would be swallowed.';

describe("syntax.expected", () => {
  it("a missing `}` names the construct it closes and where that was opened", () => {
    expect(one("type Broken = Object {\n    reply: Text\n\ntype Next = Int\n")).toBe([
      "error: Expected a `}` to close the record type `Broken` opened on line 1, found `type` --> domains/support/x.jadpo:4:1",
      EXPECTED_REASON,
      "  next: Close the record type `Broken` with `}` (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("at the end of the file", () => {
    expect(one('test "x" {\n    assert a\n')).toBe([
      'error: Expected a `}` to close the test "x" opened on line 1, found the end of the file --> domains/support/x.jadpo:3:1',
      EXPECTED_REASON,
      '  next: Close the test "x" with `}` (agent)',
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("`after` in a fake item takes a duration written out", () => {
    expect(one('test "t" {\n    fakes: {\n        ai.ask: [refused after 2]\n    }\n}\n')).toBe([
      "error: Expected a duration such as `2s` or `100ms` after `after`, found the number `2` --> domains/support/x.jadpo:3:32",
      EXPECTED_REASON,
      "  next: Write a duration such as `2s` or `100ms` after `after` (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("`call` and `calls` in a fake item take tool calls", () => {
    const call = one('test "t" {\n    fakes: {\n        ai.ask: [call find_order]\n    }\n}\n');
    expect(call.split("\n")[0]).toBe('error: Expected a tool call such as `find_order(OrderQuery { code: "ABC-1234" })` after `call`, found the name `find_order` --> domains/support/x.jadpo:3:23');
    const calls = one('test "t" {\n    fakes: {\n        ai.ask: [calls [find_order(Q { }), 5]]\n    }\n}\n');
    expect(calls.split("\n")[0]).toBe('error: Expected a list of tool calls such as `[find_order(OrderQuery { code: "ABC-1234" })]` after `calls`, found `[` --> domains/support/x.jadpo:3:24');
  });

  it.each([
    ['when { question: "Rye?" } refused', "error: Expected `=>` and the items for the calls it matches after `}`, found the name `refused` --> domains/support/x.jadpo:3:44"],
    ["when { } => refused", 'error: Expected a field of the prompt\'s values, such as `question: "Sesame?"`, after `when {`, found `}` --> domains/support/x.jadpo:3:25'],
    ['when { question: "Rye?" } => [refused, when { question: "Spelt?" } => refused]', "error: Expected an item for the calls the `when` matches, found the name `when` --> domains/support/x.jadpo:3:57"],
    ['when { question: "Rye?" } => [refused] after 2s', "error: Expected `,` or `]` after the `when` item's list, found the name `after` --> domains/support/x.jadpo:3:57"],
    ['when "rye" refused', "error: Expected `=>` and the items for the calls it matches after the text, found the name `refused` --> domains/support/x.jadpo:3:29"],
    ['when { question: "Rye?" => refused', "error: Expected a `}` to close the fields of the `when` item opened on line 3, found `=>` --> domains/support/x.jadpo:3:42"],
  ])("a `when` item: `=>` after its match, at least one field, no `when` in its list, `after` inside it: %s", (items, error) => {
    expect(one(`test "t" {\n    fakes: {\n        ai.ask: [${items}]\n    }\n}\n`).split("\n")[0]).toBe(error);
  });

  it("a missing type after `:`", () => {
    expect(one("type A = Object {\n    reply:\n}\n")).toBe([
      "error: Expected a type after `:`, found `}` --> domains/support/x.jadpo:3:1",
      EXPECTED_REASON,
      "  next: Write a type after `:` (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("a missing expression", () => {
    expect(one("function f() -> Int {\n    return (1 + )\n}\n")).toBe([
      "error: Expected an expression, found `)` --> domains/support/x.jadpo:2:17",
      EXPECTED_REASON,
      "  next: Write an expression (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("a missing argument after `,`", () => {
    expect(one("function f() -> Int {\n    return g(1, , 2)\n}\n")).toBe([
      "error: Expected an argument or `)` after `,`, found `,` --> domains/support/x.jadpo:2:17",
      EXPECTED_REASON,
      "  next: Write an argument or `)` after `,` (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("enum members joined by a comma in one arm: only failure arms list several", () => {
    expect(one("type Tone = Enum { formal casual }\nfunction f(t: Tone) -> Int {\n    return match t {\n        Tone.formal, Tone.casual => 1\n    }\n}\n")).toBe([
      "error: Expected `=>` after `Tone.formal` (an enum arm matches one member; only `failure` arms list several), found `,` --> domains/support/x.jadpo:4:20",
      EXPECTED_REASON,
      "  next: Write one arm per member, each with its own `=>`, or `_ =>` for every other member (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("a lower-case name before a record's fields: a prompt's name for its values type", () => {
    expect(one("action a() -> Int {\n    var v = answer_question { question: \"q\" }\n    return 1\n}\n")).toBe([
      "error: Expected a type's name before `{ question: … }` (types are UpperCamel), found the name `answer_question` --> domains/support/x.jadpo:2:13",
      EXPECTED_REASON,
      "  next: Write `AnswerQuestion { … }`: a record names its type, and a prompt's values are the type named after it in UpperCamel (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("a missing comma in a call", () => {
    expect(one("function f() -> Int {\n    return g(1 2)\n}\n")).toBe([
      "error: Expected `,` or a `)` to close the call to `g` opened on line 2, found the number `2` --> domains/support/x.jadpo:2:16",
      EXPECTED_REASON,
      "  next: Separate the items with `,`, or close the call to `g` with `)` (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("something that is not a declaration", () => {
    expect(one("type A = Int }\n")).toBe([
      "error: Expected a declaration, found `}` --> domains/support/x.jadpo:1:14",
      EXPECTED_REASON,
      "  next: Start each top-level declaration with `use`, `type`, `failure`, `function`, `action`, `fixtures`, `prompt`, `connection`, `locales` or `test` (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("chained comparisons", () => {
    expect(one("function f() -> Bool { return a < b < c }\n")).toBe([
      "error: Expected `and` or `or` between two comparisons, found `<` --> domains/support/x.jadpo:1:37",
      EXPECTED_REASON,
      "  next: Join the comparisons with `and` or `or`, as in `a < b and b < c` (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("`fakes:` after a statement", () => {
    expect(one('test "t" {\n    assert a\n    fakes: { ai.p: [refused] }\n}\n')).toBe([
      "error: Expected `fakes:` first in the test's body, before any statement, found `fakes` --> domains/support/x.jadpo:3:5",
      EXPECTED_REASON,
      "  next: Move the `fakes:` block to the start of the test's body (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("letters right after a number that are not a duration's unit", () => {
    expect(one("connection c { timeout: 30x }\n")).toBe([
      "error: Expected a number or a duration (`500ms`, `5s`, `15m`, `2h`), found `30x` --> domains/support/x.jadpo:1:25",
      EXPECTED_REASON,
      "  next: Write a number, or a whole number with one of the units `ms`, `s`, `m` or `h` (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("a bare name as a match pattern", () => {
    expect(one("function f() -> Int {\n    return match x { y => 1 }\n}\n")).toBe([
      "error: Expected a pattern (`success(x)`, `failure F`, `some(x)`, `none`, `E.m` or `_`), found the name `y` --> domains/support/x.jadpo:2:22",
      EXPECTED_REASON,
      "  next: Write a pattern (`success(x)`, `failure F`, `some(x)`, `none`, `E.m` or `_`) (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });
});

describe("syntax.expected: the brace a brace error is about", () => {
  it("a match's missing `}`: the `{` left open is named, not only the body that runs to the end", () => {
    const source = [
      "action answer(q: Text) -> Text {",
      "    return match ask(q) {",
      "        success(a) => a",
      "        failure _ => \"none\"",
      "}",
      "",
    ].join("\n");
    expect(one(source)).toBe([
      "error: Expected a `}` to close the action `answer`'s body opened on line 1, found the end of the file --> domains/support/x.jadpo:6:1",
      EXPECTED_REASON,
      "  next: The `{` on line 2 looks left open (a `}` below it lines up with an outer `{` instead): add its `}` (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("one `}` too many: the `}` that closed the declaration early is named", () => {
    const source = [
      'test "x" {',
      "    fakes: {",
      "        ai.ask: [refused]",
      "    }",
      "    }",
      "    var x = 1",
      "    assert x == 1",
      "}",
      "",
    ].join("\n");
    expect(rendered(source, "domains/support/x.test.jadpo")).toEqual([[
      "error: Expected a declaration, found `var` --> domains/support/x.test.jadpo:6:5",
      EXPECTED_REASON,
      "  next: The `}` on line 5 closes the declaration begun on line 1: remove it if it is one `}` too many, or start a declaration here with a word such as `type`, `action` or `test` (agent)",
      "  rule: syntax.expected",
    ].join("\n")]);
  });
});

describe("syntax.expected: words and spellings of other languages", () => {
  it("`throw Gone` is one diagnostic, at `throw`, saying how a failure leaves", () => {
    expect(one("action f(n: Int) fails Gone -> Int {\n    if n < 0 {\n        throw Gone\n    }\n    return n\n}\n")).toBe([
      "error: Expected a statement, found `throw` --> domains/support/x.jadpo:3:9",
      EXPECTED_REASON,
      "  next: A failure leaves with `reject`: write `reject Gone` (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("`raise Gone(\"x\")` and `let x = n` are one diagnostic each", () => {
    const all = rendered("function f(n: Int) -> Int {\n    raise Gone(\"x\")\n    let x = n\n    return x\n}\n", file);
    expect(all.map((text) => text.split("\n").filter((line) => !line.startsWith("  reason:")).join("\n"))).toEqual([
      "error: Expected a statement, found `raise` --> domains/support/x.jadpo:2:5\n  next: A failure leaves with `reject`: write `reject Gone` (agent)\n  rule: syntax.expected",
      "error: Expected a statement, found `let` --> domains/support/x.jadpo:3:5\n  next: Declare a name with `var x = …` (`var mut` for one that changes) (agent)\n  rule: syntax.expected",
    ]);
  });

  it("two expressions side by side on one line are one bare expression", () => {
    expect(rendered("function f(n: Int) -> Int {\n    n n\n    return n\n}\n", file).map((text) => text.split("\n")[0])).toEqual([
      "error: An expression can't stand alone as a statement --> domains/support/x.jadpo:2:5",
    ]);
  });

  it("`optional` after a field's type is reported at `optional`", () => {
    expect(one("type Thing = Object {\n    name: Text optional\n    size: Int\n}\n")).toBe([
      "error: Expected `?` after the type for an optional field, found the name `optional` --> domains/support/x.jadpo:2:16",
      EXPECTED_REASON,
      "  next: Write `name: T?` (an optional type ends with `?`), and remove `optional` (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });

  it("a field named `optional` is still a field", () => {
    expect(rendered("type Thing = Object {\n    name: Text optional: Bool\n    optional_too: Int\n}\n", file)).toEqual([]);
  });
});

describe("lexical rules", () => {
  it("syntax.unterminated_text", () => {
    expect(one('failure F { kind: Unavailable  message: "no end }\n')).toBe([
      'error: This text is never closed: it needs a closing `"` --> domains/support/x.jadpo:1:41',
      UNTERMINATED_REASON,
      '  next: Close the text with `"` (agent)',
      "  rule: syntax.unterminated_text",
    ].join("\n"));
    expect(one('prompt p() {\n    text: """\n        hello\n}\n')).toBe([
      'error: This text is never closed: it needs a closing `"""` --> domains/support/x.jadpo:2:11',
      UNTERMINATED_REASON,
      '  next: Close the text with `"""` (agent)',
      "  rule: syntax.unterminated_text",
    ].join("\n"));
  });

  it("syntax.bad_escape, at the backslash's exact line and column (also in `\"\"\"` text)", () => {
    expect(one('failure F { kind: Unavailable  message: "a\\qb" }\n')).toBe([
      "error: `\\q` is not an escape Jadpo knows --> domains/support/x.jadpo:1:43",
      "  reason: Text escapes are `\\\" \\\\ \\n \\r \\t \\{` and `\\u{H..HHHHHH}` (at most 10FFFF), so every other backslash is a mistake rather than a guess.",
      "  next: Use one of the known escapes, or write `\\\\` for a backslash (agent)",
      "  rule: syntax.bad_escape",
    ].join("\n"));
    expect(one('prompt p() {\n    text: """\n        fine \\u{41}\n          not \\u{110000} fine\n    """\n}\n').split("\n")[0]).toBe(
      "error: `\\u{110000}` is not an escape Jadpo knows --> domains/support/x.jadpo:4:15",
    );
  });

  it("syntax.invalid_character: one diagnostic for a run of them", () => {
    expect(one("type A = Int { min: 1 } ;;;\n")).toBe([
      "error: `;;;` can't stand in Jadpo source --> domains/support/x.jadpo:1:25",
      INVALID_REASON,
      INVALID_NEXT,
      "  rule: syntax.invalid_character",
    ].join("\n"));
    expect(one("type A = Int\u0007\n").split("\n")[0]).toBe(
      "error: The character U+0007 can't stand in Jadpo source --> domains/support/x.jadpo:1:13",
    );
  });

  it("syntax.invalid_character for bytes that are not UTF-8, even in a comment", () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode("type A = Int\n// caf"), 0xff, 0xfe, ...new TextEncoder().encode("\ntype B = Int\n"),
    ]);
    expect(one(bytes)).toBe([
      "error: Bytes that are not valid UTF-8 can't stand in Jadpo source --> domains/support/x.jadpo:2:7",
      INVALID_REASON,
      INVALID_NEXT,
      "  rule: syntax.invalid_character",
    ].join("\n"));
  });

  it("syntax.number_too_large", () => {
    expect(one("type Stars = Int { max: 9007199254740992 }\n")).toBe([
      "error: `9007199254740992` is beyond the range of Int --> domains/support/x.jadpo:1:25",
      "  reason: An Int is an integer within ±(2^53−1), so every Int is exact on every machine.",
      "  next: Use a number within ±9007199254740991 (agent)",
      "  rule: syntax.number_too_large",
    ].join("\n"));
    expect(rendered("type Stars = Int { max: 9007199254740991 min: -9007199254740991 }\n")).toEqual([]);
  });
});

describe("syntax.bare_expression", () => {
  it("an expression other than `match` or `attempt` standing alone", () => {
    expect(one("function f() -> Int {\n    1 + 2\n    return 3\n}\n")).toBe([
      "error: An expression can't stand alone as a statement --> domains/support/x.jadpo:2:5",
      "  reason: A value that is computed and then dropped is almost always a mistake; only `match`, `attempt` and a block's final value stand alone.",
      "  next: Keep the value with `var name = ...`, or remove it (agent)",
      "  rule: syntax.bare_expression",
    ].join("\n"));
  });

  it("`match`, `attempt` and a match arm block's final value may stand alone", () => {
    expect(rendered(`action a() {
    attempt b()
    match c() { success(x) => { var y = x  y } failure _ => { 1 } }
}`)).toEqual([]);
    expect(rendered("action a() {\n    attempt b().reply\n}\n", file).map((r) => r.split("\n")[0])).toEqual([
      "error: An expression can't stand alone as a statement --> domains/support/x.jadpo:2:5",
    ]);
  });
});

describe("limit rules", () => {
  it("limit.too_deep at the first bracket deeper than 256", () => {
    expect(one(`function f() -> Int {\n    return ${"(".repeat(300)}1${")".repeat(300)}\n}\n`)).toBe([
      "error: Nesting is deeper than 256 levels here --> domains/support/x.jadpo:2:267",
      "  reason: Brackets, blocks and expressions nest at most 256 deep, so no input can overflow the compiler's stack.",
      "  next: Flatten the nesting, for example with `var` names for inner values (agent)",
      "  rule: limit.too_deep",
    ].join("\n"));
  });

  it("limit.file_too_large over 16 MiB, with the size in MiB", () => {
    expect(checkSize(16 * 1024 * 1024, file)).toBeNull();
    expect(renderErrorPlain(checkSize(17 * 1024 * 1024 + 100_000, file)!)).toBe([
      "error: This file is 17.1 MiB, over the 16 MiB a source file may be --> domains/support/x.jadpo:1:1",
      "  reason: Source files are read whole; a limit keeps every command fast and bounded.",
      "  next: Split the file into smaller files in the same module (agent)",
      "  rule: limit.file_too_large",
    ].join("\n"));
  });
});
