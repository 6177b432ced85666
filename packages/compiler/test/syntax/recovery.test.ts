// One mistake gives one diagnostic; independent mistakes in different declarations give one each;
// a broken declaration is kept as far as it was read, so later phases still know its name.
import { describe, expect, it } from "vitest";
import { parseFile } from "../../src/syntax/parse-file.ts";
import { rendered } from "./helpers.ts";

const headings = (source: string): string[] => rendered(source).map((r) => r.split("\n")[0]);

const valid = `use support/types { CustomerQuestion, SupportAnswer }

type Tone = Enum { friendly formal }

failure Unavailable { kind: Unavailable  message: "Not now." }

function greeting(tone: Tone) -> Text {
    return match tone {
        Tone.friendly => "hi"
        _ => "Good day"
    }
}

action answer(question: CustomerQuestion) fails Unavailable -> SupportAnswer {
    var reply = attempt ask(question)
    return reply
}
`;

describe("one mistake, one diagnostic", () => {
  it("the valid text has none", () => {
    expect(rendered(valid)).toEqual([]);
  });

  // Each edit breaks the valid text in one place.
  const mistakes: [string, string, string][] = [
    ["a missing `}` of an enum", "friendly formal }", "friendly formal"],
    ["a missing `}` of a match", '        _ => "Good day"\n    }', '        _ => "Good day"'],
    ["a missing `)`", "greeting(tone: Tone)", "greeting(tone: Tone"],
    ["a missing `=`", "type Tone = Enum", "type Tone Enum"],
    ["a stray word in a statement", "return reply", "return reply reply"],
    ["a stray `}`", "return reply\n}", "return reply\n}\n}"],
    ["an unclosed text", 'message: "Not now." }', 'message: "Not now. }'],
    ["a bad escape", '"Not now."', '"Not \\qow."'],
    ["an invalid character", "var reply =", "var reply @="],
    ["a keyword as a name", "var reply =", "var match ="],
    ["a missing type", "-> SupportAnswer", "->"],
    ["a `,` missing between failures", "fails Unavailable", "fails Unavailable Other"],
  ];
  for (const [what, from, to] of mistakes) {
    it(what, () => {
      expect(valid.includes(from)).toBe(true);
      expect(headings(valid.replace(from, to))).toHaveLength(1);
    });
  }

  it("a lexer error in a declaration silences its parse errors", () => {
    expect(headings("type A = Object { a @ Text }\n")).toEqual(["error: `@` can't stand in Jadpo source --> x.jadpo:1:21"]);
    expect(headings('failure F { kind: Unavailable  message: "abc }\ntype B = Int\n')).toEqual([
      'error: This text is never closed: it needs a closing `"` --> x.jadpo:1:41',
    ]);
  });
});

describe("independent mistakes", () => {
  it("three mistakes in three declarations give three diagnostics", () => {
    const broken = valid
      .replace("friendly formal }", "friendly formal")
      .replace('message: "Not now." }', 'message: }')
      .replace("var reply = attempt ask(question)", "var reply = attempt ask(question,,)");
    expect(headings(broken)).toEqual([
      "error: Expected a `}` to close the enum type `Tone` opened on line 3, found `failure` --> x.jadpo:5:1",
      "error: Expected a value after `:`, found `}` --> x.jadpo:5:51",
      "error: Expected an argument or `)` after `,`, found `,` --> x.jadpo:15:38",
    ]);
  });

  it("a bare expression and a syntax error in different declarations are both reported", () => {
    expect(headings("function f() -> Int {\n    f()\n    return 1\n}\ntype A = \n")).toEqual([
      "error: An expression can't stand alone as a statement --> x.jadpo:2:5",
      "error: Expected a type after `=`, found the end of the file --> x.jadpo:6:1",
    ]);
  });
});

describe("broken declarations are kept", () => {
  it("with their name and what was read, marked incomplete", () => {
    const parsed = parseFile("x.jadpo", "source", `type Review = Object {
    reply: Text
    stars Int
}
action answer(q: Text) -> Text {
    var a = 1
    var b = (
}
function next() -> Int { return 1 }
`);
    expect(parsed.diagnostics).toHaveLength(2);
    const [review, answer, next] = parsed.syntax.decls;
    expect(review).toMatchObject({ kind: "type", name: { name: "Review" }, incomplete: true });
    expect(review.kind === "type" && review.body.kind === "object" && review.body.fields.map((f) => f.name.name)).toEqual(["reply"]);
    expect(answer).toMatchObject({ kind: "action", name: { name: "answer" }, incomplete: true });
    expect(answer.kind === "action" && answer.body.statements.map((s) => s.kind)).toEqual(["var"]);
    expect(answer.kind === "action" && answer.returnType).toMatchObject({ kind: "named", name: { name: "Text" } });
    expect(next).toMatchObject({ kind: "function", name: { name: "next" } });
    expect(next.incomplete).toBeUndefined();
  });

  it("a `failure` pattern at column 1 inside a match is not mistaken for a declaration", () => {
    expect(rendered(`function f(r: R) -> Int {
    return match r {
success(x) => 1
failure A, B => 2
failure _ => 3
    }
}
`)).toEqual([]);
  });
});
