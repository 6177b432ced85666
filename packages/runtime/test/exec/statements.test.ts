// Statements and expressions (docs/language.md) compiled to closures and run as tests.
import { describe, expect, it } from "vitest";
import { lineOf, projectOf } from "../../src/testing/project.ts";

const MATH = `
type Short = Text { max_length: 5 }
type Stars = Int { min: 1 max: 5 }
type Tone = Enum { friendly formal curt }
type Pair = Object {
    left: Int
    right: Text?
}

function divide(a: Int, b: Int) -> Int { return a / b }
function remainder(a: Int, b: Int) -> Int { return a % b }
function half(a: Decimal) -> Decimal { return a / 2 }
function add(a: Int, b: Int) -> Int { return a + b }
function shorten(t: Text) -> Short { return Short(t) }
function stars(n: Int) -> Stars { return Stars(n) }

function sum_to(n: Int) -> Int {
    var mut total = 0
    var mut i = 0
    for x in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] {
        if x > n {
            return total
        }
        total = total + x
    }
    return total
}

function classify(n: Int) -> Text {
    if n < 0 {
        return "negative"
    } else if n == 0 {
        return "zero"
    } else {
        if n > 100 {
            return "large"
        }
    }
    return "positive"
}

function greet(tone: Tone) -> Text {
    return match tone {
        Tone.friendly => "hi"
        _ => "Good day"
    }
}

function first_or(items: List<Text>, fallback: Text) -> Text {
    return match list.first(items) {
        some(first) => first
        none => fallback
    }
}

function early(tone: Tone) -> Text {
    var word = match tone {
        Tone.friendly => "hey"
        Tone.formal => {
            var greeting = "Dear"
            greeting + " sir"
        }
        Tone.curt => {
            return "no"
        }
    }
    return word + "!"
}

function as_statement(tone: Tone) -> Int {
    var mut n = 0
    match tone {
        Tone.friendly => {
            n = 1
        }
        Tone.formal => {
            return 2
        }
        _ => {
            n = 3
        }
    }
    return n * 10
}

function fib(n: Int) -> Int {
    if n < 2 {
        return n
    }
    return fib(n - 1) + fib(n - 2)
}

function forever(n: Int) -> Int { return forever(n + 1) }
`;

const TESTS = `
test "int division truncates toward zero" {
    assert divide(7, 2) == 3
    assert divide(-7, 2) == -3
    assert divide(7, -2) == -3
    assert remainder(-7, 2) == -1
    assert half(3) == 1.5
}
test "division by zero" {
    var x = divide(1, 0)
}
test "modulo by zero" {
    var x = remainder(1, 0)
}
test "int overflow" {
    var x = add(9007199254740991, 1)
}
test "loops and returns" {
    assert sum_to(4) == 10
    assert sum_to(100) == 55
    assert classify(-1) == "negative"
    assert classify(0) == "zero"
    assert classify(1000) == "large"
    assert classify(5) == "positive"
}
test "matches" {
    assert greet(Tone.friendly) == "hi"
    assert greet(Tone.curt) == "Good day"
    assert first_or(["a", "b"], "z") == "a"
    assert first_or([], "z") == "z"
    assert early(Tone.friendly) == "hey!"
    assert early(Tone.formal) == "Dear sir!"
    assert early(Tone.curt) == "no"
    assert as_statement(Tone.friendly) == 10
    assert as_statement(Tone.formal) == 2
    assert as_statement(Tone.curt) == 30
}
test "recursion" {
    assert fib(15) == 610
}
test "runaway recursion" {
    var x = forever(0)
}
test "conversion checks constraints" {
    assert shorten("short") == "short"
    assert stars(3) == 3
}
test "conversion violation" {
    var x = shorten("toolong")
}
test "conversion below min" {
    var x = stars(0)
}
test "equality is structural" {
    var a = Pair { left: 1  right: none }
    var b = Pair { right: none  left: 1 }
    assert a == b
    assert [a, b] == [b, a]
    assert Pair { left: 1  right: "x" } != a
    var mut names = ["a"]
    names = list.append(names, "b")
    assert names == ["a", "b"]
}
test "a failing comparison" {
    var a = Pair { left: 1  right: "x" }
    assert a == Pair { left: 2  right: none }
}
test "a failing plain assertion" {
    var ok = 1 > 2
    assert ok and true
}
test "a failing text comparison" {
    assert greet(Tone.formal) == "hi"
}
test "shadowing" {
    var x = 1
    if true {
        var x = 2
        assert x == 2
    }
    assert x == 1
}
test "boolean operators short-circuit" {
    assert not false
    assert true or divide(1, 0) == 0
    assert not (false and divide(1, 0) == 0)
    assert -3 + 1 == -2
}
`;

