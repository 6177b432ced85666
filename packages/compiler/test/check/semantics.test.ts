// What the checker accepts (and records for the runtime) beyond the one-rule cases: literals
// taking their expected type, optionals, conversions, shadowing, streams, embeddings, test
// kinds, and no cascades after an error.
import { describe, expect, test } from "vitest";
import type { Expr } from "../../src/syntax/ast.ts";
import { printType } from "../../src/types/print-type.ts";
import { checkSources, rendered } from "./check-sources.ts";

function exprsOf(node: unknown, match: (e: Expr) => boolean, out: Expr[] = []): Expr[] {
  if (typeof node !== "object" || node === null) return out;
  const record = node as Record<string, unknown>;
  if (typeof record.kind === "string" && "span" in record && match(record as unknown as Expr)) out.push(record as unknown as Expr);
  for (const [key, value] of Object.entries(record)) if (key !== "span") exprsOf(value, match, out);
  return out;
}

const shop = (source: string, extra: Record<string, string> = {}) => ({ "app.jadpo": "", "domains/shop/shop.jadpo": source, ...extra });

describe("well-typed programs check clean", () => {
  test.each([
    ["an Int literal where a Decimal-based type is expected", `type Price = Decimal { min: 0 }\nfunction free() -> Price {\n    return 0\n}\n`],
    ["T where T? is expected, and none", `function maybe(flag: Bool) -> Text? {\n    if flag {\n        return "yes"\n    }\n    return none\n}\n`],
    ["an optional match", `function first(words: List<Text>) -> Text {\n    return match list.first(words) {\n        some(word) => word\n        none => ""\n    }\n}\n`],
    ["arithmetic on constrained types gives the base; T(v) converts back", `type Stars = Int { min: 1 max: 5 }\nfunction better(s: Stars) -> Stars {\n    var raised: Int = s + 1\n    return Stars(raised)\n}\n`],
    ["a literal operand takes the other operand's type, without constraints", `type Stars = Int { min: 1 max: 5 }\nfunction top(s: Stars) -> Bool {\n    return s == 9 or s > 7\n}\n`],
    ["a local shadows a library namespace", `function count(list: List<Text>) -> Int {\n    var text = 3\n    return text\n}\n`],
    ["comparing T? with T", `function same(a: Text?, b: Text) -> Bool {\n    return a == b and a != none\n}\n`],
    ["a match arm block's final expression is its value", `type Tone = Enum { friendly formal }\nfunction greet(tone: Tone) -> Text {\n    return match tone {\n        Tone.friendly => {\n            var hi = "Hi"\n            hi + "!"\n        }\n        _ => "Good day"\n    }\n}\n`],
    ["durations, instants and the clock in an action", `action later() -> Instant {\n    return clock.now() + 5m\n}\n`],
    ["an Instant-based type marked `personal: false`, kept verbatim in recordings", `type Opened = Instant { personal: false }\naction opened() -> Opened {\n    return Opened(clock.now())\n}\n`],
    ["Text conversions and text functions", `type Code = Text { max_length: 8 }\nfunction shout(code: Code) -> Code {\n    return Code(text.upper(code))\n}\n`],
  ])("%s", (_, source) => {
    expect(rendered(checkSources(shop(source)).diagnostics)).toBe("");
  });
});

