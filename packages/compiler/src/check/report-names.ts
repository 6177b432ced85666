// Naming helpers the checker's recursive files share: what a name is, and the `name.unknown`
// diagnostic with its suggestion. A leaf (it checks no expression), so the files that recurse
// into each other import it without widening their circle.
import type { Expr, Span } from "../syntax/ast.ts";
import type { DeclRef } from "../modules/graph.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { changeTo } from "../diagnostics/fix.ts";
import { closest, didYouMean } from "../names/suggest.ts";
import { declaredElsewhereHint, lookupTop, report, visibleTopNames } from "./context.ts";
import type { Body, Locals } from "./body.ts";

/** Library namespaces; a local of the same name shadows them. The editor offers them too. */
export const NAMESPACES: readonly string[] = ["list", "text", "vector", "clock", "random", "ai", "number", "int", "decimal"];

/**
 * The namespaces added after projects could already name a fixtures group so: a visible group of
 * one of these names shadows the namespace, as a local does, so such a project keeps its meaning.
 * (The older namespaces win over a group: their meaning was never anything else.)
 */
export const GROUP_SHADOWED_NAMESPACES: readonly string[] = ["number", "int", "decimal"];

/** Whether `expr` is a library namespace (`list`, `ai`, ...) not shadowed by a local (or, for the newer ones, a fixtures group). */
export function namespaceOf(b: Body, env: Locals, expr: Expr): string | null {
  if (expr.kind !== "name" || env.get(expr.name)) return null;
  if (!NAMESPACES.includes(expr.name)) return null;
  if (GROUP_SHADOWED_NAMESPACES.includes(expr.name)) {
    const ref = lookupTop(b.cx, b.file, expr.name);
    if (ref && ref.kind === "decl" && ref.decl.kind === "fixtures") return null;
  }
  return expr.name;
}

/** `name.unknown` for `name`, suggesting the closest of `candidates`. */
export function unknownName(span: Span, name: string, candidates: Iterable<string>): Diagnostic {
  const near = closest(name, candidates);
  const suggestion = didYouMean(near, "Declare it, or import it with `use`");
  // The span covers the name whole, or (`Locale.en_gbb`, `ai.answer.requets`) only its last word: the fix writes as much of `near`.
  const whole = span.end - span.start === name.length;
  const written = near === null || whole ? near : near.slice(near.lastIndexOf(".") + 1);
  return diagnostic("name.unknown", span, { name, suggestion }, [], changeTo(span, written));
}

/**
 * `name.unknown`. Without `candidates` the name is a plain top-level-or-local one: when another
 * module declares it, the diagnostic says which (an import is missing, not a typo); otherwise
 * the closest visible name. Past SUGGESTIONS_PER_FILE unknown names in one file no suggestion is
 * looked for: only the first 50 of a file's diagnostics are shown, and weighing every name in
 * scope for 16,000 more would be the quadratic part of a file full of mistakes.
 */
export function reportUnknownName(b: Body, env: Locals, span: Span, name: string, candidates?: Iterable<string>): void {
  const elsewhere = candidates === undefined ? declaredElsewhereHint(b.cx, b.file, name, span) : null;
  if (elsewhere !== null) return report(b.cx, diagnostic("name.unknown", span, { name, suggestion: elsewhere.suggestion }, [], elsewhere.fixes));
  const asked = (b.cx.suggestionsAsked.get(b.file.path) ?? 0) + 1;
  b.cx.suggestionsAsked.set(b.file.path, asked);
  const weighed = asked > SUGGESTIONS_PER_FILE ? [] : candidates ?? allNames(b, env);
  report(b.cx, unknownName(span, name, weighed));
}

export const SUGGESTIONS_PER_FILE = 200;

/** Lazily, so a suggestion that weighs only some names never copies every name in scope. */
function* allNames(b: Body, env: Locals): Generator<string> {
  yield* env.names();
  yield* visibleTopNames(b.cx, b.file);
  yield* NAMESPACES;
}

/** "an action", "a type", ... for what a top-level name is. */
export function describeRef(ref: DeclRef): string {
  if (ref.kind === "prompt_values") return "a prompt's values type";
  switch (ref.decl.kind) {
    case "action": return "an action";
    case "function": return "a function";
    case "fixtures": return "a fixtures group";
    case "type": return "a type";
    case "failure": return "a failure";
    case "prompt": return "a prompt";
    case "connection": return "a connection";
  }
}

export function argumentsText(n: number): string {
  return n === 1 ? "1 argument" : `${n} arguments`;
}
