// The statements only tests have (docs/testing.md): `assert e`, `assert call fails F`, `advance clock by d`.
// A failing assertion stops the test with its diagnostic and exact detail lines (docs/diagnostics.md).
import { diagnostic, type Detail, type Expr, type Span, type Stmt, type Type } from "@jadpo/compiler";
import { printValue } from "../values/print.ts";
import { valuesEqual } from "../values/equal.ts";
import { checkedInstant } from "./operators.ts";
import { diffValues } from "../values/diff.ts";
import { calleeText, compileExpr } from "./compile-expr.ts";
import { guardCall } from "./guarded-call.ts";
import { sourceText, typeOf, type Cx } from "./compile-state.ts";
import { CONT, failureNamed, internalStmt, type Completion, type SStmt } from "./stmt-signals.ts";
import type { RunContext } from "./context.ts";
import { FailureSignal, TestStop } from "../signals.ts";
import type { Value } from "../values/value.ts";

type AssertStmt = Extract<Stmt, { kind: "assert" }>;
type Comparison = Extract<Expr, { kind: "binary" }> & { op: "==" | "!=" | "<" | "<=" | ">" | ">=" };

const COMPARE: Record<Comparison["op"], (a: Value, b: Value) => boolean> = {
  "==": (a, b) => valuesEqual(a, b),
  "!=": (a, b) => !valuesEqual(a, b),
  "<": (a, b) => (a as number) < (b as number),
  "<=": (a, b) => (a as number) <= (b as number),
  ">": (a, b) => (a as number) > (b as number),
  ">=": (a, b) => (a as number) >= (b as number),
};

function asComparison(e: Expr): Comparison | null {
  let inner = e;
  while (inner.kind === "paren") inner = inner.inner;
  return inner.kind === "binary" && inner.op in COMPARE ? (inner as Comparison) : null;
}

function printed(type: Type | undefined, value: Value): string {
  return type ? printValue(type, value) : JSON.stringify(value);
}

/** The `diff:` detail: a key line, then the diff's lines below it. */
function diffText(lines: string[]): string {
  return ["(- expected, + got)", ...lines.map((line) => `    ${line}`)].join("\n");
}

/** The `assert:` detail of a failed assertion: its source text, looked up only when it fails. */
function assertLine(cx: Cx, stmt: AssertStmt): Detail {
  return { label: "assert", text: sourceText(cx, stmt.expr.span) };
}

export function compileAssert(cx: Cx, stmt: AssertStmt): SStmt {
  if (stmt.fails) return compileAssertFails(cx, stmt);
  const span = stmt.span;
  const comparison = asComparison(stmt.expr);
  if (!comparison) {
    const e = compileExpr(cx, stmt.expr);
    const check = (v: Value): typeof CONT => {
      if (v !== true) throw new TestStop(diagnostic("test.assertion_failed", span, {}, [assertLine(cx, stmt)]));
      return CONT;
    };
    return e.async ? { async: true, fn: async (s, c) => check(await e.fn(s, c)) } : { async: false, fn: (s, c) => check(e.fn(s, c)) };
  }
  const left = compileExpr(cx, comparison.left);
  const right = compileExpr(cx, comparison.right);
  const holds = COMPARE[comparison.op];
  if (!left.async && !right.async) {
    const l = left.fn;
    const r = right.fn;
    // One closure per assertion: what a failure shows is made by `comparisonFailed`, only then.
    return {
      async: false,
      fn(s, c) {
        const a = l(s, c);
        const b = r(s, c);
        return holds(a, b) ? CONT : comparisonFailed(cx, stmt, comparison, a, b);
      },
    };
  }
  return {
    async: true,
    async fn(s, c) {
      const a = left.async ? await left.fn(s, c) : left.fn(s, c);
      const b = right.async ? await right.fn(s, c) : right.fn(s, c);
      return holds(a, b) ? CONT : comparisonFailed(cx, stmt, comparison, a, b);
    },
  };
}

/** A comparison that doesn't hold: `test.assertion_failed` with what each side was. */
function comparisonFailed(cx: Cx, stmt: AssertStmt, comparison: Comparison, a: Value, b: Value): never {
  const leftType = typeOf(cx, comparison.left);
  const rightType = typeOf(cx, comparison.right) ?? leftType;
  const details: Detail[] = [assertLine(cx, stmt), { label: "got", text: printed(leftType, a) }, { label: "expected", text: printed(rightType, b) }];
  // Records and lists also get a `diff:` (reporters that print one line per value leave it out).
  const diff = comparison.op === "==" && leftType ? diffValues(leftType, a, b) : null;
  if (diff) details.push({ label: "diff", text: diffText(diff) });
  throw new TestStop(diagnostic("test.assertion_failed", stmt.span, {}, details));
}

/** `assert call fails F`: the call must fail with exactly F. */
function compileAssertFails(cx: Cx, stmt: AssertStmt): SStmt {
  const span: Span = stmt.span;
  const expected = failureNamed(cx, stmt.fails!);
  if (!expected) return internalStmt(`\`fails ${stmt.fails!.name}\` names no failure`);
  const stop = (got: string): never => {
    throw new TestStop(
      diagnostic("test.expected_failure", span, { call: calleeText(cx, stmt.expr), failure: expected.name }, [
        { label: "expected", text: `fails ${expected.name}` },
        { label: "got", text: got },
      ]),
    );
  };
  return guardCall<Completion>(cx, stmt.expr, {
    value: () => stop("success"),
    error(err) {
      if (!(err instanceof FailureSignal)) throw err;
      return err.failure === expected ? CONT : stop(`fails ${err.failure.name}`);
    },
  });
}

export function compileAdvance(cx: Cx, stmt: Extract<Stmt, { kind: "advance" }>): SStmt {
  const by = compileExpr(cx, stmt.by);
  const move = (c: RunContext, ms: Value): typeof CONT => {
    c.clock = checkedInstant(c.clock + (ms as number), stmt.span);
    return CONT;
  };
  return by.async ? { async: true, fn: async (s, c) => move(c, await by.fn(s, c)) } : { async: false, fn: (s, c) => move(c, by.fn(s, c)) };
}
