// `match` (docs/language.md): on an outcome (a call that can fail: `success(x)` and failure arms, exhaustive
// over the call's failures or ending with `failure _`), an enum (every member or `_`), or an
// optional (`some(x)` and `none`). Arms give the match's value, or leave by `reject`/`return`.
import type { ArmBody, Expr, MatchArm, MatchExpr, Pattern } from "../syntax/ast.ts";
import type { FailureInfo } from "./program.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { ERROR, VOID, type Type } from "../types/types.ts";
import { enumOf } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";
import { listWords, report } from "./context.ts";
import { findType } from "./type-refs.ts";
import type { Body, Locals } from "./body.ts";
import { checkExpr } from "./check-expr.ts";
import { checkCall, type CallResult } from "./check-call.ts";
import { checkReject, resolveFailure } from "./failures.ts";
import { checkBlock } from "./check-stmt.ts";
import { reportUnknownName } from "./report-names.ts";

export interface MatchResult {
  type: Type;
  /** Every arm leaves (reject, return), so nothing after the match runs. */
  terminates: boolean;
}

function isOutcomePattern(p: Pattern): boolean {
  return p.kind === "success" || p.kind === "failure" || p.kind === "failure_any";
}

function patternText(p: Pattern): string {
  switch (p.kind) {
    case "success": return `success(${p.binding.name})`;
    case "failure": return `failure ${p.names.map((n) => n.name).join(", ")}`;
    case "failure_any": return "failure _";
    case "some": return `some(${p.binding.name})`;
    case "none": return "none";
    case "member": return `${p.type.name}.${p.member.name}`;
    case "wildcard": return "_";
  }
}

/**
 * An arm whose pattern can't match the subject. `forms` are the patterns it could be; the summary
 * puts each in its own backticks (`Expected \`Tone.<member>\` or \`_\`, found \`none\``), so the
 * slot inside the template's backticks joins them with "` or `".
 */
function wrongPattern(b: Body, p: Pattern, forms: string[]): void {
  const suggestion = `Write an arm of the form ${forms.map((form) => `\`${form}\``).join(" or ")}`;
  report(b.cx, diagnostic("type.mismatch", p.span, { variant: "types", expected: forms.join("` or `"), found: patternText(p), suggestion }));
}

/** An arm that an earlier one already covers (the same case, or anything after `_`): it would never run. */
function duplicateArm(b: Body, p: Pattern): void {
  report(b.cx, diagnostic("failure.match_duplicate_arm", p.span, { arm: patternText(p) }));
}

function notExhaustive(b: Body, m: MatchExpr, missing: string[], catchAll: string): void {
  b.missedArms = true;
  report(b.cx, diagnostic("failure.match_not_exhaustive", m.span, { missing: listWords(missing), catch_all: catchAll }));
}

export function checkMatch(b: Body, env: Locals, m: MatchExpr, expected: Type | null, asValue: boolean): MatchResult {
  const outcome = m.arms.some((arm) => isOutcomePattern(arm.pattern));
  let subject: Expr = m.subject;
  while (subject.kind === "paren") subject = subject.inner;
  const bindings = new Map<MatchArm, Type>();
  if (outcome && subject.kind === "call") {
    const call = checkCall(b, env, subject, true);
    if (subject !== m.subject) b.cx.exprTypes.set(m.subject, call.type);
    checkOutcomeArms(b, m, call, bindings);
  } else {
    const type = checkExpr(b, env, m.subject, null);
    if (outcome) {
      report(b.cx, diagnostic("type.mismatch", m.subject.span, {
        variant: "words", expected: "a call that can fail", found: `\`${printType(type)}\``, suggestion: "Match outcomes on a call such as `ai.generate(...)` or an action with `fails`",
      }));
      for (const arm of m.arms) if (arm.pattern.kind === "success") bindings.set(arm, ERROR);
    } else checkValueArms(b, env, m, type, bindings);
  }
  return checkArms(b, env, m, expected, asValue, bindings);
}

/** What to write instead of an outcome match on a call that can't fail. */
function needlessMatchAdvice(call: string): string {
  if (call === "ai.stream") {
    return "Match on how the stream stopped instead: `var streamed = ai.stream(...)`, then `match streamed.stopped { StreamStop.finished => streamed.text  _ => ... }`";
  }
  return `Use the value of \`${call}(...)\` directly, without \`match\``;
}

