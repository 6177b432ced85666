// Every Jadpo text of the spec, the seed and the example app parses with no diagnostic, and the
// trees have the shapes docs/language.md, docs/testing.md describe.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseFile } from "../../src/syntax/parse-file.ts";
import { JadpoParser } from "../../src/syntax/parser.ts";
import { renderErrorPlain } from "../../src/diagnostics/render-plain.ts";
import { bin, call, decls, expr, id, int, member, n, named, shape, statements, text, validJadpoFiles } from "./helpers.ts";

// `jadpo` skips chevrotain's grammar checks at start-up (they only fail after a grammar edit): here they run.
it("the grammar passes chevrotain's own checks (no ambiguous alternatives, no left recursion)", () => {
  expect(() => new JadpoParser({ validateGrammar: true })).not.toThrow();
});

describe("valid files parse with no diagnostic", () => {
  const files = validJadpoFiles();
  it("finds the spec blocks, the seed tests and the example app", () => {
    expect(files.some((f) => f.path.endsWith("spec-blocks/spec-1.jadpo"))).toBe(true);
    expect(files.some((f) => f.path.endsWith("seed/seed-2.jadpotest"))).toBe(true);
    expect(files.some((f) => f.path === "examples/support/app.jadpo")).toBe(true);
  });
  for (const file of files) {
    it(file.path, () => {
      const parsed = parseFile(file.path, file.path.includes("test") ? "test" : "source", file.text);
      expect(parsed.diagnostics.map((d) => renderErrorPlain(d))).toEqual([]);
      expect(parsed.syntax.decls.length).toBeGreaterThan(0);
      expect(parsed.syntax.decls.every((d) => !d.incomplete)).toBe(true);
    });
  }
});

describe("expressions (docs/language.md)", () => {
  it("`not a == b` is `(not a) == b`", () => {
    expect(shape(expr("not a == b"))).toEqual(bin("==", { kind: "unary", op: "not", operand: n("a") }, n("b")));
  });

  it("`attempt f(x).reply` is `(attempt f(x)).reply`", () => {
    expect(shape(expr("attempt f(x).reply"))).toEqual(member({ kind: "attempt", operand: call(n("f"), [n("x")]) }, "reply"));
  });

  it("`attempt` takes a namespaced call whole: `attempt questions.asked(q)`", () => {
    expect(shape(expr("attempt questions.asked(q)"))).toEqual({
      kind: "attempt", operand: call(member(n("questions"), "asked"), [n("q")]),
    });
  });

  it("`not` takes the whole postfix chain: `not reply.resolved`", () => {
    expect(shape(expr("not reply.resolved"))).toEqual({ kind: "unary", op: "not", operand: member(n("reply"), "resolved") });
  });

  it("precedence: or < and < == < comparison < + - < * / %", () => {
    expect(shape(expr("a or b and c == d + e * f % g - h"))).toEqual(
      bin("or", n("a"), bin("and", n("b"), bin("==", n("c"), bin("-", bin("+", n("d"), bin("%", bin("*", n("e"), n("f")), n("g"))), n("h"))))),
    );
    expect(shape(expr("a < b + 1 and c >= 2"))).toEqual(bin("and", bin("<", n("a"), bin("+", n("b"), int(1))), bin(">=", n("c"), int(2))));
    expect(shape(expr("a - b - c"))).toEqual(bin("-", bin("-", n("a"), n("b")), n("c")));
  });

  it("`-3` is unary minus on a literal; parentheses are kept", () => {
    expect(shape(expr("-3 * (x + 1)"))).toEqual(
      bin("*", { kind: "unary", op: "-", operand: int(3) }, { kind: "paren", inner: bin("+", n("x"), int(1)) }),
    );
  });

  it("literals: decimals, durations, booleans, none, lists with a trailing comma", () => {
    expect(shape(expr("[1.25, 500ms, 5s, 15m, 2h, true, false, none,]"))).toEqual({
      kind: "list",
      items: [
        { kind: "decimal", value: 1.25 },
        { kind: "duration", value: 500, unit: "ms", ms: 500 },
        { kind: "duration", value: 5, unit: "s", ms: 5000 },
        { kind: "duration", value: 15, unit: "m", ms: 900_000 },
        { kind: "duration", value: 2, unit: "h", ms: 7_200_000 },
        { kind: "bool", value: true },
        { kind: "bool", value: false },
        { kind: "none" },
      ],
    });
  });

  it("calls: a trailing comma and the named argument `as:`", () => {
    expect(shape(expr("ai.generate(asked, as: List<Text?>,)"))).toEqual(
      call(member(n("ai"), "generate"), [n("asked")], named("List", [{ kind: "optional", inner: named("Text") }])),
    );
  });

  it("a record literal: an UpperCamel name directly followed by `{`, commas optional", () => {
    expect(shape(expr(`AnswerQuestion { question: "Sesame?", reader_locale: Locale.en_gb  tags: [] }`))).toEqual({
      kind: "record",
      type: id("AnswerQuestion"),
      fields: [
        { name: id("question"), value: text("Sesame?") },
        { name: id("reader_locale"), value: member(n("Locale"), "en_gb") },
        { name: id("tags"), value: { kind: "list", items: [] } },
      ],
    });
  });

  it("match arms: every pattern and every body", () => {
    const e = expr(`match r {
        success(answer) => answer
        failure AiRefused, AiTimedOut => reject Unavailable
        failure _ => { var y = 1  y + 1 }
        some(first) => first.question
        none => ""
        Tone.friendly => "hi"
        _ => "Good day"
    }`);
    expect(shape(e)).toEqual({
      kind: "match",
      subject: n("r"),
      arms: [
        { pattern: { kind: "success", binding: id("answer") }, body: { kind: "expr", expr: n("answer") } },
        { pattern: { kind: "failure", names: [id("AiRefused"), id("AiTimedOut")] }, body: { kind: "reject", failure: id("Unavailable") } },
        {
          pattern: { kind: "failure_any" },
          body: {
            kind: "block",
            block: {
              statements: [
                { kind: "var", name: id("y"), mutable: false, type: null, value: int(1) },
                { kind: "expr", expr: bin("+", n("y"), int(1)) },
              ],
            },
          },
        },
        { pattern: { kind: "some", binding: id("first") }, body: { kind: "expr", expr: member(n("first"), "question") } },
        { pattern: { kind: "none" }, body: { kind: "expr", expr: text("") } },
        { pattern: { kind: "member", type: id("Tone"), member: id("friendly") }, body: { kind: "expr", expr: text("hi") } },
        { pattern: { kind: "wildcard" }, body: { kind: "expr", expr: text("Good day") } },
      ],
    });
  });
});

