// Checker fidelity against the real Jadpo compiler: a function may declare `fails` and `reject`;
// `fails` after the result is named as such; one mistake gives one diagnostic; and patterns the
// linear-time matcher can't take, or no text matches, are refused — whole texts compared.
import { describe, expect, it } from "vitest";
import { compileSources } from "../../src/testing/index.ts";
import { rendered } from "./check-sources.ts";

const shop = (source: string) => ({ "app.jadpo": "", "domains/shop/shop.jadpo": source });
const compiled = (source: string): string => rendered(compileSources(shop(source)).diagnostics);

const FAILING = `failure Negative { kind: InvalidValue  message: "Negative." }
function pick(n: Int) fails Negative -> Int {
    if n < 0 {
        reject Negative
    }
    return n
}
`;

describe("a function that fails", () => {
  it("declares `fails`, rejects, and is matched on like an action", () => {
    expect(compiled(`${FAILING}function safe(n: Int) -> Int {\n    return match pick(n) {\n        success(v) => v\n        failure Negative => 0\n    }\n}\n`)).toBe("");
  });

  it("must be handled where it is called", () => {
    expect(compiled(`${FAILING}function unsafe(n: Int) -> Int {\n    return pick(n)\n}\n`)).toBe([
      "error: `pick` can fail, and nothing handles it --> domains/shop/shop.jadpo:9:12",
      "  reason: Every call that can fail is wrapped by `attempt`, matched on its outcome, or asserted with `fails` in a test, so no failure is silently lost.",
      "  next: Write `attempt pick(...)`, or match on its outcome (agent)",
      "  rule: failure.attempt_required",
    ].join("\n"));
  });

  it("`fails` after the result is named, not a bare \"Expected `{`\"", () => {
    expect(compiled(`failure Negative { kind: InvalidValue  message: "Negative." }\nfunction pick(n: Int) -> Int fails Negative {\n    return n\n}\n`)).toBe([
      "error: Expected `{` to start the body, found `fails` --> domains/shop/shop.jadpo:2:30",
      "  reason: Jadpo reads each construct in one canonical spelling, so a missing or stray word or symbol stops the construct where it stands.",
      "  next: `fails` goes after the parameters and before `->`: write `(…) fails F -> T {` (agent)",
      "  rule: syntax.expected",
    ].join("\n"));
  });
});

describe("one mistake, one diagnostic", () => {
  it("an unknown type is reported where it is named, not again at each T(v)", () => {
    expect(compiled("function conv(t: Text) -> Nope {\n    var a = Nope(t)\n    return Nope(t)\n}\n")).toBe([
      "error: No type named `Nope` --> domains/shop/shop.jadpo:1:27",
      "  reason: A type must be declared, imported with `use`, or be a prelude type.",
      "  next: Declare it with `type Nope = ...`, or import it with `use` (agent)",
      "  rule: type.unknown",
    ].join("\n"));
  });
});

describe("patterns", () => {
  it("refuses lookaround with its reason", () => {
    expect(compiled('type P = Text { pattern: "(?=a)b" }\n')).toBe([
      "error: `(?=a)b` uses lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`), which jadpo can't match in linear time --> domains/shop/shop.jadpo:1:26",
      "  reason: Constraints are a closed set per base type, and a type must have at least one valid value.",
      "  next: Write the pattern without it: jadpo matches patterns with RE2, so no text can make a match slow (agent)",
      "  rule: type.bad_constraint",
    ].join("\n"));
  });

  it("refuses a pattern no text matches", () => {
    expect(compiled('type P = Text { pattern: "x[^\\\\s\\\\S]" }\n')).toBe([
      "error: `pattern` of `P` matches no text at all --> domains/shop/shop.jadpo:1:17",
      "  reason: Constraints are a closed set per base type, and a type must have at least one valid value.",
      "  next: Change the pattern so some text matches it (agent)",
      "  rule: type.bad_constraint",
    ].join("\n"));
  });
});