function checkOutcomeArms(b: Body, m: MatchExpr, call: CallResult, bindings: Map<MatchArm, Type>): void {
  if (call.name !== "" && !call.uncertain && call.failures.length === 0) {
    // One mistake, one diagnostic: not one more for each arm that waits for a failure.
    report(b.cx, diagnostic("failure.match_needless", m.subject.span, { call: call.name, instead: needlessMatchAdvice(call.name) }));
    for (const arm of m.arms) if (arm.pattern.kind === "success") bindings.set(arm, call.type);
    return;
  }
  const covered = new Set<FailureInfo>();
  let success = false;
  let all = false;
  // An arm naming a failure that didn't resolve (reported) may be the one meant to cover the rest.
  let unresolved = false;
  // After `_` every arm is covered; after `failure _` every failure arm.
  let wildcard = false;
  for (const arm of m.arms) {
    const p = arm.pattern;
    if (wildcard || (all && (p.kind === "failure" || p.kind === "failure_any"))) {
      duplicateArm(b, p);
      if (p.kind === "success") bindings.set(arm, call.type);
      if (p.kind === "failure") for (const ident of p.names) resolveFailure(b.cx, b.file, ident);
      continue;
    }
    if (p.kind === "success") {
      if (success) report(b.cx, diagnostic("failure.match_duplicate_arm", p.span, { arm: "success(...)" }));
      success = true;
      bindings.set(arm, call.type);
    } else if (p.kind === "failure_any" || p.kind === "wildcard") {
      if (call.failures.length === 0 && call.name !== "") {
        report(b.cx, diagnostic("failure.arm_impossible", p.span, { call: call.name, failure: "anything", possible: "nothing" }));
      }
      all = true;
      if (p.kind === "wildcard") success = wildcard = true;
    } else if (p.kind === "failure") {
      for (const ident of p.names) {
        const info = resolveFailure(b.cx, b.file, ident);
        if (!info) {
          unresolved = true;
          continue;
        }
        if (call.name !== "" && !call.uncertain && !call.failures.includes(info)) {
          report(b.cx, diagnostic("failure.arm_impossible", ident.span, {
            call: call.name, failure: `\`${info.name}\``, possible: call.failures.length > 0 ? listWords(call.failures.map((f) => f.name)) : "nothing",
          }));
        }
        if (covered.has(info)) report(b.cx, diagnostic("failure.match_duplicate_arm", ident.span, { arm: `failure ${info.name}` }));
        covered.add(info);
      }
    } else wrongPattern(b, p, ["success(x)", "failure F"]);
  }
  if (call.name === "") return;
  const missing = [...(success ? [] : ["success(...)"]), ...(all || unresolved ? [] : call.failures.filter((f) => !covered.has(f)).map((f) => f.name))];
  if (missing.length > 0) notExhaustive(b, m, missing, "failure _");
}