describe("statements (docs/language.md)", () => {
  it("var, var with a type, var mut, assignment, for, return with and without a value", () => {
    expect(shape(statements(`var a = 1
var b: List<Text> = []
var mut c = 0
c = c + 1
for item in b { attempt log(item) }
if a == 1 { return }
return c`))).toEqual([
      { kind: "var", name: id("a"), mutable: false, type: null, value: int(1) },
      { kind: "var", name: id("b"), mutable: false, type: named("List", [named("Text")]), value: { kind: "list", items: [] } },
      { kind: "var", name: id("c"), mutable: true, type: null, value: int(0) },
      { kind: "assign", target: id("c"), value: bin("+", n("c"), int(1)) },
      { kind: "for", item: id("item"), list: n("b"), body: { statements: [{ kind: "expr", expr: { kind: "attempt", operand: call(n("log"), [n("item")]) } }] } },
      { kind: "if", cond: bin("==", n("a"), int(1)), then: { statements: [{ kind: "return", value: null }] }, else: null },
      { kind: "return", value: n("c") },
    ]);
  });

  it("`else if` chains nest as `else` of the previous `if`", () => {
    const [stmt] = statements("if a { reject A } else if b { reject B } else { reject C }");
    const rej = (name: string) => ({ statements: [{ kind: "reject", failure: id(name) }] });
    expect(shape(stmt)).toEqual({
      kind: "if", cond: n("a"), then: rej("A"),
      else: { kind: "if", cond: n("b"), then: rej("B"), else: rej("C") },
    });
  });

  it("test statements: assert, assert ... fails, advance clock by", () => {
    const [test] = decls(`test "t" {
    assert reply.resolved_by_articles == false
    assert answer_customer("Sesame?") fails AnswerUnreadable
    advance clock by 5m
}`, "x.jadpotest");
    expect(test.kind === "test" && shape(test.body.statements)).toEqual([
      { kind: "assert", expr: bin("==", member(n("reply"), "resolved_by_articles"), { kind: "bool", value: false }), fails: null },
      { kind: "assert", expr: call(n("answer_customer"), [text("Sesame?")]), fails: id("AnswerUnreadable") },
      { kind: "advance", clock: id("clock"), by: { kind: "duration", value: 5, unit: "m", ms: 300_000 } },
    ]);
  });
});

