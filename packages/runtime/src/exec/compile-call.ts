// Calls: functions, actions, fixtures, the library, the AI capability and `T(v)` conversion.
// What a callee is comes from the checker's resolution, looked up once here.
import type { Expr, Resolution, Span, Type } from "@jadpo/compiler";
import { attemptsOf, embedAttemptsOf, embedInvoke, embedRequestsOf, generateInvoke, requestsOf, sentOf, streamInvoke } from "./ai-calls.ts";
import { invokeWith, syncExpr, type CExpr, type Invoke } from "./closure.ts";
import { resolutionOf, typeOf, unsupported, type Callable, type Cx } from "./compile-state.ts";
import { convertInvoke } from "./convert.ts";
import { libraryFunction } from "./library.ts";
import { calledOf, stepsOf } from "./tool-loop.ts";
import { embedRetriesOf, embedUsageOf, retriesOf, usageOf } from "./ai-usage.ts";
import type { RunContext } from "./context.ts";
import type { Value } from "../values/value.ts";

export type CallExpr = Extract<Expr, { kind: "call" }>;

/** The resolution of a call: on the call node, or on its callee (a name or `a.b`). */
export function callResolution(cx: Cx, call: CallExpr): Resolution | undefined {
  const own = resolutionOf(cx, call);
  if (own) return own;
  const callee = call.callee;
  return resolutionOf(cx, callee) ?? (callee.kind === "member" ? resolutionOf(cx, callee.name) : undefined);
}

/** What a test reads of the run's AI calls (`ai.<prompt>.requests`, …): read when evaluated, never waiting. */
function reading(get: (c: RunContext) => Value): Invoke {
  return { async: false, call: (_args, c) => get(c) };
}

function callableInvoke(target: Callable): Invoke {
  // The target's body may not be compiled yet (recursion): read `call` when called.
  return target.async
    ? { async: true, call: (args, c) => target.call(args, c) as Promise<never> }
    : { async: false, call: (args, c) => target.call(args, c) as never };
}

/**
 * How to invoke what a resolution names, with evaluated arguments; null when it isn't callable.
 * `argTypes`: the checked types of the arguments (`text.of` writes a value by its type).
 */
export function invokeFor(cx: Cx, res: Resolution, span: Span, argTypes: readonly (Type | undefined)[] = []): Invoke | null {
  const p = cx.p;
  switch (res.kind) {
    case "function": {
      const target = p.functions.get(res.decl);
      return target ? callableInvoke(target) : null;
    }
    case "action": {
      const target = p.actions.get(res.decl);
      return target ? callableInvoke(target) : null;
    }
    case "fixture": {
      const target = p.fixtures.get(res.member);
      return target ? callableInvoke(target) : null;
    }
    case "library":
      return { async: false, call: libraryFunction(res.fn, span, argTypes) };
    case "ai_generate":
      return generateInvoke(p, res.prompt, res.asType, span);
    case "ai_stream":
      return streamInvoke(p, res.prompt, span);
    case "ai_embed":
      return embedInvoke(p, span);
    case "convert":
      return convertInvoke(res.type, span);
    case "ai_requests":
      return reading(requestsOf(p, res.prompt));
    case "ai_attempts":
      return reading(attemptsOf(p, res.prompt));
    case "ai_sent":
      return reading(sentOf(p, res.prompt));
    case "ai_steps":
      return reading(stepsOf(p, res.prompt));
    case "ai_called":
      return reading(calledOf(p, res.prompt, res.tool));
    case "ai_retries":
      return reading(retriesOf(p, res.prompt));
    case "ai_usage":
      return reading(usageOf(p, res.prompt));
    case "ai_embed_requests":
      return reading(embedRequestsOf);
    case "ai_embed_attempts":
      return reading(embedAttemptsOf);
    case "ai_embed_retries":
      return reading(embedRetriesOf);
    case "ai_embed_usage":
      return reading(embedUsageOf);
    default:
      return null;
  }
}

/** The callee of a call, ready to invoke; args are compiled by the caller (so `match` can guard only the call). */
export function compileCallee(cx: Cx, call: CallExpr): Invoke {
  const res = callResolution(cx, call);
  const invoke = res ? invokeFor(cx, res, call.span, call.args.map((arg) => typeOf(cx, arg))) : null;
  if (invoke) return invoke;
  return { async: false, call: unsupported(`no callee resolved for the call at ${call.span.file}:${call.span.line}`) };
}

export function compileCall(cx: Cx, call: CallExpr, args: CExpr[]): CExpr {
  return invokeWith(args, compileCallee(cx, call));
}

/** A parameterless fixture named without parentheses (`questions.sesame`). */
export function compileFixtureValue(cx: Cx, res: Extract<Resolution, { kind: "fixture" }>): CExpr {
  const target = cx.p.fixtures.get(res.member);
  if (!target) return syncExpr(unsupported(`fixture \`${res.member.name.name}\` was not compiled`));
  return syncExpr((_s, c) => target.call([], c) as never);
}
