// Reading `name: value` entries of failure, connection and locales declarations, reporting
// `type.unknown_entry`, `type.repeated_entry`, and `type.bad_entry` for a value of the wrong kind.
import type { ConfigEntry, ConfigValue, Expr, Span } from "../syntax/ast.ts";
import type { ConfigText } from "./program.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { changeTo } from "../diagnostics/fix.ts";
import { closest, didYouMean } from "../names/suggest.ts";
import { report, type Reporter } from "./context.ts";

/** `type.bad_entry`: the entry's value is not of the kind it takes (`expected`: "a text", "a duration", …). */
export function badEntry(cx: Reporter, span: Span, entry: string, expected: string, suggestion: string): void {
  report(cx, diagnostic("type.bad_entry", span, { entry, expected, suggestion }));
}

/** The entries by name, reporting unknown and repeated ones. */
export function entriesByName(cx: Reporter, entries: ConfigEntry[], known: string[], owner: string): Map<string, ConfigEntry> {
  const out = new Map<string, ConfigEntry>();
  for (const entry of entries) {
    const name = entry.name.name;
    if (!known.includes(name)) {
      const near = closest(name, known);
      const suggestion = didYouMean(near, `${owner} takes ${known.map((k) => `\`${k}\``).join(", ")}`);
      report(cx, diagnostic("type.unknown_entry", entry.name.span, { owner, entry: name, suggestion }, [], changeTo(entry.name.span, near)));
      continue;
    }
    if (out.has(name)) {
      report(cx, diagnostic("type.repeated_entry", entry.name.span, { entry: name, owner }));
      continue;
    }
    out.set(name, entry);
  }
  return out;
}

export function exprOf(value: ConfigValue): Expr | null {
  return value.kind === "expr" ? value.expr : null;
}

export function textValue(cx: Reporter, entry: ConfigEntry): string | null {
  const expr = exprOf(entry.value);
  if (expr && expr.kind === "text") return expr.value;
  badEntry(cx, entry.value.span, entry.name.name, "a text", `Write \`${entry.name.name}: "..."\``);
  return null;
}

/** A bare word such as `ai` or `Unavailable`. */
export function wordValue(cx: Reporter, entry: ConfigEntry): string | null {
  const expr = exprOf(entry.value);
  if (expr && expr.kind === "name") return expr.name;
  badEntry(cx, entry.value.span, entry.name.name, "a word", `Write \`${entry.name.name}: <word>\` without quotes`);
  return null;
}

export function positiveIntValue(cx: Reporter, entry: ConfigEntry): number | null {
  const expr = exprOf(entry.value);
  if (expr && expr.kind === "int" && expr.value > 0) return expr.value;
  badEntry(cx, entry.value.span, entry.name.name, "a positive Int", `Write a whole number of 1 or more`);
  return null;
}

/** A text, or `env("NAME")` / `env("NAME", "default")`, left unevaluated. */
export function configText(cx: Reporter, entry: ConfigEntry): ConfigText | null {
  const expr = exprOf(entry.value);
  if (expr && expr.kind === "text") return { kind: "literal", value: expr.value };
  if (expr && expr.kind === "call" && expr.callee.kind === "name" && expr.callee.name === "env" && !expr.asType) {
    const [name, fallback, ...rest] = expr.args;
    if (name && name.kind === "text" && (!fallback || fallback.kind === "text") && rest.length === 0) {
      return { kind: "env", name: name.value, fallback: fallback && fallback.kind === "text" ? fallback.value : null };
    }
  }
  badEntry(cx, entry.value.span, entry.name.name, 'a text or `env("NAME", "default")`', `Write \`${entry.name.name}: "..."\` or read it with \`env(...)\``);
  return null;
}
