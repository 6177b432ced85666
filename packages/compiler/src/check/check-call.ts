// Calls: functions, actions, fixtures, conversions `T(v)`, the library and `ai.*`; and `attempt`.
// A call that can fail must be handled (`attempt`, an outcome match, `assert ... fails`), else
// `failure.attempt_required`.
import type { Expr } from "../syntax/ast.ts";
import type { FailureInfo, Resolution } from "./program.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import type { Fix } from "../diagnostics/fix.ts";
import { ERROR, VOID, type NamedType, type Type } from "../types/types.ts";
import { scalarBase } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";
import { lookupTop, report } from "./context.ts";
import { findType } from "./type-refs.ts";
import type { Body, Locals } from "./body.ts";
import { checkExpr } from "./check-expr.ts";
import { isLiteral } from "./check-literal.ts";
import { checkLibraryCall } from "./library.ts";
import { checkAiCall } from "./ai-calls.ts";
import { fixtureUse, impure } from "./purity.ts";
import { valuesName } from "./declare-types.ts";
import { argumentsText, describeRef, namespaceOf, reportUnknownName } from "./report-names.ts";
import { NO_FAILURES } from "./failures.ts";

export type CallExpr = Extract<Expr, { kind: "call" }>;

export interface CallResult {
  type: Type;
  /** What the call can fail with (empty when it can't fail). */
  failures: FailureInfo[];
  /** The callee as written: `answer_customer`, `ai.generate`, `questions.asked`. */
  name: string;
  /** The callee's `fails` names a failure that didn't resolve (already reported): `failures` may
   * be short, so "can't fail with" diagnostics about this call would only repeat that mistake. */
  uncertain?: boolean;
}

const NOT_CALLABLE: CallResult = { type: ERROR, failures: [], name: "" };

const NO_PARAMS: readonly { type: Type }[] = [];

/** Checks the arguments against the parameter types (a literal takes its parameter's type). */
function checkArgs(b: Body, env: Locals, call: CallExpr, name: string, params: readonly { type: Type }[]): void {
  const args = call.args;
  if (args.length !== params.length) {
    report(b.cx, diagnostic("type.argument_count", call.span, { call: name, expected: argumentsText(params.length), found: args.length }));
  }
  for (let i = 0; i < args.length; i++) checkExpr(b, env, args[i], i < params.length ? params[i].type : null);
}

function resolve(b: Body, call: CallExpr, resolution: Resolution): void {
  b.cx.resolutions.set(call, resolution);
  b.cx.resolutions.set(call.callee, resolution);
}

function noAsType(b: Body, call: CallExpr, name: string): void {
  if (!call.asType) return;
  report(b.cx, diagnostic("type.argument_count", call.asType.span, { call: name, expected: "no `as:`", found: "`as:`" }));
}

function notCallable(b: Body, env: Locals, call: CallExpr, name: string, what: string, suggestion: string): CallResult {
  report(b.cx, diagnostic("type.not_callable", call.callee.span, { name, what, suggestion }));
  for (const arg of call.args) checkExpr(b, env, arg, null);
  return NOT_CALLABLE;
}

/** Types a call. `handled`: the caller handles its failures (attempt, outcome match, `assert ... fails`). */
export function checkCall(b: Body, env: Locals, call: CallExpr, handled: boolean): CallResult {
  const result = callee(b, env, call);
  b.cx.exprTypes.set(call, result.type);
  if (!handled && result.failures.length > 0) {
    report(b.cx, diagnostic("failure.attempt_required", call.span, { call: result.name }));
    for (const failure of result.failures) b.escapes.push({ failure, span: call.span, via: "unhandled" });
  }
  return result;
}