describe("statements and expressions", () => {
  const p = projectOf({ "domains/app/functions/math.jadpo": MATH, "domains/app/functions/math.test.jadpo": TESTS });
  const file = "domains/app/functions/math.jadpo";
  const tests = "domains/app/functions/math.test.jadpo";

  it.each(["int division truncates toward zero", "loops and returns", "matches", "recursion", "conversion checks constraints",
    "equality is structural", "shadowing", "boolean operators short-circuit"])("%s passes", async (name) => {
    expect(await p.fail(name)).toBe("passed");
  });

  it("reports division by zero as a runtime fault at the dividing statement", async () => {
    expect(await p.fail("division by zero")).toBe(
      [
        `FAIL  division by zero --> ${file}:${lineOf(MATH, "return a / b")}`,
        "  note: Division by zero",
        "  reason: A runtime fault stops the program where a value breaks a rule that only running can check.",
        "  next: Check that the divisor is not zero before dividing (agent)",
        "  rule: runtime.fault",
      ].join("\n"),
    );
    const result = await p.run("division by zero");
    expect(result.diagnostics[0].summary).toBe("Division by zero");
    expect((await p.run("modulo by zero")).diagnostics[0].summary).toBe("Division by zero");
  });

  it("reports Int overflow", async () => {
    const result = await p.run("int overflow");
    expect(result.status).toBe("failed");
    expect(result.diagnostics[0].rule).toBe("runtime.fault");
    expect(result.diagnostics[0].summary).toBe("Int overflow: the result is beyond ±9007199254740991");
    expect(result.diagnostics[0].span?.line).toBe(lineOf(MATH, "return a + b"));
  });

  it("names the broken constraint of a conversion", async () => {
    const result = await p.run("conversion violation");
    expect(result.diagnostics[0].rule).toBe("runtime.fault");
    expect(result.diagnostics[0].summary).toBe('`"toolong"` breaks `max_length: 5` of `Short`');
    expect(result.diagnostics[0].span?.file).toBe(file);
    expect((await p.run("conversion below min")).diagnostics[0].summary).toBe("`0` breaks `min: 1` of `Stars`");
  });

  it("turns runaway recursion into a runtime fault", async () => {
    const result = await p.run("runaway recursion");
    expect(result.diagnostics[0].rule).toBe("runtime.fault");
    expect(result.diagnostics[0].summary).toContain("`forever`");
  });

  it("prints both sides of a failing comparison as Jadpo literals", async () => {
    expect(await p.fail("a failing comparison")).toBe(
      [
        `FAIL  a failing comparison --> ${tests}:${lineOf(TESTS, "assert a == Pair { left: 2")}`,
        "  assert: a == Pair { left: 2  right: none }",
        '  got: Pair { left: 1  right: "x" }',
        "  expected: Pair { left: 2  right: none }",
        "  diff: (- expected, + got)",
        "      Pair {",
        "    -   left: 2",
        "    +   left: 1",
        "    -   right: none",
        '    +   right: "x"',
        "      }",
        "  reason: A test passes only when every assertion holds.",
        "  next: Fix the code under test, or the assertion if it is wrong (agent)",
        "  rule: test.assertion_failed",
      ].join("\n"),
    );
    expect(await p.fail("a failing text comparison")).toContain('  assert: greet(Tone.formal) == "hi"\n  got: "Good day"\n  expected: "hi"\n');
  });

  it("shows only the assertion for a non-comparison", async () => {
    const result = await p.run("a failing plain assertion");
    expect(result.diagnostics[0].details).toEqual([{ label: "assert", text: "ok and true" }]);
    expect(result.diagnostics[0].span?.line).toBe(lineOf(TESTS, "assert ok and true"));
  });
});
