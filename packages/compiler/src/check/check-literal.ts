// A literal checked against the type expected where it stands (docs/language.md): text, numbers (`-3`
// included), Bool, durations, `none`, lists and records, constraints included. Each problem is
// data with a decode rule and a path, so the same walk gives `type.*` diagnostics in code and one
// `test.fake_type` for a scripted answer (fakes.ts). Each rule's check and words are the ones the
// runtime decodes with (types/constraints.ts, values/problem.ts).
import type { Expr, Span } from "../syntax/ast.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { changeTo } from "../diagnostics/fix.ts";
import { ERROR, type Field, type Type } from "../types/types.ts";
import { NO_CONSTRAINTS, assignable, enumOf, listBounds, listItem, objectOf, scalarBase, scalarConstraints } from "../types/assignable.ts";
import { itemsViolation, numberViolation, textViolation, type Violation } from "../types/constraints.ts";
import { memberWords, missingWords, typeWords, unknownWords, type ValueRule, type Words } from "../values/problem.ts";
import { printType } from "../types/print-type.ts";
import { closest, didYouMean } from "../names/suggest.ts";
import { report } from "./context.ts";
import { findType, reportUnknownType } from "./type-refs.ts";
import { mismatchSuggestion } from "./mismatch.ts";
import type { Body, Locals } from "./body.ts";
import { checkExpr } from "./check-expr.ts";
import { unknownName } from "./report-names.ts";

export interface LiteralProblem extends Words {
  rule: Exclude<ValueRule, "json">;
  /** `resolved_by_articles`, `tags[1]`, `follow_up.note`; "" for the value as a whole. */
  path: string;
  /** Where a scripted answer's problem is shown: the bad value (a misspelt field's name), the list item, or the item. */
  at: Span;
  /** The fix, when there is one better than "correct it": a did-you-mean for a misspelt field. */
  suggestion?: string;
}

export interface LiteralMode {
  /** normal: report each problem; fake: collect them (fakes.ts reports the first); dry: collect, write nothing. */
  kind: "normal" | "fake" | "dry";
  /** Off for operands of `== + <`..., where a literal takes the other side's type without its constraints. */
  constraints: boolean;
  /** The problems collected (fake and dry modes; normal mode reports them instead). */
  problems: LiteralProblem[];
}

/** Normal mode keeps nothing, so every literal checked in code shares these two (frozen: nothing is collected). */
export const NORMAL: Readonly<LiteralMode> = Object.freeze({ kind: "normal", constraints: true, problems: Object.freeze([]) as unknown as LiteralProblem[] });
/** Normal mode for an operand of `== + <`..., without the constraints of the type it takes. */
export const NORMAL_UNCONSTRAINED: Readonly<LiteralMode> = Object.freeze({ ...NORMAL, constraints: false });

/** Whether `expr` is written as a literal, so it takes the type expected where it stands. */
export function isLiteral(expr: Expr): boolean {
  switch (expr.kind) {
    case "text": case "int": case "decimal": case "bool": case "duration": case "none": case "list": case "record":
      return true;
    case "unary":
      return expr.op === "-" && isNumberLiteral(expr.operand);
    case "paren":
      return isLiteral(expr.inner);
    default:
      return false;
  }
}

function isNumberLiteral(expr: Expr): boolean {
  if (expr.kind === "int" || expr.kind === "decimal") return true;
  if (expr.kind === "paren") return isNumberLiteral(expr.inner);
  if (expr.kind === "unary" && expr.op === "-") return isNumberLiteral(expr.operand);
  return false;
}

function numberOf(expr: Expr): { value: number; integer: boolean } {
  if (expr.kind === "int") return { value: expr.value, integer: true };
  if (expr.kind === "decimal") return { value: expr.value, integer: false };
  if (expr.kind === "paren") return numberOf(expr.inner);
  if (expr.kind === "unary") {
    const inner = numberOf(expr.operand);
    return { value: -inner.value, integer: inner.integer };
  }
  return { value: NaN, integer: false };
}

