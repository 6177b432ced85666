// The one validator of a value against a type (docs/ai.md's decoding rules): JSON — an answer, a
// recording, a converted value written as JSON, a `jadpo dev` parameter — read as a value of `type`,
// or the first problem, in field declaration order. The checker judges literals with the same rule
// checks and words (types/constraints.ts, values/problem.ts; check/check-literal.ts).
// A decoded value is the runtime's representation: Instants as epoch ms, Durations as ms, enum
// members by name, none as null.
import type { Base, Constraints, EnumMember, Field, Type } from "../types/types.ts";
import { NO_CONSTRAINTS, scalarBase } from "../types/assignable.ts";
import { itemsViolation, numberViolation, textViolation, type Violation } from "../types/constraints.ts";
import { printType } from "../types/print-type.ts";
import { THE_ANSWER } from "../vocabulary.ts";
import { TOO_DEEP_WORDS, formatPath, memberWords, missingWords, typeWords, unknownWords, type ValueProblem, type Words } from "./problem.ts";
import { parseDuration, parseInstant } from "./time-text.ts";

export type DecodedValue = null | boolean | number | string | DecodedValue[] | { [field: string]: DecodedValue };

export type Decoded = { ok: true; value: DecodedValue } | { ok: false; problem: ValueProblem };

/** Stands for "not a value": the problem is in the walk's `problem`. */
const FAIL: unique symbol = Symbol("fail");
type Read = DecodedValue | typeof FAIL;

interface Walk {
  /** The keys from the top to here; formatted only for a problem. */
  path: (string | number)[];
  problem: ValueProblem | null;
}

/** `json` decoded as `type`: its value, or the first problem. */
export function decodeJson(type: Type, json: unknown): Decoded {
  const w: Walk = { path: [], problem: null };
  try {
    const value = read(w, type, type, json);
    if (value !== FAIL) return { ok: true, value };
    return { ok: false, problem: w.problem ?? { rule: "type", path: THE_ANSWER } };
  } catch (e) {
    // Only a stack overflow on absurdly deep JSON gets here.
    if (e instanceof RangeError) return { ok: false, problem: { rule: "json", path: THE_ANSWER, ...TOO_DEEP_WORDS } };
    throw e;
  }
}

/** null when `json` is a valid `type`, else the first problem. */
export function validateJson(type: Type, json: unknown): ValueProblem | null {
  const decoded = decodeJson(type, json);
  return decoded.ok ? null : decoded.problem;
}

function fail(w: Walk, rule: ValueProblem["rule"], words: Words, path = formatPath(w.path)): typeof FAIL {
  w.problem = { rule, path, ...words };
  return FAIL;
}

function broken(w: Walk, v: Violation): typeof FAIL {
  w.problem = { rule: v.rule, path: formatPath(w.path), expected: v.expected, found: v.found, constraint: v.constraint };
  return FAIL;
}

/** `shown` is the type a problem here names: the `T?` a value was read through, else `type`. */
function read(w: Walk, type: Type, shown: Type, json: unknown): Read {
  switch (type.kind) {
    case "optional":
      return json === null ? null : read(w, type.inner, shown, json);
    case "base":
      return scalar(w, type.base, NO_CONSTRAINTS, shown, json);
    case "list":
      return list(w, type.item, type, shown, json);
    case "named": {
      const def = type.decl.def;
      switch (def.kind) {
        case "scalar":
          return scalar(w, def.base, def.constraints, shown, json);
        case "enum":
          return member(w, def.members, shown, json);
        case "object":
          return record(w, def.fields, shown, json);
        case "list":
          return list(w, def.item, def, shown, json);
      }
      break;
    }
    default:
      break;
  }
  // `none`, void and the checker's error type: only null is one.
  return json === null ? null : wrongType(w, shown, json);
}

function wrongType(w: Walk, shown: Type, json: unknown): typeof FAIL {
  let expected = printType(shown);
  const base = scalarBase(shown.kind === "optional" ? shown.inner : shown);
  if (base === "Instant") expected = `${expected} as ISO 8601 text (2026-01-01T00:00:00Z)`;
  if (base === "Duration") expected = `${expected} as duration text (15m)`;
  const found = typeof json === "string" && !isUnicodeText(json) ? "text that isn't Unicode (half of a surrogate pair)" : kindOf(json);
  return fail(w, "type", typeWords(expected, found));
}

