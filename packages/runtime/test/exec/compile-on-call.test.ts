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