describe("declarations (docs/language.md)", () => {
  it("`use` paths may hold keywords; the type bodies: alias with constraints, enum, object", () => {
    const ds = decls(`use support/fixtures { questions, Other }
type Stars = Int { min: 1 max: 5 }
type Tone = Enum { friendly formal }
type Review = Object {
    tags: List<Text> { max_items: 5 }
    follow_up: Text?
}`);
    expect(shape(ds)).toEqual([
      { kind: "use", path: [id("support"), id("fixtures")], names: [id("questions"), id("Other")] },
      {
        kind: "type", name: id("Stars"),
        body: { kind: "alias", base: named("Int"), constraints: [{ name: id("min"), value: int(1) }, { name: id("max"), value: int(5) }] },
      },
      { kind: "type", name: id("Tone"), body: { kind: "enum", members: [id("friendly"), id("formal")] } },
      {
        kind: "type", name: id("Review"),
        body: {
          kind: "object",
          fields: [
            { name: id("tags"), type: named("List", [named("Text")]), constraints: [{ name: id("max_items"), value: int(5) }] },
            { name: id("follow_up"), type: { kind: "optional", inner: named("Text") }, constraints: [] },
          ],
        },
      },
    ]);
  });

  it("actions with `fails`, fixtures with and without parameters", () => {
    const ds = decls(`action a(q: Q, r: R,) fails A, B -> T { return q }
fixtures questions {
    asked(question: Q) -> Q { return question }
    sesame -> AnswerQuestion { return AnswerQuestion { question: "x" } }
}`);
    const [action, fixtures] = ds;
    expect(action.kind === "action" && shape([action.params, action.fails, action.returnType])).toEqual([
      [{ name: id("q"), type: named("Q") }, { name: id("r"), type: named("R") }],
      [id("A"), id("B")],
      named("T"),
    ]);
    expect(action.kind === "action" && action.failsSpan).toMatchObject({ line: 1, column: 23, start: 22, end: 32 });
    expect(fixtures.kind === "fixtures" && fixtures.members.map((m) => [m.name.name, m.params?.length ?? null])).toEqual([["asked", 1], ["sesame", null]]);
  });

  it("config values: names, texts, numbers, durations, env(...) calls, lists and nested blocks", () => {
    const [conn] = decls(`connection c {
    capability: ai
    timeout: 30s
    key: env("K", "")
    development: { sandbox: [answer_question]  per_day: 50 }
}`);
    expect(conn.kind === "connection" && shape(conn.entries)).toEqual([
      { name: id("capability"), value: { kind: "expr", expr: n("ai") } },
      { name: id("timeout"), value: { kind: "expr", expr: { kind: "duration", value: 30, unit: "s", ms: 30_000 } } },
      { name: id("key"), value: { kind: "expr", expr: call(n("env"), [text("K"), text("")]) } },
      {
        name: id("development"),
        value: {
          kind: "block",
          entries: [
            { name: id("sandbox"), value: { kind: "expr", expr: { kind: "list", items: [n("answer_question")] } } },
            { name: id("per_day"), value: { kind: "expr", expr: int(50) } },
          ],
        },
      },
    ]);
  });

  it("fake items are classified by shape (docs/testing.md)", () => {
    const [test] = decls(`test "t" {
    fakes: {
        ai.p: [SupportAnswer { reply: "x" }, raw("{}"), recorded("sesame"), refused, timed_out, over_budget, too_long, malformed]
        ai.s: ["a stream text", partial("so far", timed_out)]
        ai.embed: [[0.5, -1], refused]
    }
}`, "x.jadpotest");
    if (test.kind !== "test" || test.fakes === null) throw new Error("no fakes");
    expect(test.fakes.entries.map((e) => e.target.name)).toEqual(["p", "s", "embed"]);
    const none = { after: null };
    expect(shape(test.fakes.entries.map((e) => e.items))).toEqual([
      [
        { kind: "value", expr: { kind: "record", type: id("SupportAnswer"), fields: [{ name: id("reply"), value: text("x") }] }, ...none },
        { kind: "raw", text: "{}", ...none },
        { kind: "recorded", name: "sesame", ...none },
        { kind: "failure", word: "refused", ...none },
        { kind: "failure", word: "timed_out", ...none },
        { kind: "failure", word: "over_budget", ...none },
        { kind: "failure", word: "too_long", ...none },
        { kind: "malformed", ...none },
      ],
      [{ kind: "value", expr: text("a stream text"), ...none }, { kind: "partial", text: "so far", pieces: null, stop: "timed_out", ...none }],
      [
        { kind: "value", expr: { kind: "list", items: [{ kind: "decimal", value: 0.5 }, { kind: "unary", op: "-", operand: int(1) }] }, ...none },
        { kind: "failure", word: "refused", ...none },
      ],
    ]);
  });

  it("a fake item may end with `after <duration>`; pieces are a list, in `partial` too", () => {
    const [test] = decls(`test "t" {
    fakes: {
        ai.p: [SupportAnswer { reply: "x" } after 2s, refused after 100ms, timed_out]
        ai.s: [["Our sour", "dough"] after 1h, partial(["so ", "far"], refused) after 5m]
    }
}`, "x.jadpotest");
    if (test.kind !== "test" || test.fakes === null) throw new Error("no fakes");
    const [p, s] = test.fakes.entries.map((e) => e.items);
    expect(p.map((i) => [i.kind, i.after?.ms ?? null])).toEqual([["value", 2000], ["failure", 100], ["failure", null]]);
    expect(shape(s)).toMatchObject([
      { kind: "value", expr: { kind: "list", items: [text("Our sour"), text("dough")] }, after: { ms: 3_600_000 } },
      { kind: "partial", text: "so far", pieces: [text("so "), text("far")], stop: "refused", after: { ms: 300_000 } },
    ]);
  });

  it("`when` items: fields or a text, then one item or, after `[`, a list of items (each with its own `after`)", () => {
    const [test] = decls(`test "t" {
    fakes: {
        ai.p: [when { question: "Rye?"  urgent: true } => refused after 2s, when { question: "Spelt?" } => [malformed, "Ok."], generated]
        ai.s: [when { topic: "rye" } => [["Our ", "rye"]]]
        ai.embed: [when "rye" => like("spelt"), like("oats")]
    }
}`, "x.jadpotest");
    if (test.kind !== "test" || test.fakes === null) throw new Error("no fakes");
    const none = { after: null };
    expect(shape(test.fakes.entries.map((e) => e.items))).toEqual([
      [
        {
          kind: "when", list: false, ...none,
          match: { kind: "fields", fields: [{ name: id("question"), value: text("Rye?") }, { name: id("urgent"), value: { kind: "bool", value: true } }] },
          items: [{ kind: "failure", word: "refused", after: { ms: 2000 } }],
        },
        {
          kind: "when", list: true, ...none,
          match: { kind: "fields", fields: [{ name: id("question"), value: text("Spelt?") }] },
          items: [{ kind: "malformed", ...none }, { kind: "value", expr: text("Ok."), ...none }],
        },
        { kind: "generated", ...none },
      ],
      [
        {
          kind: "when", list: true, ...none,
          match: { kind: "fields", fields: [{ name: id("topic"), value: text("rye") }] },
          items: [{ kind: "value", expr: { kind: "list", items: [text("Our "), text("rye")] }, ...none }],
        },
      ],
      [
        { kind: "when", list: false, ...none, match: { kind: "text", text: "rye" }, items: [{ kind: "like", args: [text("spelt")], ...none }] },
        { kind: "like", args: [text("oats")], ...none },
      ],
    ]);
  });

  it("`when`, `like` and `generated` are words only in a fake item: elsewhere they are ordinary names", () => {
    const [fn] = decls(`function pick(when: Int, like: Int, generated: Bool) -> Int {
    var x = like(when)
    return when
}`, "x.jadpo");
    expect(fn.kind).toBe("function");
  });

  it("`after` is a word only in a fake item: elsewhere it is an ordinary name", () => {
    const [fn] = decls(`function later(after: Int) -> Int {
    var before = after
    return before + after
}`, "x.jadpo");
    expect(fn.kind).toBe("function");
  });
});

