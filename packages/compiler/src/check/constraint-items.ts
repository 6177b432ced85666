// Reading a constraint block (`{ min_length: 1 max_length: 2000 }`) into Constraints, reporting
// `type.bad_constraint` (one variant each) for an unknown constraint, one on the wrong base, a repeated one, a bad value, `min > max`,
// or a pattern whose matches can never meet the length bounds (docs/language.md).
import type { ConstraintItem, Expr, Span } from "../syntax/ast.ts";
import type { Constraints } from "../types/types.ts";
import { CONSTRAINT_RULES, type ConstraintRule } from "../values/problem.ts";
import { diagnostic } from "../diagnostics/diagnostic.ts";
import { changeTo } from "../diagnostics/fix.ts";
import { closest, didYouMean } from "../names/suggest.ts";
import { compilePattern } from "../types/pattern.ts";
import { matchesNothing, patternLengthBounds } from "../types/pattern-length.ts";
import { report, type Checker } from "./context.ts";

/** What a constraint block constrains: a scalar base, or a list. */
export type ConstrainedKind = "Int" | "Decimal" | "Text" | "Bool" | "Instant" | "Duration" | "List" | "Enum" | "Object";

/** A constraint's name: a rule a value can break, or `personal` (how recordings keep values). */
type ConstraintName = ConstraintRule | "personal";

const ALLOWED: Record<ConstrainedKind, readonly ConstraintName[]> = {
  Int: ["min", "max", "personal"],
  Decimal: ["min", "max", "personal"],
  Text: ["min_length", "max_length", "pattern", "personal"],
  List: ["min_items", "max_items"],
  Bool: [],
  Instant: ["personal"],
  Duration: [],
  Enum: [],
  Object: [],
};

const ALL: readonly ConstraintName[] = [...CONSTRAINT_RULES, "personal"];

// Constraints has a field for each name and no other: a rule added to CONSTRAINT_RULES without its
// field (or the reverse) fails the typecheck here.
const everyNameAField: readonly (keyof Constraints)[] = ALL;
const everyFieldAName: readonly ConstraintName[] = [] as (keyof Constraints)[];

void everyNameAField;
void everyFieldAName;

function isConstraintName(name: string): name is ConstraintName {
  return (ALL as readonly string[]).includes(name);
}

/** A constraint's value of the wrong kind: `expected` is "a text", "a whole number", …; `example` follows "Write". */
function badValue(cx: Checker, span: Span, constraint: string, subject: string, expected: string, example: string): void {
  report(cx, diagnostic("type.bad_constraint", span, { variant: "value", constraint, subject, expected, example }));
}

