// The layout `jadpo fmt` writes, rule by rule (docs/cli.md, "jadpo fmt"): each input's exact
// output. properties.test.ts checks that every layout keeps the meaning and is idempotent.
import { describe, expect, it } from "vitest";
import { formatSource } from "@jadpo/compiler";

function fmt(text: string, path = "domains/a/a.jadpo"): string {
  const result = formatSource(path, text);
  if (!result.ok) throw new Error(result.diagnostics.map((d) => `${d.rule}: ${d.summary}`).join("\n"));
  return result.text;
}

/** Lines joined, ending with a newline. */
const lines = (...text: string[]) => `${text.join("\n")}\n`;

/** A test file of one test, `t`, whose body is `body`'s lines. */
const inATest = (...body: string[]) => lines("test \"t\" {", ...body, "}");
const fmtTest = (text: string) => fmt(text, "domains/a/a.jadpotest");

describe("spacing", () => {
  it.each([
    ["binary operators, `=`, `->`, `=>`", "function f(a:Int)->Int{var x=a*2+1 return match x{_=>x%3}}", lines(
      "function f(a: Int) -> Int {", "    var x = a * 2 + 1", "    return match x {", "        _ => x % 3", "    }", "}",
    )],
    ["after `:` and `,`, none before; none inside ( ) and [ ], after unary -, around `.`, `<`, `>`, `?`", "function f( a : List < Text > ? , b:Int )->Bool{return g( [ 1 , - b ] , a . c , not true )}", lines(
      "function f(a: List<Text>?, b: Int) -> Bool {", "    return g([1, -b], a.c, not true)", "}",
    )],
    ["one space inside a one-line { }, two between entries, commas dropped", "type T = Text {min_length:1,max_length:2}", lines(
      "type T = Text { min_length: 1  max_length: 2 }",
    )],
    ["`use` names `, `-separated", "use support/types {B A\n C}", lines("use support/types { B, A, C }")],
    ["a record literal, an enum, a failure, `locales`", lines(
      "type Tone = Enum {calm,cross}",
      "failure Gone {kind:NotFound message:\"No.\"}",
      "locales {default:\"en-GB\" supported:[\"en-GB\",\"fr-FR\"]}",
      "function f() -> Tone { var r = R{a:1,b:Tone.calm} return r.b }",
    ), lines(
      "type Tone = Enum { calm  cross }", "",
      "failure Gone { kind: NotFound  message: \"No.\" }", "",
      "locales { default: \"en-GB\"  supported: [\"en-GB\", \"fr-FR\"] }", "",
      "function f() -> Tone {", "    var r = R { a: 1  b: Tone.calm }", "    return r.b", "}",
    )],
    ["numbers, durations and texts as written", "function f() -> Int { var a = [1.50, 007, 2h, \"\\u{1F600}\\n\"] return 0 }", lines(
      "function f() -> Int {", "    var a = [1.50, 007, 2h, \"\\u{1F600}\\n\"]", "    return 0", "}",
    )],
    ["empty braces, brackets and parentheses", "type E = Object {}\nfunction f() { }\ntest \"t\" { fakes: {} var x = E {} var y = [ ] }", lines(
      "type E = Object { }", "", "function f() { }", "", "test \"t\" {", "    fakes: { }", "    var x = E { }", "    var y = []", "}",
    )],
  ])("%s", (_name, input, expected) => {
    expect(fmtTest(input)).toBe(expected);
  });
});

