// A test's `fakes:` scripts, compiled for the fake: each typed answer's literal becomes a value
// evaluated on first use (then shared), so the fake answers with ready values and never runs
// the interpreter itself.
import type { CheckedFakeItem, CheckedFakes, CheckedWhenMatch, Expr, PromptInfo, Span } from "@jadpo/compiler";
import type { AiBackend } from "../ai/backend.ts";
import type { CompiledFakes, CompiledItem, CompiledScript } from "../ai/fake-script.ts";
import { valuesEqual } from "../values/equal.ts";
import type { Value, ValueRecord } from "../values/value.ts";
import { compileExpr } from "./compile-expr.ts";
import { Scope, type Cx, type ProgramState } from "./compile-state.ts";
import { createContext, type RunContext } from "./context.ts";

/** A backend for code that calls no AI (a literal; a test before its fake is made): it says so should it ever be asked. */
export const NO_AI: AiBackend = {
  generate: () => {
    throw new Error("no AI backend here: this code was not expected to call AI");
  },
  stream: () => {
    throw new Error("no AI backend here: this code was not expected to call AI");
  },
  embed: () => {
    throw new Error("no AI backend here: this code was not expected to call AI");
  },
};

/** A scripted literal's value, evaluated on first use and then shared. */
function literalValue(p: ProgramState, expr: Expr, span: Span, literals: () => RunContext): () => Value {
  const cx: Cx = { p, body: { slots: 0, returnSignal: false }, scope: new Scope(null), stmt: span, test: null };
  const e = compileExpr(cx, expr);
  let cached: { v: Value } | null = null;
  return () => {
    if (cached) return cached.v;
    if (e.async) throw new Error("a scripted answer is not a literal");
    cached = { v: e.fn([], literals()) };
    return cached.v;
  };
}

function compileItem(p: ProgramState, item: CheckedFakeItem, literals: () => RunContext): CompiledItem {
  switch (item.kind) {
    case "value":
      return { item, value: literalValue(p, item.expr, item.item.span, literals), calls: null, when: null };
    case "calls": {
      const calls = item.calls.map((call) => (call.kind === "typed" ? literalValue(p, call.expr, item.item.span, literals) : null));
      return { item, value: null, calls, when: null };
    }
    case "when": {
      const items = item.items.map((inner) => compileItem(p, inner, literals));
      return { item, value: null, calls: null, when: { matches: matcher(p, item.match, item.item.span, literals), items } };
    }
    default:
      return { item, value: null, calls: null, when: null };
  }
}

/** Whether a call is the one a `when` names: each field `==` the call's, or the embedded text the same. */
function matcher(p: ProgramState, match: CheckedWhenMatch, span: Span, literals: () => RunContext): (asked: Value) => boolean {
  if (match.kind === "text") return (asked) => asked === match.text;
  const fields = match.fields.map((field) => ({ name: field.name, value: literalValue(p, field.expr, span, literals) }));
  return (asked) => fields.every((field) => valuesEqual((asked as ValueRecord)[field.name] ?? null, field.value()));
}

/** A test without `fakes:` (nothing in it is ever changed, so all such tests share it). */
export const NO_SCRIPTS: CompiledFakes = { scripts: [], byPrompt: new Map(), embed: -1 };

/** A test's scripts, items ready to answer; `byPrompt` and `embed` find a call's script. */
export function compileScripts(p: ProgramState, fakes: CheckedFakes[]): CompiledFakes {
  if (fakes.length === 0) return NO_SCRIPTS;
  // One context for the test's literals, made only if one is evaluated.
  let context: RunContext | null = null;
  const literals = (): RunContext => (context ??= createContext({ seed: 0, backend: NO_AI, promptCount: 0, dimensions: 0 }));
  const scripts: CompiledScript[] = new Array(fakes.length);
  const byPrompt = new Map<PromptInfo, number>();
  let embed = -1;
  for (let i = 0; i < fakes.length; i++) {
    const f = fakes[i];
    const items: CompiledItem[] = new Array(f.items.length);
    for (let j = 0; j < items.length; j++) items[j] = compileItem(p, f.items[j], literals);
    scripts[i] = { prompt: f.prompt, items };
    if (f.prompt) {
      if (!byPrompt.has(f.prompt)) byPrompt.set(f.prompt, i);
    } else if (embed < 0) embed = i;
  }
  return { scripts, byPrompt, embed };
}
