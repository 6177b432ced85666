// Placeholders (docs/testing.md): a recorded answer keeps no text, number or date that could say
// something about someone. Recording replaces each Text-, Int-, Decimal- or Instant-based value whose
// type isn't `personal: false` by "{TypeName}"; reading fills each with a generated valid value of
// that type. An Instant kept verbatim by an older recording is read as written.
import { THE_ANSWER, type Type } from "@jadpo/compiler";
import { generateValue } from "../ai/defaults.ts";
import type { Rng } from "../seed.ts";
import { toJson } from "../values/json.ts";
import { shapeOf, type Shape } from "../values/shape.ts";
import type { JsonValue, Value } from "../values/value.ts";

/** Where a placeholder names the wrong type: the decode error it becomes (`type` on `reply`). */
export interface PlaceholderError {
  rule: "type";
  /** `resolved_by_articles`, `tags[1]`, `follow_up.note`, or `the answer` at the top. */
  path: string;
  /** The placeholder as written, e.g. `{Text}`. */
  found: string;
  /** The placeholder this value's type takes, e.g. `{CustomerQuestion}`. */
  expected: string;
}

/** `{Name}`: what a placeholder looks like. Type names are UpperCamel (docs/language.md). */
const PLACEHOLDER = /^\{([A-Z][A-Za-z0-9_]*)\}$/;

/** Where a placeholder went: the field's path (`reply`, `tags[]`, `the answer`) and what it reads (`{Text}`). */
export interface PlaceholderField {
  path: string;
  placeholder: string;
}

/**
 * The answer as JSON with placeholders, how many it holds (the `values` line of `ai record`), and
 * the fields they stand in, each once, in field order.
 */
export function applyPlaceholders(type: Type, value: Value): { json: JsonValue; count: number; fields: PlaceholderField[] } {
  let count = 0;
  const fields: PlaceholderField[] = [];
  const walk = (t: Type, v: Value, path: string): JsonValue => {
    if (v === null) return null;
    const shape = shapeOf(t);
    switch (shape.kind) {
      case "scalar": {
        const name = placeholderName(shape);
        if (name === null) return toJson(t, v);
        count++;
        const where = path === "" ? THE_ANSWER : path;
        if (!fields.some((f) => f.path === where)) fields.push({ path: where, placeholder: `{${name}}` });
        return `{${name}}`;
      }
      case "optional":
        return walk(shape.inner, v, path);
      case "list":
        return Array.isArray(v) ? v.map((item) => walk(shape.item, item, `${path}[]`)) : toJson(t, v);
      case "object": {
        if (typeof v !== "object" || Array.isArray(v)) return toJson(t, v);
        const entries = shape.fields.map((f): [string, JsonValue] => [f.name, walk(f.type, v[f.name] ?? null, path === "" ? f.name : `${path}.${f.name}`)]);
        return Object.fromEntries(entries) as { [key: string]: JsonValue };
      }
      case "enum":
      case "nothing":
        return toJson(t, v);
    }
  };
  const json = walk(type, value, "");
  return { json, count, fields };
}

export type FillResult = { ok: true; json: JsonValue } | { ok: false; error: PlaceholderError };

/**
 * The recorded answer with every placeholder of the right type filled from `rng`; a placeholder
 * naming another type is the `type` error at its path. Anything else is left as written, for
 * decoding to judge.
 */
export function fillPlaceholders(type: Type, json: JsonValue, rng: Rng): FillResult {
  const problem: { error: PlaceholderError | null } = { error: null };
  const walk = (t: Type, j: JsonValue, path: string): JsonValue => {
    if (problem.error !== null || j === null) return j;
    const shape = shapeOf(t);
    switch (shape.kind) {
      case "scalar": {
        const name = placeholderName(shape);
        if (name === null || typeof j !== "string") return j;
        const m = PLACEHOLDER.exec(j);
        if (m === null) return j;
        if (m[1] !== name) {
          problem.error = { rule: "type", path: path === "" ? THE_ANSWER : path, found: j, expected: `{${name}}` };
          return j;
        }
        // Text, Int and Decimal values are their own JSON; an Instant is written as its ISO 8601 text.
        return toJson(t, generateValue(t, rng));
      }
      case "optional":
        return walk(shape.inner, j, path);
      case "list":
        return Array.isArray(j) ? j.map((item, i) => walk(shape.item, item, `${path}[${i}]`)) : j;
      case "object": {
        if (typeof j !== "object" || Array.isArray(j)) return j;
        // Fields in the answer's own order, unknown ones kept: decoding reports them.
        const entries = Object.keys(j).map((key): [string, JsonValue] => {
          const field = shape.fields.find((f) => f.name === key);
          const child = j[key] as JsonValue;
          return [key, field === undefined ? child : walk(field.type, child, path === "" ? key : `${path}.${key}`)];
        });
        return Object.fromEntries(entries) as { [key: string]: JsonValue };
      }
      case "enum":
      case "nothing":
        return j;
    }
  };
  const filled = walk(type, json, "");
  if (problem.error !== null) return { ok: false, error: problem.error };
  return { ok: true, json: filled };
}

/** Bases whose values can say something about someone (a name, an age, a date of birth). Bools and Durations can't. */
const PERSONAL_BASES: ReadonlySet<string> = new Set(["Text", "Int", "Decimal", "Instant"]);

/** The placeholder name a scalar takes, or null when it is kept verbatim (Bool, Duration, `personal: false`). */
function placeholderName(shape: Extract<Shape, { kind: "scalar" }>): string | null {
  if (!PERSONAL_BASES.has(shape.base)) return null;
  if (shape.constraints.personal === false) return null;
  return shape.named === null ? shape.base : shape.named.name;
}