/** The value of a number written out (`3`, `-0.5`, `(-(2))`), or null for anything else. */
export function numberLiteralValue(expr: Expr): number | null {
  return isNumberLiteral(expr) ? numberOf(expr).value : null;
}

function joinPath(path: string, field: string): string {
  return path === "" ? field : `${path}.${field}`;
}

function shown(expr: Expr): string {
  if (expr.kind === "text") return [...expr.value].length <= 40 ? `\`${JSON.stringify(expr.value)}\`` : "This text";
  if (expr.kind === "list") return "This list";
  if (isNumberLiteral(expr)) return `\`${numberOf(expr).value}\``;
  return "This value";
}

interface Walk {
  b: Body;
  env: Locals;
  mode: Readonly<LiteralMode>;
}

/** Reports the diagnostic `d` makes in normal mode (made only then); collects `p` in the others. */
function problem(w: Walk, p: LiteralProblem, d: () => Diagnostic): void {
  if (w.mode.kind === "normal") report(w.b.cx, d());
  else w.mode.problems.push(p);
}

function typeProblem(w: Walk, expr: Expr, expected: Type, found: string, path: string, at: Span, foundType?: Type): void {
  problem(w, { rule: "type", path, at, ...typeWords(printType(expected), found) }, () =>
    diagnostic("type.mismatch", expr.span, {
      variant: "types", expected: printType(expected), found, suggestion: mismatchSuggestion(expected, foundType ?? null),
    }));
}

function constraintProblem(w: Walk, expr: Expr, expected: Type, v: Violation, path: string, at: Span): void {
  problem(w, { rule: v.rule, path, at, expected: v.expected, found: v.found }, () =>
    diagnostic("type.constraint_violated", expr.span, { value: shown(expr), constraint: v.constraint, type: printType(expected) }));
}

function record(w: Walk, expr: Expr, type: Type): Type {
  if (w.mode.kind !== "dry") w.b.cx.exprTypes.set(expr, type);
  return type;
}

/**
 * Checks `expr` against `expected` and returns its type. A non-literal part is typed on its own
 * and must be assignable (in `dry` mode it is assumed to fit).
 */
export function checkLiteral(b: Body, env: Locals, expr: Expr, expected: Type, mode: Readonly<LiteralMode>, path = "", at: Span = expr.span): Type {
  return walk({ b, env, mode }, expr, expected, path, at);
}

/** Expressions `walk` checks part by part; everything else is typed on its own. */
const LITERAL_KINDS: ReadonlySet<Expr["kind"]> = new Set<Expr["kind"]>(["text", "int", "decimal", "bool", "duration", "list", "record"]);