describe("text (docs/language.md)", () => {
  it("escapes are processed", () => {
    expect(shape(expr(String.raw`"a\"b\\c\nd\re\tf\{g\u{1F600}\u{41}"`))).toEqual(text('a"b\\c\nd\re\tf{g\u{1F600}A'));
  });

  it("`\"\"\"` text drops the blank first and last lines and the common indent; escapes come after", () => {
    const source = 'var x = """\n        Answer in {locale}.\n\n          indented\\n\n        Question: {q}\n    """';
    expect(shape(statements(source)[0])).toMatchObject({ value: text("Answer in {locale}.\n\n  indented\n\nQuestion: {q}") });
    expect(shape(expr('"""one line"""'))).toEqual(text("one line"));
  });

  it("the example prompt's text gives the docs/language.md test vector (answer_question@b44ecc53)", () => {
    const [, prompt] = validJadpoFiles()
      .filter((f) => f.path.endsWith("prompts/answer_question.jadpo"))
      .flatMap((f) => decls(f.text, f.path));
    if (prompt.kind !== "prompt") throw new Error("no prompt");
    const entry = (name: string) => {
      const found = prompt.entries.find((e) => e.name.name === name);
      return found?.value.kind === "expr" && found.value.expr.kind === "text" ? found.value.expr.value : "";
    };
    const json = JSON.stringify({
      name: "answer_question",
      params: [["question", "CustomerQuestion"], ["reader_locale", "Locale"]],
      system: entry("system"),
      text: entry("text"),
    });
    expect(createHash("sha256").update(json, "utf8").digest("hex").slice(0, 8)).toBe("b44ecc53");
  });
});