function callee(b: Body, env: Locals, call: CallExpr): CallResult {
  const target = call.callee;
  if (target.kind === "name") return calleeName(b, env, call, target.name);
  if (target.kind === "member") {
    const namespace = namespaceOf(b, env, target.object);
    if (namespace === "ai") return checkAiCall(b, env, call, target.name);
    if (namespace) {
      noAsType(b, call, `${namespace}.${target.name.name}`);
      return checkLibraryCall(b, env, call, namespace, target.name);
    }
    if (target.object.kind === "name" && !env.get(target.object.name)) {
      const ref = lookupTop(b.cx, b.file, target.object.name);
      if (ref && ref.kind === "decl" && ref.decl.kind === "fixtures") {
        const group = ref.decl;
        const full = `${group.name.name}.${target.name.name}`;
        const member = group.members.find((m) => m.name.name === target.name.name);
        if (!member) {
          reportUnknownName(b, env, target.name.span, full, group.members.map((m) => `${group.name.name}.${m.name.name}`));
          for (const arg of call.args) checkExpr(b, env, arg, null);
          return NOT_CALLABLE;
        }
        noAsType(b, call, full);
        fixtureUse(b, call.span, full);
        resolve(b, call, { kind: "fixture", group, member });
        const sig = b.cx.signatures.get(member);
        checkArgs(b, env, call, full, sig ? sig.params : NO_PARAMS);
        return { type: sig?.result ?? ERROR, failures: [], name: full };
      }
    }
  }
  const type = checkExpr(b, env, target, null);
  if (type.kind === "error") {
    for (const arg of call.args) checkExpr(b, env, arg, null);
    return NOT_CALLABLE;
  }
  return notCallable(b, env, call, "This value", `a \`${printType(type)}\``, "Call a function, an action or a fixture");
}

function calleeName(b: Body, env: Locals, call: CallExpr, name: string): CallResult {
  const local = env.get(name);
  if (local) {
    return notCallable(b, env, call, name, `a local value of type \`${printType(local.type)}\``, "Call a function, an action or a fixture");
  }
  const type = findType(b.cx, b.file, name);
  if (type) return convert(b, env, call, name, type);
  const ref = lookupTop(b.cx, b.file, name);
  if (!ref) {
    if (b.cx.prelude.failures.has(name)) return notCallable(b, env, call, name, "a failure", "Use `reject` to fail with it");
    // One mistake, one diagnostic: `T(v)` of a type already reported unknown (or a second `T(v)`) says nothing more.
    const key = `${b.file.path}\0${name}`;
    if (!/^[A-Z]/.test(name) || !b.cx.unknownTypes.has(key)) reportUnknownName(b, env, call.callee.span, name);
    if (/^[A-Z]/.test(name)) b.cx.unknownTypes.add(key);
    for (const arg of call.args) checkExpr(b, env, arg, null);
    return NOT_CALLABLE;
  }
  if (ref.kind === "decl" && (ref.decl.kind === "function" || ref.decl.kind === "action")) {
    const decl = ref.decl;
    noAsType(b, call, name);
    const sig = b.cx.signatures.get(decl);
    let wrong = false;
    if (decl.kind === "action") {
      wrong = impure(b, call.span, name, true);
      resolve(b, call, { kind: "action", decl });
    } else resolve(b, call, { kind: "function", decl });
    checkArgs(b, env, call, name, sig ? sig.params : NO_PARAMS);
    // A function may fail too (docs/language.md); it stays pure. The declared list is shared
    // (nothing changes a call's failures) unless undeclared ones join it.
    const declared = b.cx.actionFailures.get(decl) ?? NO_FAILURES;
    const undeclared = b.cx.undeclaredFailures.get(decl);
    const failures = undeclared ? [...declared, ...undeclared] : declared;
    const uncertain = decl.fails.some((ident) => !b.cx.resolutions.has(ident));
    // An action called from a function is the one mistake: its failures aren't asked for too.
    if (wrong) return { type: sig?.result ?? ERROR, failures: NO_FAILURES, name, uncertain: true };
    return { type: sig?.result ?? ERROR, failures, name, uncertain };
  }
  const suggestion = ref.kind === "decl" && ref.decl.kind === "fixtures"
    ? `Call one of its fixtures: \`${name}.${ref.decl.members[0]?.name.name ?? "name"}\``
    : ref.kind === "decl" && ref.decl.kind === "failure" ? "Use `reject` to fail with it"
      : ref.kind === "decl" && ref.decl.kind === "prompt" ? `Ask it with \`ai.generate(${valuesName(ref.decl.name.name)} { ... }, as: T)\``
        : "Call a function, an action or a fixture";
  return notCallable(b, env, call, name, describeRef(ref), suggestion);
}

