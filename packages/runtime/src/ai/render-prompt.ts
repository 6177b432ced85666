// A prompt's `system:`/`text:` with its placeholders filled (SPEC 4.5): `{param}` and
// `{param.field}` become the value as text, `{{` and `}}` write `{` and `}`.
import type { Type } from "@jadpo/compiler";
import { canonicalJson, toJson } from "../values/json.ts";
import { shapeOf } from "../values/shape.ts";
import { formatDuration, formatInstant } from "../values/time.ts";
import type { Value, ValueRecord } from "../values/value.ts";

const PLACEHOLDER = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function renderPromptText(template: string, values: Record<string, Value>, paramTypes: Map<string, Type>): string {
  let out = "";
  let i = 0;
  while (i < template.length) {
    const ch = template[i];
    if (ch === "{" && template[i + 1] === "{") {
      out += "{";
      i += 2;
    } else if (ch === "}" && template[i + 1] === "}") {
      out += "}";
      i += 2;
    } else if (ch === "{") {
      const end = template.indexOf("}", i + 1);
      const name = end < 0 ? "" : template.slice(i + 1, end);
      const rendered = PLACEHOLDER.test(name) ? placeholder(name, values, paramTypes) : null;
      if (rendered === null) {
        // Unknown placeholders are a compile error (prompt.unknown_placeholder); kept as written.
        out += ch;
        i += 1;
      } else {
        out += rendered;
        i = end + 1;
      }
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

function placeholder(name: string, values: Record<string, Value>, paramTypes: Map<string, Type>): string | null {
  const [param, ...fields] = name.split(".");
  let type = paramTypes.get(param);
  if (type === undefined || !Object.hasOwn(values, param)) return null;
  let value: Value = values[param];
  for (const field of fields) {
    if (value === null) return ""; // a field of none is none
    while (type.kind === "optional") type = type.inner;
    const shape = shapeOf(type);
    if (shape.kind !== "object") return null;
    const decl = shape.fields.find((f) => f.name === field);
    if (decl === undefined) return null;
    type = decl.type;
    value = (value as ValueRecord)[field] ?? null;
  }
  return valueAsPromptText(type, value);
}

/** Text as is, numbers in shortest form, Bool true/false, an enum member by name, a Locale by tag, none empty, lists and records as canonical JSON. */
export function valueAsPromptText(type: Type, value: Value): string {
  if (value === null) return "";
  const shape = shapeOf(type);
  switch (shape.kind) {
    case "optional":
      return valueAsPromptText(shape.inner, value);
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
