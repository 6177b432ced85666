// The AI capability's calls (docs/language.md): `ai.generate(values, as: T)`, `ai.stream(values)`,
// `ai.embed(text)`. The values type selects the prompt; each call is remembered for the prompt's
// use (generate or stream, `ai.prompt_mixed_use`) and its as-types, which fakes are checked against.
import type { Ident } from "../syntax/ast.ts";
import type { PromptInfo } from "./program.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { ERROR, type Type } from "../types/types.ts";
import { sameType } from "../types/assignable.ts";
import { printType } from "../types/print-type.ts";
import { report, type Checker, type PromptCall } from "./context.ts";
import type { Body, Locals } from "./body.ts";
import { checkExpr } from "./check-expr.ts";
import { type CallExpr, type CallResult } from "./check-call.ts";
import { impure } from "./purity.ts";
import { resolveTypeRef } from "./type-refs.ts";
import { argumentsText, reportUnknownName } from "./report-names.ts";

/** The prompt whose values type `type` is, or null after reporting `ai.not_prompt_values`. */
function promptOf(b: Body, call: CallExpr, which: "generate" | "stream", type: Type): PromptInfo | null {
  if (type.kind === "error") return null;
  if (type.kind === "named") {
    const prompt = b.cx.promptByValues.get(type.decl);
    if (prompt) return prompt;
  }
  const example = b.cx.prompts.size > 0 ? [...b.cx.prompts.values()][0].valuesType.name : "AnswerQuestion";
  report(b.cx, diagnostic("ai.not_prompt_values", call.args[0].span, { call: which, found: printType(type), example }));
  return null;
}

export function checkAiCall(b: Body, env: Locals, call: CallExpr, name: Ident): CallResult {
  const fn = name.name;
  const full = `ai.${fn}`;
  if (fn !== "generate" && fn !== "stream" && fn !== "embed") {
    reportUnknownName(b, env, name.span, full, ["ai.generate", "ai.stream", "ai.embed"]);
    for (const arg of call.args) checkExpr(b, env, arg, null);
    return { type: ERROR, failures: [], name: "" };
  }
  const wrong = impure(b, call.span, full);
  const result = checkKnownAiCall(b, env, call, fn, full);
  // `ai.*` in a function is the one mistake: its failures aren't asked for too.
  return wrong ? { ...result, failures: [], uncertain: true } : result;
}

function checkKnownAiCall(b: Body, env: Locals, call: CallExpr, fn: "generate" | "stream" | "embed", full: string): CallResult {
  if (call.args.length !== 1) {
    report(b.cx, diagnostic("type.argument_count", call.span, { call: full, expected: argumentsText(1), found: call.args.length }));
  }
  const prelude = b.cx.prelude;
  if (fn === "embed") {
    if (call.asType) report(b.cx, diagnostic("type.argument_count", call.asType.span, { call: full, expected: "no `as:`", found: "`as:`" }));
    call.args.forEach((arg, i) => {
      if (i > 0) return void checkExpr(b, env, arg, null);
      const type = checkExpr(b, env, arg, arg.kind === "text" ? { kind: "base", base: "Text" } : null);
      if (type.kind !== "error" && !(type.kind === "base" && type.base === "Text") && !(type.kind === "named" && type.decl.def.kind === "scalar" && type.decl.def.base === "Text")) {
        report(b.cx, diagnostic("type.mismatch", arg.span, { variant: "types", expected: "Text", found: printType(type), suggestion: "Embed a Text-based value" }));
      }
    });
    setResolution(b, call, { kind: "ai_embed" });
    return { type: { kind: "named", decl: prelude.embedding }, failures: prelude.embedFailures, name: full };
  }
  const valuesType = call.args[0] ? checkExpr(b, env, call.args[0], null) : ERROR;
  for (const extra of call.args.slice(1)) checkExpr(b, env, extra, null);
  const prompt = call.args[0] ? promptOf(b, call, fn, valuesType) : null;
  if (fn === "stream") {
    if (call.asType) report(b.cx, diagnostic("type.argument_count", call.asType.span, { call: full, expected: "no `as:`", found: "`as:`" }));
    if (prompt && prompt.tools.length > 0) report(b.cx, diagnostic("ai.stream_tools", call.span, { prompt: prompt.name }));
    if (prompt) {
      setResolution(b, call, { kind: "ai_stream", prompt });
      remember(b.cx, prompt, { kind: "stream", span: call.span, asType: null });
    }
    return { type: { kind: "named", decl: prelude.streamedText }, failures: [], name: full };
  }
  let asType: Type = ERROR;
  if (!call.asType) {
    report(b.cx, diagnostic("type.argument_count", call.span, { call: full, expected: "a values record and `as: T`", found: "no `as:`" }));
  } else asType = resolveTypeRef(b.cx, b.file, call.asType);
  if (prompt) {
    setResolution(b, call, { kind: "ai_generate", prompt, asType });
    remember(b.cx, prompt, { kind: "generate", span: call.span, asType: call.asType ? asType : null });
  }
  // Only a prompt with tools can run out of steps, so other calls' `fails` lists and matches stay as they were.
  return { type: asType, failures: prompt && prompt.tools.length > 0 ? prelude.toolFailures : prelude.generateFailures, name: full };
}

function setResolution(b: Body, call: CallExpr, resolution: Parameters<Checker["resolutions"]["set"]>[1]): void {
  b.cx.resolutions.set(call, resolution);
  b.cx.resolutions.set(call.callee, resolution);
}

/** Notes a call that asks `prompt`, for its use once every body is checked. */
export function remember(cx: Checker, prompt: PromptInfo, call: PromptCall): void {
  let calls = cx.promptCalls.get(prompt);
  if (!calls) cx.promptCalls.set(prompt, (calls = []));
  calls.push(call);
  cx.callLog?.push({ prompt, call });
}

/** How a prompt is used, read from the calls that ask it (in check order). */
export type PromptUse = Pick<PromptInfo, "use" | "asTypes" | "calls">;

/** Whether two uses ask alike: the same kind of call, with the same `as:` types (what a test's scripted answers are read by). */
export function sameAsking(a: Pick<PromptUse, "use" | "asTypes">, b: Pick<PromptUse, "use" | "asTypes">): boolean {
  return a.use === b.use && a.asTypes.length === b.asTypes.length && a.asTypes.every((t, i) => sameType(t, b.asTypes[i]));
}

export function promptUse(calls: readonly PromptCall[]): PromptUse {
  const asTypes: Type[] = [];
  for (const c of calls) {
    if (c.kind !== "generate" || !c.asType || c.asType.kind === "error") continue;
    if (!asTypes.some((t) => sameType(t, c.asType!))) asTypes.push(c.asType);
  }
  return { use: calls.length === 0 ? "unused" : calls[0].kind, asTypes, calls: calls.map((c) => c.span) };
}

/**
 * After every body is checked: each prompt's use, as-types and calls (`settle` writes them: to the
 * prompt itself, or an editor's to a new prompt where they changed); `ai.prompt_mixed_use` once per prompt.
 */
export function finishPromptUses(cx: Checker, settle: (prompt: PromptInfo, use: PromptUse) => void = (prompt, use) => void Object.assign(prompt, use)): void {
  for (const prompt of [...cx.promptByDecl.values()]) {
    const calls = cx.promptCalls.get(prompt) ?? [];
    settle(prompt, promptUse(calls));
    const other = calls.find((c) => c.kind !== calls[0].kind);
    if (other) report(cx, diagnostic("ai.prompt_mixed_use", other.span, { prompt: prompt.name }));
  }
}
