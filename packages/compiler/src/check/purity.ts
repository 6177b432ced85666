// Purity (docs/language.md): functions and fixtures may not call actions, `ai.*`, `clock.*` or
// `random.*`; fixtures, assertions and what fakes were asked are for tests only.
import type { Span } from "../syntax/ast.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { report } from "./context.ts";
import type { Body } from "./body.ts";

/**
 * Reports `function.impure` when a pure body makes an impure call (an action, `ai.*`, `clock.*`,
 * `random.*`; `action`: the call is of that action). True when it did: the call is the mistake,
 * so what it could fail with is not reported again.
 */
export function impure(b: Body, span: Span, call: string, action = false): boolean {
  if (b.kind !== "function" && b.kind !== "fixture") return false;
  report(b.cx, diagnostic("function.impure", span, { name: b.name, what: b.kind, callee: action ? `the action \`${call}\`` : `\`${call}\`` }));
  return true;
}

/** Reports `test.fixture_outside_test` when an action or function uses a fixture. */
export function fixtureUse(b: Body, span: Span, fixture: string): void {
  if (b.kind !== "function" && b.kind !== "action") return;
  report(b.cx, diagnostic("test.fixture_outside_test", span, { fixture, name: b.name, what: b.kind === "action" ? "an action" : "a function" }));
}

/** Reports `test.test_only` when `what` (`\`assert\``, ...) stands outside a test. */
export function testOnly(b: Body, span: Span, what: string, suggestion: string): void {
  if (b.kind === "test") return;
  report(b.cx, diagnostic("test.test_only", span, { what, place: "test", suggestion }));
}