describe("braces of entries stand on one line when they fit in 100 columns", () => {
  const fields = (n: number) => Array.from({ length: n }, (_, i) => `field_${i}: Text`);
  it("joins them when the line fits, two spaces apart", () => {
    expect(fmt(`type A = Object {\n${fields(5).join("\n")}\n}`)).toBe(lines(`type A = Object { ${fields(5).join("  ")} }`));
  });

  it("one entry a line when it would pass 100 columns (a line of exactly 100 fits)", () => {
    const fits = `type A = Object { f: Text  ${"x".repeat(66)}: Int }`;
    expect(fits.length).toBe(100);
    expect(fmt(fits)).toBe(lines(fits));
    const over = fits.replace("Int", "Bool");
    expect(fmt(over)).toBe(lines("type A = Object {", "    f: Text", `    ${"x".repeat(66)}: Bool`, "}"));
  });

  it("counts code points, not UTF-16 units", () => {
    const text = `failure F { kind: NotFound  message: "${"😀".repeat(59)}" }`;
    expect([...text].length).toBe(100);
    expect(fmt(text)).toBe(lines(text));
  });

  it("nested braces decide for themselves", () => {
    const long = `"${"a".repeat(70)}"`;
    expect(fmt(`failure F { kind: NotFound message: ${long} nested: { a: 1 b: 2 } }`)).toBe(lines(
      "failure F {", "    kind: NotFound", `    message: ${long}`, "    nested: { a: 1  b: 2 }", "}",
    ));
  });

  it("a long `use` list, one name a line", () => {
    const names = Array.from({ length: 12 }, (_, i) => `LongTypeName${i}`);
    expect(fmt(`use support/types { ${names.join(", ")} }`)).toBe(lines("use support/types {", ...names.map((n) => `    ${n}`), "}"));
  });
});

describe("brackets and parentheses", () => {
  it("one line when it fits, else one item a line, `,` after each but the last", () => {
    const words = Array.from({ length: 12 }, (_, i) => `"word number ${i}"`);
    expect(fmt(`function f() -> Int { var a = [${words.slice(0, 3).join(",")},] return g(a, 1,) }`)).toBe(lines(
      "function f() -> Int {", `    var a = [${words.slice(0, 3).join(", ")}]`, "    return g(a, 1)", "}",
    ));
    expect(fmt(`function f() -> Int { var a = [${words.join(", ")}] return 0 }`)).toBe(lines(
      "function f() -> Int {", "    var a = [", ...words.map((w, i) => `        ${w}${i < words.length - 1 ? "," : ""}`), "    ]", "    return 0", "}",
    ));
  });

  it("parameters, arguments and `ai.generate`'s `as:` (written last)", () => {
    expect(fmt("action a(q: Text) -> R { return attempt ai.generate(as: R, V { q: q }) }")).toBe(lines(
      "action a(q: Text) -> R {", "    return attempt ai.generate(V { q: q }, as: R)", "}",
    ));
    const params = Array.from({ length: 6 }, (_, i) => `parameter_${i}: Text`);
    expect(fmt(`function f(${params.join(", ")}) { }`)).toBe(lines("function f(", ...params.map((p, i) => `    ${p}${i < 5 ? "," : ""}`), ") { }"));
  });

  it("a `fakes:` script, `calls [ … ]` and `rate_limited(…)`", () => {
    expect(fmtTest(inATest(
      "    fakes: { ai.p: [call find(Q { code: \"A\" }), calls [find(Q { code: \"B\" }), raw_call(\"find\", \"{}\")] after 2s, refused] ai.embed: [unavailable, rate_limited( 20s ), rate_limited] }",
    ))).toBe(inATest(
      "    fakes: {",
      "        ai.p: [",
      "            call find(Q { code: \"A\" }),",
      "            calls [find(Q { code: \"B\" }), raw_call(\"find\", \"{}\")] after 2s,",
      "            refused",
      "        ]",
      "        ai.embed: [unavailable, rate_limited(20s), rate_limited]",
      "    }",
    ));
  });
});

