// Bodies are compiled on their first call: a run of a few tests in a project of many functions
// compiles only what those tests reach (the rest would only hold memory), and a body compiled
// late behaves as one compiled ahead: recursion, and calls compiled before their callee.
import { describe, expect, it } from "vitest";
import { projectOf } from "../../src/testing/project.ts";

const FILES = {
  "domains/app/functions/math.jadpo": `
function twice(x: Int) -> Int { return add(x, x) }
function add(a: Int, b: Int) -> Int { return a + b }
function factorial(n: Int) -> Int {
    if n <= 1 {
        return 1
    }
    return n * factorial(n - 1)
}
function never_called(x: Int) -> Int { return x - 1 }
`,
  "domains/app/functions/math.test.jadpo": `
test "twice" {
    assert twice(21) == 42
}

test "twice again" {
    assert twice(2) == 4
}

test "factorial" {
    assert factorial(5) == 120
}
`,
};

describe("bodies compiled on their first call", () => {
  it("compiles nothing before a test runs, then only the bodies it calls, once each", async () => {
    const p = projectOf(FILES);
    expect(p.compiled.state.compiledBodies).toBe(0);
    expect((await p.run("twice")).status).toBe("passed");
    expect(p.compiled.state.compiledBodies).toBe(2);
    expect((await p.run("twice again")).status).toBe("passed");
    expect(p.compiled.state.compiledBodies).toBe(2);
    expect((await p.run("factorial")).status).toBe("passed");
    expect(p.compiled.state.compiledBodies).toBe(3);
  });
});

// `jadpo test` checks with `factsOnDemand`: a body's types and resolutions are found when it is
// first called. Decimal and Text arithmetic and a record's field order are decided by them.
const TYPED = {
  "domains/app/functions/typed.jadpo": `
type Pair = Object { first: Text  second: Int }
function plus_quarter(a: Decimal) -> Decimal { return a + 0.25 }
function greet(name: Text) -> Text { return "hi " + name }
function pair(n: Int) -> Pair { return Pair { second: n * 2  first: greet("x") } }
function unused(n: Int) -> Int { return n + 1 }
`,
  "domains/app/functions/typed.test.jadpo": `
test "decimal" {
    assert plus_quarter(1.5) == 1.75
}

test "text" {
    assert greet("ann") == "hi ann"
}

test "record" {
    assert pair(3) == Pair { first: "hi x"  second: 6 }
}
`,
};

describe("bodies' facts found on their first call", () => {
  it("runs as a full check's program does, finding only the called bodies' facts", async () => {
    const p = projectOf(TYPED, "sync", { factsOnDemand: true });
    const before = p.program.exprTypes.size;
    for (const name of ["decimal", "text", "record"]) expect(await p.fail(name)).toBe("passed");
    const after = p.program.exprTypes.size;
    expect(after).toBeGreaterThan(before);
    const full = projectOf(TYPED);
    for (const name of ["decimal", "text", "record"]) expect(await full.fail(name)).toBe("passed");
    // `unused` was never called: its body's facts were never found.
    expect(after).toBeLessThan(full.program.exprTypes.size);
  });
});
