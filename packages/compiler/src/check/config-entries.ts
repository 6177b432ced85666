// Reading `name: value` entries of failure, connection and locales declarations, reporting
// `type.bad_entry` for unknown, repeated, missing or ill-typed entries.
import type { ConfigEntry, ConfigValue, Expr, Span } from "../syntax/ast.ts";
import type { ConfigText } from "./program.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { closest } from "../names/suggest.ts";
import { report, type Reporter as Checker } from "./context.ts";

export function badEntry(cx: Checker, span: Span, problem: string, suggestion: string): void {
  report(cx, diagnostic("type.bad_entry", span, { problem, suggestion }));
}

/** The entries by name, reporting unknown and repeated ones. */
export function entriesByName(cx: Checker, entries: ConfigEntry[], known: string[], owner: string): Map<string, ConfigEntry> {
  const out = new Map<string, ConfigEntry>();
  for (const entry of entries) {
    const name = entry.name.name;
    if (!known.includes(name)) {
      const near = closest(name, known);
      badEntry(cx, entry.name.span, `${owner} has no entry \`${name}\``, near ? `Did you mean \`${near}\`?` : `${owner} takes ${known.map((k) => `\`${k}\``).join(", ")}`);
      continue;
    }
    if (out.has(name)) {
      badEntry(cx, entry.name.span, `\`${name}\` is given twice in ${owner}`, `Keep one \`${name}\``);
      continue;
    }
    out.set(name, entry);
  }
  return out;
}

export function exprOf(value: ConfigValue): Expr | null {
  return value.kind === "expr" ? value.expr : null;
}

export function textValue(cx: Checker, entry: ConfigEntry): string | null {
  const expr = exprOf(entry.value);
  if (expr && expr.kind === "text") return expr.value;
  badEntry(cx, entry.value.span, `\`${entry.name.name}\` must be a text`, `Write \`${entry.name.name}: "..."\``);
  return null;
}

/** A bare word such as `ai` or `Unavailable`. */
export function wordValue(cx: Checker, entry: ConfigEntry): string | null {
  const expr = exprOf(entry.value);
  if (expr && expr.kind === "name") return expr.name;
  badEntry(cx, entry.value.span, `\`${entry.name.name}\` must be a word`, `Write \`${entry.name.name}: <word>\` without quotes`);
  return null;
}

export function positiveIntValue(cx: Checker, entry: ConfigEntry): number | null {
  const expr = exprOf(entry.value);
  if (expr && expr.kind === "int" && expr.value > 0) return expr.value;
  badEntry(cx, entry.value.span, `\`${entry.name.name}\` must be a positive Int`, `Write a whole number of 1 or more`);
  return null;
}

/** A text, or `env("NAME")` / `env("NAME", "default")`, left unevaluated. */
export function configText(cx: Checker, entry: ConfigEntry): ConfigText | null {
  const expr = exprOf(entry.value);
  if (expr && expr.kind === "text") return { kind: "literal", value: expr.value };
  if (expr && expr.kind === "call" && expr.callee.kind === "name" && expr.callee.name === "env" && !expr.asType) {
    const [name, fallback, ...rest] = expr.args;
    if (name && name.kind === "text" && (!fallback || fallback.kind === "text") && rest.length === 0) {
      return { kind: "env", name: name.value, fallback: fallback && fallback.kind === "text" ? fallback.value : null };
    }
  }
  badEntry(cx, entry.value.span, `\`${entry.name.name}\` must be a text or \`env("NAME", "default")\``, `Write \`${entry.name.name}: "..."\` or read it with \`env(...)\``);
  return null;
}