describe("what the runtime reads", () => {
  test("an Int literal for a Decimal-based type is typed as that type", () => {
    const { program, files } = checkSources(shop(`type Price = Decimal { min: 0 }\nfunction free() -> Price {\n    return 3\n}\n`));
    const [three] = exprsOf(files[1].syntax, (e) => e.kind === "int" && e.value === 3);
    expect(printType(program.exprTypes.get(three)!)).toBe("Price");
  });

  test("T(v) resolves as a conversion, to a declared or a base type", () => {
    const { program, files } = checkSources(shop(`type Code = Text { max_length: 8 }\nfunction both(t: Text, c: Code) -> Code {\n    var plain = Text(c)\n    return Code(t)\n}\n`));
    const calls = exprsOf(files[1].syntax, (e) => e.kind === "call");
    expect(calls.map((c) => {
      const r = program.resolutions.get(c);
      return r?.kind === "convert" ? r.type.name : r?.kind;
    })).toEqual(["Text", "Code"]);
  });

  test("stream prompts: texts, partial answers and stops; embeddings: vectors", () => {
    const source = `type Question = Text { min_length: 1 }
prompt chat(question: Question) { text: "{question}" }
action talk(question: Question) -> Text {
    var told = ai.stream(Chat { question: question })
    return text.join(told.pieces, "")
}
action vector(words: Text) -> Embedding {
    return match ai.embed(words) {
        success(e) => e
        failure _ => []
    }
}
`;
    const test = `test "streams" {
    fakes: {
        ai.chat: ["one two three four", partial("one two", timed_out), refused]
        ai.embed: [[${Array.from({ length: 16 }, (_, i) => (i / 16).toFixed(2)).join(", ")}], too_long]
    }
    var said = talk("Hi")
    var v = vector("hello")
}
`;
    const { program, diagnostics } = checkSources(shop(source, { "domains/shop/talk.test.jadpo": test }));
    expect(rendered(diagnostics)).toBe("");
    expect(program.prompts.get("chat")!.use).toBe("stream");
    const [chat, embed] = program.tests[0].fakes;
    expect(chat.items.map((i) => i.kind)).toEqual(["stream_text", "partial", "stream_stop"]);
    expect(embed.prompt).toBeNull();
    expect(embed.items.map((i) => i.kind)).toEqual(["vector", "failure"]);
    const vector = embed.items[0];
    expect(vector.kind === "vector" && vector.values.length).toBe(16);
  });

  test("a scripted answer fitting the second as-type is typed as it", () => {
    const source = `type Question = Text { min_length: 1 }
type Short = Text { max_length: 5 }
type Long = Object { words: List<Text> }
prompt ask(question: Question) { text: "{question}" }
action short_answer(question: Question) -> Short {
    return match ai.generate(Ask { question: question }, as: Short) {
        success(s) => s
        failure _ => "none"
    }
}
action long_answer(question: Question) -> Long {
    return match ai.generate(Ask { question: question }, as: Long) {
        success(l) => l
        failure _ => Long { words: [] }
    }
}
`;
    const test = `test "two shapes" {
    fakes: {
        ai.ask: [Long { words: ["a", "b"] }, "short"]
    }
    var l = long_answer("Hi")
    var s = short_answer("Hi")
}
`;
    const { program, diagnostics } = checkSources(shop(source, { "domains/shop/ask.test.jadpo": test }));
    expect(rendered(diagnostics)).toBe("");
    expect(program.prompts.get("ask")!.asTypes.map(printType)).toEqual(["Short", "Long"]);
    expect(program.tests[0].fakes[0].items.map((i) => (i.kind === "value" ? printType(i.type) : i.kind))).toEqual(["Long", "Short"]);
  });

  test("test kinds come from the nearest actions, functions or prompts folder; tests in path order", () => {
    const files = {
      "app.jadpo": "",
      "domains/a/actions/x.test.jadpo": `test "one" {\n    assert true\n}\n`,
      "domains/a/functions/deep/y.jadpotest": `test "two" {\n    assert true\n}\n`,
      "domains/a/prompts/z.test.jadpo": `test "three" {\n    assert true\n}\n`,
      "domains/a/other/w.test.jadpo": `test "four" {\n    assert true\n}\n`,
    };
    const { program, diagnostics } = checkSources(files);
    expect(rendered(diagnostics)).toBe("");
    expect(program.tests.map((t) => `${t.name}: ${t.kind}`)).toEqual(["one: action test", "two: function test", "four: test", "three: prompt test"]);
  });

  test("without `locales`, Locale has en_gb only", () => {
    const { program } = checkSources(shop(""));
    expect(program.locale).toMatchObject({ default: "en-GB", members: { def: { kind: "enum", members: [{ name: "en_gb", tag: "en-GB" }] } } });
  });
});