function walk(w: Walk, expr: Expr, expected: Type, path: string, at: Span): Type {
  if (expected.kind === "error") {
    if (w.mode.kind !== "dry") checkExpr(w.b, w.env, expr, null);
    return ERROR;
  }
  if (expected.kind === "optional") {
    if (expr.kind === "none") return record(w, expr, expected);
    if (expr.kind === "paren") return record(w, expr, walk(w, expr.inner, expected, path, at));
    // A literal is checked against the inner type; any other expression (a `T?` parameter) may be optional itself.
    if (LITERAL_KINDS.has(expr.kind) || (expr.kind === "unary" && isNumberLiteral(expr))) return walk(w, expr, expected.inner, path, at);
    if (expr.kind === "member") {
      const member = walkEnumMember(w, expr, expected.inner, path, at);
      if (member) return member;
    }
    if (w.mode.kind === "dry") return expected;
    const found = checkExpr(w.b, w.env, expr, null);
    if (!assignable(found, expected) && found.kind !== "error") typeProblem(w, expr, expected, printType(found), path, at, found);
    return found;
  }
  const base = scalarBase(expected);
  const c = w.mode.constraints ? scalarConstraints(expected) : NO_CONSTRAINTS;
  switch (expr.kind) {
    case "paren":
      return record(w, expr, walk(w, expr.inner, expected, path, at));
    case "text": {
      if (base !== "Text") typeProblem(w, expr, expected, "Text", path, at);
      else {
        const v = textViolation(expr.value, c);
        if (v) constraintProblem(w, expr, expected, v, path, at);
      }
      return record(w, expr, base === "Text" ? expected : { kind: "base", base: "Text" });
    }
    case "int": case "decimal": case "unary": {
      if (expr.kind === "unary" && !isNumberLiteral(expr)) break;
      const n = numberOf(expr);
      const fits = base === "Decimal" || (base === "Int" && n.integer);
      if (!fits) typeProblem(w, expr, expected, n.integer ? "Int" : "Decimal", path, at);
      else {
        const v = numberViolation(n.value, c);
        if (v) constraintProblem(w, expr, expected, v, path, at);
      }
      const type: Type = fits ? expected : { kind: "base", base: n.integer ? "Int" : "Decimal" };
      if (expr.kind === "unary") recordNumberParts(w, expr.operand, type);
      return record(w, expr, type);
    }
    case "bool":
    case "duration": {
      const wanted = expr.kind === "bool" ? "Bool" : "Duration";
      if (base !== wanted) typeProblem(w, expr, expected, wanted, path, at);
      return record(w, expr, base === wanted ? expected : { kind: "base", base: wanted });
    }
    case "none":
      typeProblem(w, expr, expected, "none", path, at);
      return record(w, expr, { kind: "none" });
    case "list":
      return walkList(w, expr, expected, path, at);
    case "record":
      return walkRecord(w, expr, expected, path, at);
    case "member": {
      const member = walkEnumMember(w, expr, expected, path, at);
      if (member) return member;
      break;
    }
    default:
      break;
  }
  if (w.mode.kind === "dry") return expected;
  const found = checkExpr(w.b, w.env, expr, null);
  if (!assignable(found, expected) && found.kind !== "error") typeProblem(w, expr, expected, printType(found), path, at, found);
  return found;
}

/** `E.m` where the enum `E` is expected: an unknown member is the `member` rule. Null for anything else. */
function walkEnumMember(w: Walk, expr: Extract<Expr, { kind: "member" }>, expected: Type, path: string, at: Span): Type | null {
  const object = expr.object;
  if (object.kind !== "name" || w.env.get(object.name)) return null;
  const wanted = enumOf(expected);
  const named = findType(w.b.cx, w.b.file, object.name);
  if (!wanted || wanted.def.kind !== "enum" || !named || named.kind !== "named" || named.decl !== wanted) return null;
  const members = wanted.def.members;
  if (members.some((m) => m.name === expr.name.name)) {
    if (w.mode.kind === "dry") return expected;
    return null; // the ordinary check records its resolution
  }
  const full = `${object.name}.${expr.name.name}`;
  problem(w, { rule: "member", path, at, ...memberWords(members.map((m) => m.name), expr.name.name) }, () =>
    unknownName(expr.name.span, full, members.map((m) => `${object.name}.${m.name}`)));
  return record(w, expr, ERROR);
}

function recordNumberParts(w: Walk, expr: Expr, type: Type): void {
  record(w, expr, type);
  if (expr.kind === "paren") recordNumberParts(w, expr.inner, type);
  if (expr.kind === "unary") recordNumberParts(w, expr.operand, type);
}

function walkList(w: Walk, expr: Extract<Expr, { kind: "list" }>, expected: Type, path: string, at: Span): Type {
  const item = listItem(expected);
  if (!item) {
    typeProblem(w, expr, expected, "a list", path, at);
    if (w.mode.kind !== "dry") for (const i of expr.items) checkExpr(w.b, w.env, i, null);
    return record(w, expr, ERROR);
  }
  expr.items.forEach((i, index) => walk(w, i, item, `${path}[${index}]`, i.span));
  if (w.mode.constraints) {
    const v = itemsViolation(expr.items.length, listBounds(expected));
    if (v) constraintProblem(w, expr, expected, v, path, at);
  }
  return record(w, expr, expected);
}

/** The field called `name`: a loop, where `find` would make a closure per field written. */
function fieldNamed(fields: readonly Field[], name: string): Field | undefined {
  for (let i = 0; i < fields.length; i++) if (fields[i].name === name) return fields[i];
  return undefined;
}

