// Failures (docs/language.md, docs/testing.md): `reject` travels through `attempt` to the enclosing action, outcome
// matches catch it, and a test reports what it didn't expect with exact detail lines.
import { describe, expect, it } from "vitest";
import { lineOf, projectOf } from "../../src/testing/project.ts";

const SHOP = `
failure OutOfStock { kind: Conflict  message: "Out of stock." }
failure OrderMissing { kind: NotFound  message: "No such order." }

action reserve(count: Int) fails OutOfStock -> Int {
    if count > 3 {
        reject OutOfStock
    }
    return count
}

action place(count: Int) fails OutOfStock, OrderMissing -> Int {
    if count == 0 {
        reject OrderMissing
    }
    var reserved = attempt reserve(count)
    return reserved * 2
}

action place_or_zero(count: Int) fails OrderMissing -> Int {
    return match place(count) {
        success(n) => n
        failure OutOfStock => 0
        failure OrderMissing => reject OrderMissing
    }
}

action summary(count: Int) -> Text {
    match reserve(count) {
        success(n) => {
            return "reserved"
        }
        failure _ => {
            return "none"
        }
    }
    return "unreachable"
}

action loop_until_out(counts: List<Int>) -> Int {
    var mut placed = 0
    for count in counts {
        match reserve(count) {
            success(n) => {
                placed = placed + n
            }
            failure OutOfStock => {
                return placed
            }
        }
    }
    return placed
}
`;

const TESTS = `
test "attempt passes a success through" {
    var n = attempt place(2)
    assert n == 4
}
test "a rejection travels through attempt" {
    assert place(5) fails OutOfStock
}
test "a match handles a failure" {
    var n = attempt place_or_zero(5)
    assert n == 0
    var m = attempt place_or_zero(1)
    assert m == 2
}
test "a match arm rejects" {
    assert place_or_zero(0) fails OrderMissing
}
test "statement matches return from their arms" {
    assert summary(1) == "reserved"
    assert summary(9) == "none"
    assert loop_until_out([1, 2, 9, 1]) == 3
    assert loop_until_out([1, 1]) == 2
}
test "an attempt that fails" {
    var ok = attempt place(1)
    var n = attempt place(9)
}
test "expected a failure, got success" {
    assert place(1) fails OutOfStock
}
test "expected a failure, got another" {
    assert place(0) fails OutOfStock
}
`;

describe("failures", () => {
  const p = projectOf({ "domains/shop/actions/shop.jadpo": SHOP, "domains/shop/actions/shop.test.jadpo": TESTS });
  const file = "domains/shop/actions/shop.test.jadpo";

  it.each(["attempt passes a success through", "a rejection travels through attempt", "a match handles a failure",
    "a match arm rejects", "statement matches return from their arms"])("%s passes", async (name) => {
    expect(await p.fail(name)).toBe("passed");
  });

  it("fails a test whose attempted call fails, at that statement", async () => {
    expect(await p.fail("an attempt that fails")).toBe(
      [
        `FAIL  an attempt that fails --> ${file}:${lineOf(TESTS, "attempt place(9)")}`,
        "  got: fails OutOfStock",
        "  reason: A test that attempts a call expects it to succeed; a failure it didn't assert ends it.",
        "  next: Assert the failure with `assert ... fails OutOfStock`, or fix the cause (agent)",
        "  rule: test.unexpected_failure",
      ].join("\n"),
    );
    const result = await p.run("an attempt that fails");
    expect(result.diagnostics[0].summary).toBe("`place` failed with `OutOfStock`");
  });

  it("reports an expected failure that didn't happen", async () => {
    expect(await p.fail("expected a failure, got success")).toBe(
      [
        `FAIL  expected a failure, got success --> ${file}:${lineOf(TESTS, "assert place(1) fails")}`,
        "  expected: fails OutOfStock",
        "  got: success",
        "  reason: `assert ... fails F` holds only when the call fails with exactly `F`.",
        "  next: Fix the code so it fails with `OutOfStock`, or correct the assertion (agent)",
        "  rule: test.expected_failure",
      ].join("\n"),
    );
  });

  it("reports another failure than the expected one", async () => {
    const result = await p.run("expected a failure, got another");
    expect(result.diagnostics[0].details).toEqual([
      { label: "expected", text: "fails OutOfStock" },
      { label: "got", text: "fails OrderMissing" },
    ]);
    expect(result.diagnostics[0].summary).toBe("`place` was expected to fail with `OutOfStock`");
  });

  it("fills in the result's identity", async () => {
    const result = await p.run("a match arm rejects", { runSeed: 7 });
    expect(result).toMatchObject({
      name: "a match arm rejects", kind: "action test", file, line: lineOf(TESTS, 'test "a match arm rejects"'), status: "passed",
      diagnostics: [],
    });
    expect(Number.isInteger(result.seed)).toBe(true);
  });
});