/** `T(v)`: a conversion to a scalar type, its constraints checked at run time (a literal's now). */
function convert(b: Body, env: Locals, call: CallExpr, name: string, type: Type): CallResult {
  noAsType(b, call, name);
  if (type.kind === "error") {
    for (const arg of call.args) checkExpr(b, env, arg, null);
    return { type: ERROR, failures: [], name };
  }
  const base = scalarBase(type);
  if (!base) {
    const hint = type.kind === "named" && type.decl.def.kind === "object" ? `Write \`${name} { ... }\` with every field` : `Write a value of \`${name}\``;
    const what = type.kind === "named" && type.decl.def.kind === "enum" ? "an enum type" : type.kind === "named" && type.decl.def.kind === "object" ? "a record type" : "a list type";
    return notCallable(b, env, call, name, what, hint);
  }
  const target: NamedType = type.kind === "named" ? type.decl : b.cx.prelude.baseConverters.get(base)!;
  resolve(b, call, { kind: "convert", type: target });
  if (call.args.length !== 1) {
    report(b.cx, diagnostic("type.argument_count", call.span, { call: name, expected: argumentsText(1), found: call.args.length }));
    for (const arg of call.args) checkExpr(b, env, arg, null);
    return { type, failures: [], name };
  }
  const arg = call.args[0];
  if (isLiteral(arg)) {
    checkExpr(b, env, arg, type);
    return { type, failures: [], name };
  }
  const found = checkExpr(b, env, arg, null);
  const from = scalarBase(found);
  if (found.kind !== "error" && from !== base && !(from === "Int" && base === "Decimal")) {
    report(b.cx, diagnostic("type.mismatch", arg.span, {
      variant: "types", expected: base, found: printType(found), suggestion: `\`${name}(...)\` converts a value based on \`${base}\``,
    }));
  }
  return { type, failures: [], name };
}

/** The fix of a needless `attempt`: the expression written without it. */
function withoutAttempt(b: Body, expr: Extract<Expr, { kind: "attempt" }>): Fix[] {
  const operand = b.file.source.text.slice(expr.operand.span.start, expr.operand.span.end);
  return [{ title: "Remove `attempt`", edits: [{ span: expr.span, text: operand }] }];
}

/** `attempt <call>`: the call's failures leave the body (an action's `fails`, or fail the test). */
export function checkAttempt(b: Body, env: Locals, expr: Extract<Expr, { kind: "attempt" }>): Type {
  let operand = expr.operand;
  while (operand.kind === "paren") operand = operand.inner;
  if (operand.kind !== "call") {
    const type = checkExpr(b, env, expr.operand, null);
    report(b.cx, diagnostic("failure.attempt_needless", expr.span, { call: "this expression" }, [], withoutAttempt(b, expr)));
    return type;
  }
  const result = checkCall(b, env, operand, true);
  if (expr.operand !== operand) b.cx.exprTypes.set(expr.operand, result.type);
  if (result.name !== "" && result.failures.length === 0 && !result.uncertain) {
    report(b.cx, diagnostic("failure.attempt_needless", expr.span, { call: result.name }, [], withoutAttempt(b, expr)));
  }
  const failures = result.failures;
  for (let i = 0; i < failures.length; i++) b.escapes.push({ failure: failures[i], span: expr.span, via: "attempt" });
  return result.type === VOID ? VOID : result.type;
}