describe("long binary expressions", () => {
  const sum = "text.length(greeting) + text.length(separator) + text.length(body) + text.length(signature)";
  /** The layout, checked to be one `fmt` leaves as it is. */
  const stable = (text: string, path?: string) => {
    const once = fmt(text, path);
    expect(fmt(once, path)).toBe(once);
    return once;
  };

  it("stay on one line when they fit (a line of exactly 100 fits)", () => {
    const short = "text.length(greeting) + text.length(body)";
    const fits = `    return ${short} + ${"x".repeat(100 - 14 - short.length)}`;
    expect(fits.length).toBe(100);
    expect(stable(`function f() -> Int {\n${fits}\n}`)).toBe(lines("function f() -> Int {", fits, "}"));
  });

  it("break after each operator of the row, one operand a line, the rest indented one level; a call's arguments stay whole", () => {
    expect(stable(`function f() -> Int { var n = ${sum} - text.length(other) return n }`)).toBe(lines(
      "function f() -> Int {",
      "    var n = text.length(greeting) +",
      "        text.length(separator) +",
      "        text.length(body) +",
      "        text.length(signature) -",
      "        text.length(other)",
      "    return n",
      "}",
    ));
  });

  it("an operand of another precedence is laid out on its own: whole when it fits, else broken deeper", () => {
    const long = "a_rather_long_name_for_a_number";
    expect(stable(`function f() -> Bool { return ${long} * 2 > 10 and ${long} * 3 < 100 or ${long} == 7 or ${long} == 8 }`)).toBe(lines(
      "function f() -> Bool {",
      `    return ${long} * 2 > 10 and ${long} * 3 < 100 or`,
      `        ${long} == 7 or`,
      `        ${long} == 8`,
      "}",
    ));
    const n = "twenty_letters_long_";
    expect(stable(`function f() -> Int { return 1 + ${n} * ${n} * ${n} * ${n} }`)).toBe(lines(
      "function f() -> Int {", "    return 1 +", `        ${n} * ${n} * ${n} * ${n}`, "}",
    ));
    expect(stable(`function f() -> Int { return 1 + ${n} * ${n} * ${n} * ${n} * ${n} }`)).toBe(lines(
      "function f() -> Int {", "    return 1 +", `        ${n} *`, `            ${n} *`, `            ${n} *`, `            ${n} *`, `            ${n}`, "}",
    ));
  });

  it("inside arguments the arguments break first; in an `if` head the operands carry on one level in", () => {
    // 84 columns: with `return g(` in front, too long; one level deeper, an argument alone, it fits.
    const argument = "text.length(greeting) + text.length(separator) + text.length(signature) + 1000000000";
    expect(stable(`function f() -> Int { if ${sum} > 1000 { return g(${argument}, 1) } return 0 }`)).toBe(lines(
      "function f() -> Int {",
      "    if text.length(greeting) + text.length(separator) + text.length(body) + text.length(signature) >",
      "        1000 {",
      "        return g(",
      `            ${argument},`,
      "            1",
      "        )",
      "    }",
      "    return 0",
      "}",
    ));
  });

  it("one operation with a record literal or a list on its right stays on its line, the braces breaking", () => {
    const fields = "question: \"Does your sourdough contain sesame?\"  reader_locale: Locale.en_gb";
    expect(stable(`test "t" { assert list.first(ai.answer_question.requests) == AnswerQuestion { ${fields} } }`, "domains/a/a.jadpotest")).toBe(lines(
      "test \"t\" {",
      "    assert list.first(ai.answer_question.requests) == AnswerQuestion {",
      "        question: \"Does your sourdough contain sesame?\"",
      "        reader_locale: Locale.en_gb",
      "    }",
      "}",
    ));
  });

  it("a comment after an operator stays at the end of its line, and breaks the row", () => {
    expect(stable("function f() -> Int {\n    return 1 + // one\n        2 + 3\n}")).toBe(lines(
      "function f() -> Int {", "    return 1 + // one", "        2 +", "        3", "}",
    ));
  });
});

describe("`when` items", () => {
  it("fields are braces of entries, `=>` spaced, the list a list, `like` and `generated` as written", () => {
    expect(fmtTest(inATest(
      "    fakes: { ai.p: [when{question:\"Rye?\",urgent:true}=>refused after 2s, when { question : \"Spelt?\" }=>[ malformed , generated ], generated] ai.embed: [when \"rye\"=>like( \"spelt\" )] }",
    ))).toBe(inATest(
      "    fakes: {",
      "        ai.p: [",
      "            when { question: \"Rye?\"  urgent: true } => refused after 2s,",
      "            when { question: \"Spelt?\" } => [malformed, generated],",
      "            generated",
      "        ]",
      "        ai.embed: [when \"rye\" => like(\"spelt\")]",
      "    }",
    ));
  });

  it("a `when` too long for a line: its fields one a line, then its list's items", () => {
    const long = "a question long enough that the fields of this when item cannot share one line";
    expect(fmtTest(inATest(
      `    fakes: { ai.p: [when { question: "${long}" urgent: true } => [refused, // the first answer`,
      "        malformed]] }",
    ))).toBe(inATest(
      "    fakes: {",
      "        ai.p: [",
      "            when {",
      `                question: "${long}"`,
      "                urgent: true",
      "            } => [",
      "                refused, // the first answer",
      "                malformed",
      "            ]",
      "        ]",
      "    }",
    ));
  });
});