function scalar(w: Walk, base: Base, c: Readonly<Constraints>, shown: Type, json: unknown): Read {
  switch (base) {
    case "Bool":
      return typeof json === "boolean" ? json : wrongType(w, shown, json);
    case "Int":
    case "Decimal": {
      const fits = typeof json === "number" && (base === "Int" ? Number.isSafeInteger(json) : Number.isFinite(json));
      if (!fits) return wrongType(w, shown, json);
      const v = numberViolation(json, c);
      return v === null ? json : broken(w, v);
    }
    case "Text": {
      if (typeof json !== "string" || !isUnicodeText(json)) return wrongType(w, shown, json);
      const v = textViolation(json, c);
      return v === null ? json : broken(w, v);
    }
    case "Instant":
    case "Duration": {
      const ms = typeof json !== "string" ? null : base === "Instant" ? parseInstant(json) : parseDuration(json);
      return ms === null ? wrongType(w, shown, json) : ms;
    }
    default:
      return base satisfies never;
  }
}

function member(w: Walk, members: readonly EnumMember[], shown: Type, json: unknown): Read {
  if (members.length === 0 || typeof json !== "string") return wrongType(w, shown, json);
  for (const m of members) if (m.tag === json) return m.name;
  return fail(w, "member", memberWords(members.map((m) => m.tag), json));
}

function list(w: Walk, item: Type, bounds: { min_items?: number; max_items?: number }, shown: Type, json: unknown): Read {
  if (!Array.isArray(json)) return wrongType(w, shown, json);
  // Too many items is told before any item is read: an answer can't make the walk long.
  const tooMany = itemsViolation(json.length, { max_items: bounds.max_items });
  if (tooMany !== null) return broken(w, tooMany);
  const out: DecodedValue[] = new Array<DecodedValue>(json.length);
  for (let i = 0; i < json.length; i++) {
    w.path.push(i);
    const value = read(w, item, item, json[i]);
    if (value === FAIL) return FAIL;
    out[i] = value;
    w.path.pop();
  }
  const tooFew = itemsViolation(json.length, { min_items: bounds.min_items });
  return tooFew === null ? out : broken(w, tooFew);
}

function record(w: Walk, fields: readonly Field[], shown: Type, json: unknown): Read {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return wrongType(w, shown, json);
  const given = json as Record<string, unknown>;
  const out: { [field: string]: DecodedValue } = {};
  let present = 0;
  for (const field of fields) {
    w.path.push(field.name);
    if (Object.hasOwn(given, field.name)) {
      present++;
      const value = read(w, field.type, field.type, given[field.name]);
      if (value === FAIL) return FAIL;
      out[field.name] = value;
    } else if (field.type.kind === "optional") {
      out[field.name] = null; // a missing `T?` field is none (docs/ai.md)
    } else {
      return fail(w, "missing", missingWords(field.type));
    }
    w.path.pop();
  }
  const keys = Object.keys(given);
  if (keys.length > present) {
    for (const key of keys) {
      if (fields.some((f) => f.name === key)) continue;
      return fail(w, "unknown", unknownWords(shown, fields.map((f) => f.name)), formatPath([...w.path, key]));
    }
  }
  return out;
}

/**
 * `String.prototype.isWellFormed` (Node 20; not in the ES2023 lib): false when the text holds an
 * unpaired UTF-16 surrogate (JSON's `"\\ud800"` decodes to one, and it is no Unicode character).
 */
const isWellFormed = (String.prototype as unknown as { isWellFormed: (this: string) => boolean }).isWellFormed;

/** Whether a JSON string is Unicode text (a Text holds characters, never half of one). */
export function isUnicodeText(t: string): boolean {
  return isWellFormed.call(t);
}

/** A JSON value's kind in Jadpo's words, for `got ...`. */
export function kindOf(json: unknown): string {
  if (json === null) return "none";
  if (json === undefined) return "nothing";
  if (typeof json === "string") return "Text";
  if (typeof json === "boolean") return "Bool";
  if (typeof json === "number") {
    if (Number.isSafeInteger(json)) return "Int";
    if (Number.isInteger(json)) return "an integer beyond ±(2^53−1)";
    return Number.isFinite(json) ? "Decimal" : "a number out of range";
  }
  if (Array.isArray(json)) return "a list";
  return "an object";
}