function checkValueArms(b: Body, env: Locals, m: MatchExpr, type: Type, bindings: Map<MatchArm, Type>): void {
  if (type.kind === "error") {
    for (const arm of m.arms) if (arm.pattern.kind === "some") bindings.set(arm, ERROR);
    return;
  }
  if (type.kind === "optional") {
    let some = false;
    let none = false;
    for (const arm of m.arms) {
      const p = arm.pattern;
      if ((some && none) || (some && p.kind === "some") || (none && p.kind === "none")) {
        if (p.kind === "some") bindings.set(arm, type.inner);
        if (p.kind === "some" || p.kind === "none" || p.kind === "wildcard") {
          duplicateArm(b, p);
          continue;
        }
      }
      if (p.kind === "some") (some = true), bindings.set(arm, type.inner);
      else if (p.kind === "none") none = true;
      else if (p.kind === "wildcard") some = none = true;
      else wrongPattern(b, p, ["some(x)", "none"]);
    }
    const missing = [...(some ? [] : ["some(...)"]), ...(none ? [] : ["none"])];
    if (missing.length > 0) notExhaustive(b, m, missing, "_");
    return;
  }
  const enumType = enumOf(type);
  if (!enumType || enumType.def.kind !== "enum") {
    report(b.cx, diagnostic("type.mismatch", m.subject.span, {
      variant: "words", expected: "an enum, an optional or an outcome", found: `\`${printType(type)}\``, suggestion: "Use `if` to test other values",
    }));
    for (const arm of m.arms) if (arm.pattern.kind === "some") bindings.set(arm, ERROR);
    return;
  }
  const members = enumType.def.members;
  const covered = new Set<string>();
  let all = false;
  // An arm already reported as wrong may be the one meant to cover the rest: no exhaustiveness report then.
  let unresolved = false;
  for (const arm of m.arms) {
    const p = arm.pattern;
    if (p.kind === "wildcard") {
      if (all) duplicateArm(b, p);
      all = true;
    }
    else if (p.kind === "member") {
      const named = findType(b.cx, b.file, p.type.name);
      if (!named) {
        reportUnknownName(b, env, p.type.span, p.type.name, [enumType.name]);
        unresolved = true;
        continue;
      }
      if (named.kind === "error") {
        unresolved = true;
        continue;
      }
      if (named.kind !== "named" || named.decl !== enumType) {
        report(b.cx, diagnostic("type.mismatch", p.span, { variant: "types", expected: enumType.name, found: printType(named), suggestion: `Match members of \`${enumType.name}\`` }));
        unresolved = true;
        continue;
      }
      if (!members.some((x) => x.name === p.member.name)) {
        const full = `${enumType.name}.${p.member.name}`;
        reportUnknownName(b, env, p.member.span, full, members.map((x) => `${enumType.name}.${x.name}`));
        unresolved = true;
        continue;
      }
      b.cx.resolutions.set(p, { kind: "enum_member", type: enumType, member: p.member.name });
      b.cx.resolutions.set(p.member, { kind: "enum_member", type: enumType, member: p.member.name });
      if (all || covered.has(p.member.name)) duplicateArm(b, p);
      covered.add(p.member.name);
    } else wrongPattern(b, p, [`${enumType.name}.<member>`, "_"]);
  }
  if (!all && !unresolved) {
    const missing = members.filter((x) => !covered.has(x.name)).map((x) => `${enumType.name}.${x.name}`);
    if (missing.length > 0) notExhaustive(b, m, missing, "_");
  }
}

type ArmValue = Type | "never";

/** A bare name or a call of one: `propagate`, `propagate(AiRefused)`. */
function unknownWord(expr: Expr): boolean {
  return expr.kind === "name" || (expr.kind === "call" && expr.callee.kind === "name");
}

function checkArms(b: Body, env: Locals, m: MatchExpr, expected: Type | null, asValue: boolean, bindings: Map<MatchArm, Type>): MatchResult {
  let wanted: Type | null = asValue ? expected : null;
  let first: Type | null = null;
  let terminates = true;
  for (const arm of m.arms) {
    const armEnv = env.child();
    const binding = arm.pattern.kind === "success" || arm.pattern.kind === "some" ? arm.pattern.binding : null;
    if (binding) armEnv.set(binding.name, { type: bindings.get(arm) ?? ERROR, mutable: false, at: binding.span });
    const value = checkArm(b, armEnv, arm.body, asValue ? wanted : null, asValue);
    if (value === "never") continue;
    terminates = false;
    if (asValue && first === null) {
      first = value;
      if (wanted === null && value.kind !== "none") wanted = value;
    }
  }
  const type: Type = asValue ? expected ?? first ?? ERROR : VOID;
  b.cx.exprTypes.set(m, type);
  return { type, terminates };
}

function checkArm(b: Body, env: Locals, body: ArmBody, expected: Type | null, asValue: boolean): ArmValue {
  switch (body.kind) {
    case "reject":
      checkReject(b, body.failure);
      return "never";
    case "expr": {
      if (body.expr.kind === "match") {
        const inner = checkMatch(b, env, body.expr, expected, asValue);
        return inner.terminates ? "never" : inner.type;
      }
      const type = checkExpr(b, env, body.expr, expected);
      // `failure _ => propagate`: a word this checker doesn't know (reported) where the arm says
      // what it does with the failure; what it would reject is unknown, so nothing is called stale.
      if (type.kind === "error" && unknownWord(body.expr)) b.missedArms = true;
      return type;
    }
    case "block": {
      const result = checkBlock(b, env, body.block, asValue ? { expected } : null);
      if (result.terminates) return "never";
      return result.value ?? ERROR;
    }
  }
}