describe("files and spans", () => {
  it("a BOM is dropped, and CRLF and a lone CR are read as LF", () => {
    const plain = parseFile("x.jadpo", "source", "type A = Int\ntype B = Text\n");
    const windows = parseFile("x.jadpo", "source", new TextEncoder().encode("\uFEFFtype A = Int\r\ntype B = Text\r\n"));
    expect(windows.diagnostics).toEqual([]);
    expect(windows.syntax.decls).toEqual(plain.syntax.decls);
    expect(windows.source.text).toBe(plain.source.text);
    const oldMac = parseFile("x.jadpo", "source", "type A = Int\rtype B = Text\r");
    expect(oldMac.diagnostics).toEqual([]);
    expect(oldMac.syntax.decls).toEqual(plain.syntax.decls);
    expect(oldMac.source.text).toBe(plain.source.text);
  });

  it("spans: file, 1-based line and column (code points), start and end offsets", () => {
    const [decl] = decls('test "😀 x" {\n    assert a ==  bb\n}', "dir/x.jadpotest");
    if (decl.kind !== "test") throw new Error("not a test");
    expect(decl.span).toEqual({ file: "dir/x.jadpotest", line: 1, column: 1, start: 0, end: 35 });
    expect(decl.nameSpan).toEqual({ file: "dir/x.jadpotest", line: 1, column: 6, start: 5, end: 11 });
    const stmt = decl.body.statements[0];
    if (stmt.kind !== "assert" || stmt.expr.kind !== "binary") throw new Error("not a comparison");
    expect(stmt.expr.right.span).toEqual({ file: "dir/x.jadpotest", line: 2, column: 18, start: 31, end: 33 });
    expect(stmt.expr.opSpan).toMatchObject({ line: 2, column: 14 });
  });

  it("keeps an operator's own span for comparisons only (no diagnostic points at another operator)", () => {
    const [decl] = decls("function f(x: Int) -> Bool {\n    return x * 2 + 1 < x - 3 and true\n}");
    if (decl.kind !== "function" || decl.body.statements[0].kind !== "return") throw new Error("not a return");
    const value = decl.body.statements[0].value;
    if (value?.kind !== "binary" || value.left.kind !== "binary") throw new Error("not `and`");
    const less = value.left;
    const plus = less.left;
    if (plus.kind !== "binary") throw new Error("not `+`");
    expect([value.op, less.op, plus.op]).toEqual(["and", "<", "+"]);
    expect(less.opSpan).toMatchObject({ line: 2, column: 22, start: 50, end: 51 });
    expect([value.opSpan, plus.opSpan]).toEqual([null, null]);
  });

  it("columns after astral characters on the same line count code points", () => {
    const parsed = parseFile("x.jadpo", "source", 'type A = Text { pattern: "😀😀" max_length: @ }');
    expect(parsed.diagnostics[0]?.span).toMatchObject({ line: 1, column: 43 });
  });
});