describe("one a line, always", () => {
  it("statements, `} else {`, `match` arms, and a prompt's, a connection's and a fixtures group's entries", () => {
    const input = [
      "prompt p(q: Text) { system: \"s\" text: \"t {q}\" tools: { find: \"Finds.\" } }",
      "connection c { capability: ai driver: openai_compatible development: { sandbox: [p] per_day: 5 } }",
      "fixtures qs { one -> Int { return 1 } two(a: Int) -> Int { return a } }",
      "function f(a: Bool, t: Tone) -> Int { if a { return 1 } else if not a { return 2 } else { for x in [1] { return x } } return match t { Tone.calm => 1 _ => { var y = 2 y } } }",
    ].join("\n");
    expect(fmt(input)).toBe(lines(
      "prompt p(q: Text) {", "    system: \"s\"", "    text: \"t {q}\"", "    tools: { find: \"Finds.\" }", "}", "",
      "connection c {", "    capability: ai", "    driver: openai_compatible", "    development: { sandbox: [p]  per_day: 5 }", "}", "",
      "fixtures qs {", "    one -> Int {", "        return 1", "    }", "    two(a: Int) -> Int {", "        return a", "    }", "}", "",
      "function f(a: Bool, t: Tone) -> Int {",
      "    if a {", "        return 1", "    } else if not a {", "        return 2", "    } else {",
      "        for x in [1] {", "            return x", "        }", "    }",
      "    return match t {", "        Tone.calm => 1", "        _ => {", "            var y = 2", "            y", "        }", "    }",
      "}",
    ));
  });
});

describe("long signatures", () => {
  it("stay on one line when they fit", () => {
    expect(fmt("action a(q: Text)\n    fails F, G\n    -> R\n{ return R {} }")).toBe(lines("action a(q: Text) fails F, G -> R {", "    return R { }", "}"));
  });

  it("else put `fails …` and `-> T` each on a line of its own, indented, and `{` alone", () => {
    const input = "action answer_customer(question: CustomerQuestion) fails AssistantUnavailable, AnswerUnreadable -> SupportAnswer { return x }";
    expect(fmt(input)).toBe(lines(
      "action answer_customer(question: CustomerQuestion)", "    fails AssistantUnavailable, AnswerUnreadable", "    -> SupportAnswer", "{", "    return x", "}",
    ));
    expect(fmt(`function ${"f".repeat(75)}(text: Text) -> Text { return text }`)).toBe(lines(
      `function ${"f".repeat(75)}(text: Text)`, "    -> Text", "{", "    return text", "}",
    ));
  });
});

describe("blank lines", () => {
  it("`use` lines together, one blank line after them and between declarations", () => {
    expect(fmt("use a { A }\n\n\nuse b { B }\ntype X = Text\ntype Y = Int\n\n\n\ntype Z = Bool")).toBe(lines(
      "use a { A }", "use b { B }", "", "type X = Text", "", "type Y = Int", "", "type Z = Bool",
    ));
  });

  it("inside a block at most one, none after `{` or before `}`", () => {
    expect(fmt("function f() -> Int {\n\n    var a = 1\n\n\n\n    var b = 2\n    var c = 3\n\n}")).toBe(lines(
      "function f() -> Int {", "    var a = 1", "", "    var b = 2", "    var c = 3", "}",
    ));
  });

  it("no trailing whitespace, one final newline, CRLF and a BOM read as they are meant", () => {
    expect(fmt("\ufefftype A = Text   \r\n\r\n\r\n")).toBe("type A = Text\n");
    expect(fmt("")).toBe("");
    expect(fmt("\n\n// only a comment\n\n")).toBe("// only a comment\n");
  });
});

describe("texts", () => {
  it("keeps a `\"\"\"` text exactly, its lines not indented again", () => {
    const input = "prompt p(q: Text) {\ntext: \"\"\"\n      Answer {q}.   \n  Shortly.\n\"\"\"\n}";
    expect(fmt(input)).toBe(lines("prompt p(q: Text) {", "    text: \"\"\"", "      Answer {q}.   ", "  Shortly.", "\"\"\"", "}"));
  });
});
