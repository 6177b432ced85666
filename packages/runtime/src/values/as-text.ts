// A value as text: what a prompt's `{placeholder}` writes and what `text.of` returns, one function
// for both so the two never drift apart.
import { formatDuration, formatInstant, type Type } from "@jadpo/compiler";
import { canonicalJson, toJson } from "./json.ts";
import { shapeOf } from "./shape.ts";
import type { Value } from "./value.ts";

/**
 * Text as is; Int and Decimal as JavaScript's `String` writes them (`-0` as `0`); Bool
 * `true`/`false`; an enum member by its name, a Locale by its tag; an Instant as ISO 8601 in UTC
 * (milliseconds only when not zero); a Duration in the largest unit that divides it exactly;
 * none as nothing; lists and records as canonical JSON (prompts only: `text.of` takes neither).
 */
export function valueAsText(type: Type, value: Value): string {
  if (value === null) return "";
  const shape = shapeOf(type);
  switch (shape.kind) {
    case "optional":
      return valueAsText(shape.inner, value);
    case "scalar":
      if (shape.base === "Instant" && typeof value === "number") return formatInstant(value);
      if (shape.base === "Duration" && typeof value === "number") return formatDuration(value);
      if (typeof value === "number") return Object.is(value, -0) ? "0" : String(value);
      return String(value);
    case "enum":
      // A member's tag is its name, except a Locale's (`en-GB`).
      return shape.members.find((m) => m.name === value)?.tag ?? String(value);
    case "list":
    case "object":
      return canonicalJson(toJson(type, value));
    case "nothing":
      return "";
  }
}