/** No misspelt field (every field name given is one of the type's). */
const NO_NAMES: ReadonlySet<string> = new Set();

function walkRecord(w: Walk, expr: Extract<Expr, { kind: "record" }>, expected: Type, path: string, at: Span): Type {
  const { b } = w;
  const named = findType(b.cx, b.file, expr.type.name);
  if (!named) {
    if (w.mode.kind === "dry") {
      w.mode.problems.push({ rule: "type", path, at });
      return ERROR;
    }
    reportUnknownType(b.cx, b.file, expr.type);
    for (const field of expr.fields) checkExpr(b, w.env, field.value, null);
    return record(w, expr, ERROR);
  }
  if (named.kind === "error") {
    if (w.mode.kind !== "dry") for (const field of expr.fields) checkExpr(b, w.env, field.value, null);
    return record(w, expr, ERROR);
  }
  const object = objectOf(named);
  if (!object || object.def.kind !== "object") {
    problem(w, { rule: "type", path, at, ...typeWords(printType(expected), `${expr.type.name} { ... }`) }, () =>
      diagnostic("type.not_a_value", expr.type.span, {
        name: `${expr.type.name} { ... }`, what: `\`${expr.type.name}\` is not a record type`,
        suggestion: `Write a value of \`${expr.type.name}\` without \`{ ... }\``,
      }));
    if (w.mode.kind !== "dry") for (const field of expr.fields) checkExpr(b, w.env, field.value, null);
    return record(w, expr, ERROR);
  }
  if (!assignable(named, expected)) typeProblem(w, expr, expected, expr.type.name, path, at, named);
  const fields = object.def.fields;
  const given = new Map<string, number>();
  let unknownFields = false;
  for (const init of expr.fields) {
    const name = init.name.name;
    const field = fieldNamed(fields, name);
    const fieldPath = joinPath(path, name);
    if (!field) {
      unknownFields = true;
      const near = closest(name, fields.map((f) => f.name));
      const suggestion = near === null ? undefined : `Did you mean \`${near}\`? \`${object.name}\` has no field \`${name}\``;
      problem(w, { rule: "unknown", path: fieldPath, at: init.name.span, ...unknownWords(named, fields.map((f) => f.name)), suggestion }, () =>
        diagnostic("type.unknown_field", init.name.span, {
          type: object.name, field: name,
          suggestion: didYouMean(near, `Remove \`${name}\`; \`${object.name}\` has ${fields.map((f) => `\`${f.name}\``).join(", ") || "no fields"}`),
        }, [], changeTo(init.name.span, near)));
      if (w.mode.kind !== "dry") checkExpr(b, w.env, init.value, null);
      continue;
    }
    const firstLine = given.get(name);
    if (firstLine !== undefined) {
      if (w.mode.kind !== "dry") {
        report(b.cx, diagnostic("name.duplicate", init.name.span, { name, where: `this record, on line ${firstLine}` }));
        checkExpr(b, w.env, init.value, null);
      }
      continue;
    }
    given.set(name, init.name.span.line);
    // A scripted answer's problem is shown under the value, not the field's name.
    walk(w, init.value, field.type, fieldPath, init.value.span);
  }
  // A misspelt field is reported once, as unknown, not again as the field it misses.
  if (given.size === fields.length) return record(w, expr, named);
  const misspelt = unknownFields
    ? new Set(expr.fields.filter((f) => !fields.some((x) => x.name === f.name.name))
      .map((f) => closest(f.name.name, fields.filter((x) => !given.has(x.name)).map((x) => x.name))))
    : NO_NAMES;
  for (const field of fields) {
    if (given.has(field.name) || misspelt.has(field.name)) continue;
    const fieldPath = joinPath(path, field.name);
    problem(w, { rule: "missing", path: fieldPath, at, ...missingWords(field.type) }, () =>
      diagnostic("type.missing_field", expr.type.span, { type: object.name, field: field.name }));
  }
  return record(w, expr, named);
}