describe("no cascades", () => {
  test("an unknown type is reported once, where it is named", () => {
    const source = `type Order = Object { code: Cde }\nfunction code_of(order: Order) -> Text {\n    var same = order.code == order.code\n    return order.code\n}\n`;
    const { diagnostics } = checkSources(shop(source));
    expect(diagnostics.map((d) => `${d.rule} ${d.span!.line}:${d.span!.column}`)).toEqual(["type.unknown 1:29"]);
  });

  test("an unknown name is reported once, and its uses stay quiet", () => {
    const source = `function f() -> Int {\n    var x = nope + 1\n    var y: Text = x\n    return x * 2\n}\n`;
    const { diagnostics } = checkSources(shop(source));
    expect(diagnostics.map((d) => d.rule)).toEqual(["name.unknown"]);
  });

  test("a failure missing from `fails` is reported once, not again where the action is called", () => {
    const source = `failure Closed { kind: Unavailable  message: "Closed." }
failure Busy { kind: Unavailable  message: "Busy." }
action open(busy: Bool) fails Busy {
    if busy { reject Busy }
    reject Closed
}
action visit() fails Closed {
    attempt open(false)
}
`;
    const test = `test "t" {\n    assert open(false) fails Closed\n}\n`;
    const { diagnostics } = checkSources(shop(source, { "domains/shop/shop.test.jadpo": test }));
    // `open`'s missing `Closed` once; `visit` keeps `Closed` (not stale) and misses `Busy` for real.
    expect(diagnostics.map((d) => `${d.rule} ${d.span!.file}:${d.span!.line}`)).toEqual([
      "failure.undeclared domains/shop/shop.jadpo:5",
      "failure.undeclared domains/shop/shop.jadpo:8",
    ]);
  });

  test("a misspelt failure in a match arm or a `fails` list is only `name.unknown`", () => {
    const source = `failure Closed { kind: Unavailable  message: "Closed." }
failure Busy { kind: Unavailable  message: "Busy." }
action open() fails Busy, Closd {
    reject Busy
}
action visit() -> Int {
    return match open() {
        success(_) => 1
        failure Bsy => 2
    }
}
`;
    const test = `test "t" {\n    assert open() fails Closed\n}\n`;
    const { diagnostics } = checkSources(shop(source, { "domains/shop/shop.test.jadpo": test }));
    expect(diagnostics.map((d) => `${d.rule} ${d.span!.file}:${d.span!.line}`)).toEqual([
      "name.unknown domains/shop/shop.jadpo:3",
      "name.unknown domains/shop/shop.jadpo:9",
    ]);
  });

  test("a wrong scripted answer is one diagnostic, even with several problems", () => {
    const source = `type Question = Text { min_length: 1 }
type Answer = Object {
    resolved: Bool
    reply: Text
}
prompt ask(question: Question) { text: "{question}" }
action answer(question: Question) -> Answer {
    return match ai.generate(Ask { question: question }, as: Answer) {
        success(a) => a
        failure _ => Answer { resolved: false  reply: "" }
    }
}
`;
    const test = `test "t" {\n    fakes: {\n        ai.ask: [Answer { resolved: "no"  reply: 3  extra: 1 }]\n    }\n    var a = answer("Hi")\n}\n`;
    const { diagnostics } = checkSources(shop(source, { "domains/shop/a.test.jadpo": test }));
    expect(diagnostics.map((d) => `${d.rule} ${d.span!.line}:${d.span!.column} ${d.details[0]?.text}`)).toEqual([
      "test.fake_type 3:37 `type` on `resolved`: expected Bool, got Text",
    ]);
  });
});