function allowedText(kind: ConstrainedKind): string {
  const allowed = ALLOWED[kind];
  if (allowed.length === 0) return `${kind} types take no constraints`;
  return `${kind} types take ${allowed.map((a) => `\`${a}\``).join(", ")}`;
}

/** A number written as a literal (`3`, `1.5`, `-3`), or null. */
function numberValue(expr: Expr): { value: number; integer: boolean } | null {
  if (expr.kind === "int") return { value: expr.value, integer: true };
  if (expr.kind === "decimal") return { value: expr.value, integer: false };
  if (expr.kind === "paren") return numberValue(expr.inner);
  if (expr.kind === "unary" && expr.op === "-") {
    const inner = numberValue(expr.operand);
    return inner && { value: -inner.value, integer: inner.integer };
  }
  return null;
}

/**
 * The constraints of `items` for a `kind`, on top of `inherited` (a named base's constraints).
 * `subject` names the type in messages. Problems are reported; the bad item is left out.
 */
export function readConstraints(
  cx: Checker, items: ConstraintItem[], kind: ConstrainedKind, subject: string, inherited: Constraints = {},
): Constraints {
  const result: Constraints = { ...inherited };
  const seen = new Set<string>();
  const spans = new Map<string, Span>();
  for (const item of items) {
    const name = item.name.name;
    if (!isConstraintName(name)) {
      const near = closest(name, ALLOWED[kind].length > 0 ? ALLOWED[kind] : ALL);
      const suggestion = didYouMean(near, allowedText(kind));
      report(cx, diagnostic("type.bad_constraint", item.name.span, { variant: "unknown", constraint: name, suggestion }, [], changeTo(item.name.span, near)));
      continue;
    }
    if (!ALLOWED[kind].includes(name)) {
      report(cx, diagnostic("type.bad_constraint", item.name.span, { variant: "wrong_base", constraint: name, subject, allowed: allowedText(kind) }));
      continue;
    }
    if (seen.has(name)) {
      report(cx, diagnostic("type.bad_constraint", item.name.span, { variant: "repeated", constraint: name }));
      continue;
    }
    seen.add(name);
    spans.set(name, item.span);
    const value = item.value;
    switch (name) {
      case "min":
      case "max": {
        const n = numberValue(value);
        if (!n || (kind === "Int" && !n.integer)) {
          badValue(cx, value.span, name, subject, kind === "Int" ? "a whole number" : "a number", `a number, such as \`${name}: 0\``);
          continue;
        }
        result[name] = n.value;
        break;
      }
      case "min_length":
      case "max_length":
      case "min_items":
      case "max_items": {
        const n = numberValue(value);
        if (!n || !n.integer || n.value < 0) {
          badValue(cx, value.span, name, subject, "a whole number of 0 or more", `a count, such as \`${name}: 1\``);
          continue;
        }
        result[name] = n.value;
        break;
      }
      case "pattern": {
        if (value.kind !== "text") {
          badValue(cx, value.span, name, subject, "a text", 'the regular expression as a text, such as `pattern: "[A-Z]+"`');
          continue;
        }
        const compiled = compilePattern(value.value);
        if (!compiled.ok) {
          report(cx, compiled.problem === "syntax"
            ? diagnostic("type.bad_constraint", value.span, { variant: "bad_pattern", pattern: value.value })
            : diagnostic("type.bad_constraint", value.span, { variant: "unsupported_pattern", pattern: value.value, feature: compiled.feature }));
          continue;
        }
        result.pattern = value.value;
        break;
      }
      case "personal": {
        if (value.kind !== "bool") {
          badValue(cx, value.span, name, subject, "`true` or `false`", "`personal: false` to keep values verbatim in recordings");
          continue;
        }
        result.personal = value.value;
        break;
      }
      default:
        name satisfies never;
    }
  }
  checkBounds(cx, result, spans, subject);
  return result;
}

function checkBounds(cx: Checker, c: Constraints, spans: Map<string, Span>, subject: string): void {
  const pairs: [keyof Constraints, keyof Constraints][] = [["min", "max"], ["min_length", "max_length"], ["min_items", "max_items"]];
  for (const [lo, hi] of pairs) {
    const low = c[lo] as number | undefined;
    const high = c[hi] as number | undefined;
    if (low !== undefined && high !== undefined && low > high) {
      const span = spans.get(hi) ?? spans.get(lo);
      if (span) report(cx, diagnostic("type.bad_constraint", span, { variant: "min_above_max", low: lo, low_value: low, high: hi, high_value: high }));
    }
  }
  if (c.pattern !== undefined && (spans.has("pattern") || spans.has("min_length") || spans.has("max_length"))) {
    const bounds = patternLengthBounds(c.pattern);
    if (!bounds) return;
    if (matchesNothing(bounds)) {
      report(cx, diagnostic("type.bad_constraint", spans.get("pattern") ?? spans.get("max_length") ?? spans.get("min_length")!, { variant: "empty_pattern", subject }));
      return;
    }
    const minLength = c.min_length ?? 0;
    const maxLength = c.max_length ?? Infinity;
    const lo = Math.max(bounds.min, minLength);
    const hi = Math.min(bounds.max, maxLength);
    if (lo > hi) {
      const span = spans.get("pattern") ?? spans.get("max_length") ?? spans.get("min_length")!;
      const length = bounds.min === bounds.max ? `${bounds.min}` : bounds.max === Infinity ? `${bounds.min} or more` : `${bounds.min} to ${bounds.max}`;
      report(cx, diagnostic("type.bad_constraint", span, { variant: "pattern_length", subject, length }));
    }
  }
}
