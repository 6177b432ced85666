// A value as JSON, the form answers and recordings take (docs/ai.md): Instants as ISO 8601 text,
// Durations as duration text, enum members by tag (a Locale's `en-GB`), none as null.
import type { Type } from "@jadpo/compiler";
import { canonicalJson as canonicalOf, formatDuration, formatInstant, isTextBased } from "@jadpo/compiler";
import { shapeOf } from "./shape.ts";
import type { JsonValue, Value, ValueRecord } from "./value.ts";

export function toJson(type: Type, value: Value): JsonValue {
  if (value === null) return null;
  const shape = shapeOf(type);
  switch (shape.kind) {
    case "scalar":
      if (shape.base === "Instant" && typeof value === "number") return formatInstant(value);
      if (shape.base === "Duration" && typeof value === "number") return formatDuration(value);
      return value as JsonValue;
    case "enum": {
      const member = shape.members.find((m) => m.name === value);
      return member === undefined ? (value as JsonValue) : member.tag;
    }
    case "optional":
      return toJson(shape.inner, value);
    case "list":
      return Array.isArray(value) ? value.map((item) => toJson(shape.item, item)) : (value as JsonValue);
    case "object": {
      if (typeof value !== "object" || Array.isArray(value)) return value as JsonValue;
      const record = value as ValueRecord;
      const out: { [key: string]: JsonValue } = {};
      for (const field of shape.fields) out[field.name] = toJson(field.type, record[field.name] ?? null);
      return out;
    }
    case "nothing":
      return null;
  }
}

/** The answer text a model would give for this value: a Text-based value verbatim, otherwise its JSON. */
export function answerTextOf(type: Type, value: Value): string {
  if (isTextBased(type) && typeof value === "string") return value;
  return JSON.stringify(toJson(type, value));
}

/** Canonical JSON: keys sorted at every depth, no whitespace — the compiler's, which the version digest uses. */
export function canonicalJson(json: JsonValue): string {
  return canonicalOf(json);
}
