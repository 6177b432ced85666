// Expressions → closures. Each node is compiled once; resolutions, types and slots are looked up
// here, never while running.
import { diagnostic, type Expr, type Span, type Type } from "@jadpo/compiler";
import { asyncExpr, constant, invokeWith, strict, syncExpr, type CExpr } from "./closure.ts";
import { guardCall } from "./guarded-call.ts";
import { compileCallee, compileFixtureValue, invokeFor, type CallExpr } from "./compile-call.ts";
import { compileMatchExpr } from "./compile-match.ts";
import { resolutionOf, sourceText, typeOf, unsupported, type Cx } from "./compile-state.ts";
import { compileBinary, compileUnary } from "./operators.ts";
import { FailureSignal, TestStop } from "../signals.ts";
import { recordFields } from "./type-facts.ts";
import type { Value, ValueRecord } from "../values/value.ts";

export function compileExpr(cx: Cx, e: Expr): CExpr {
  switch (e.kind) {
    case "text":
    case "int":
    case "decimal":
    case "bool":
      return constant(e.value);
    case "duration":
      return constant(e.ms);
    case "none":
      return constant(null);
    case "paren":
      return compileExpr(cx, e.inner);
    case "name":
      return compileName(cx, e);
    case "list":
      return strict(e.items.map((item) => compileExpr(cx, item)), (values) => values);
    case "record":
      return compileRecord(cx, e);
    case "member":
      return compileMember(cx, e);
    case "call":
      return invokeWith(compileArgs(cx, e), compileCallee(cx, e));
    case "unary":
      return compileUnary(cx, e, compileExpr(cx, e.operand));
    case "binary":
      return compileBinary(cx, e, compileExpr(cx, e.left), compileExpr(cx, e.right));
    case "attempt":
      return cx.test ? compileTestAttempt(cx, e) : compileExpr(cx, e.operand);
    case "match":
      return compileMatchExpr(cx, e);
  }
}

export function compileArgs(cx: Cx, call: CallExpr): CExpr[] {
  return call.args.map((arg) => compileExpr(cx, arg));
}

function compileName(cx: Cx, e: Extract<Expr, { kind: "name" }>): CExpr {
  const res = resolutionOf(cx, e);
  if (!res || res.kind === "local") {
    const slot = cx.scope.lookup(e.name);
    if (slot !== undefined) return syncExpr((s) => s[slot]);
  }
  if (res?.kind === "fixture") return compileFixtureValue(cx, res);
  if (res?.kind === "enum_member") return constant(res.member);
  return syncExpr(unsupported(`the name \`${e.name}\` at ${e.span.file}:${e.span.line} has no value`));
}

function compileMember(cx: Cx, e: Extract<Expr, { kind: "member" }>): CExpr {
  const res = resolutionOf(cx, e) ?? resolutionOf(cx, e.name);
  if (res && res.kind !== "field") {
    if (res.kind === "enum_member") return constant(res.member);
    if (res.kind === "fixture") return compileFixtureValue(cx, res);
    const invoke = invokeFor(cx, res, e.span); // `ai.p.requests`, `ai.p.attempts`
    if (invoke && !invoke.async) {
      const call = invoke.call;
      return syncExpr((_s, c) => call([], c));
    }
    return syncExpr(unsupported(`\`${sourceText(cx, e.span)}\` names no value`));
  }
  const object = compileExpr(cx, e.object);
  const field = e.name.name;
  if (!object.async) {
    const o = object.fn;
    return syncExpr((s, c) => (o(s, c) as ValueRecord)[field] ?? null);
  }
  const o = object.fn;
  return asyncExpr(async (s, c) => ((await o(s, c)) as ValueRecord)[field] ?? null);
}

function compileRecord(cx: Cx, e: Extract<Expr, { kind: "record" }>): CExpr {
  // Fields in the type's declared order, whatever order the literal wrote them in.
  const order = fieldOrder(typeOf(cx, e));
  const n = e.fields.length;
  const values: CExpr[] = new Array(n);
  const from: number[] = new Array(n); // from[i]: the source position of the i-th field placed
  for (let i = 0; i < n; i++) {
    values[i] = compileExpr(cx, e.fields[i].value);
    from[i] = i;
  }
  // Written in declared order (the usual case), the sort would change nothing.
  if (order && !inOrder(order, e.fields)) from.sort((a, b) => (order.get(e.fields[a].name.name) ?? 0) - (order.get(e.fields[b].name.name) ?? 0) || a - b);
  const placed = from.map((i) => e.fields[i].name.name);
  // Values are evaluated in source order (a field may call an action), then placed.
  return strict(values, (vals) => {
    const out: ValueRecord = {};
    for (let i = 0; i < n; i++) out[placed[i]] = vals[from[i]];
    return out;
  });
}

/** Whether the fields are written in their declared order, as the sort would leave them. */
function inOrder(order: Map<string, number>, fields: Extract<Expr, { kind: "record" }>["fields"]): boolean {
  let last = -Infinity;
  for (let i = 0; i < fields.length; i++) {
    const at = order.get(fields[i].name.name) ?? 0;
    if (at < last) return false;
    last = at;
  }
  return true;
}

/** A record type's field positions by name, made once per declaration; null when not a record. */
const orders = new WeakMap<object, Map<string, number>>();
function fieldOrder(type: Type | undefined): Map<string, number> | null {
  if (!type || type.kind !== "named" || type.decl.def.kind !== "object") return null;
  let order = orders.get(type.decl);
  if (!order) orders.set(type.decl, (order = new Map(recordFields(type)!.map((name, i) => [name, i]))));
  return order;
}

/** The callee as written (`answer_customer`), for a test failure's summary. */
export function calleeText(cx: Cx, e: Expr): string {
  const inner = e.kind === "paren" ? e.inner : e;
  const target = inner.kind === "call" ? inner.callee : inner;
  return sourceText(cx, target.span).replace(/\s+/g, " ");
}

const itsValue = (v: Value): Value => v;

/** In a test, `attempt f(...)` whose call fails ends the test with `test.unexpected_failure`. */
function compileTestAttempt(cx: Cx, e: Extract<Expr, { kind: "attempt" }>): CExpr {
  const span: Span = cx.stmt;
  return guardCall<Value>(cx, e.operand, {
    value: itsValue,
    error(err) {
      if (!(err instanceof FailureSignal)) throw err;
      throw new TestStop(
        diagnostic("test.unexpected_failure", span, { call: calleeText(cx, e.operand), failure: err.failure.name }, [
          { label: "got", text: `fails ${err.failure.name}` },
        ]),
      );
    },
  });
}

/** The call inside `f(...)` or `(f(...))`, or null. */
export function unwrapCall(e: Expr): CallExpr | null {
  let inner = e;
  while (inner.kind === "paren") inner = inner.inner;
  return inner.kind === "call" ? inner : null;
}

