// A prompt's `system:`/`text:` with its placeholders filled (docs/language.md): `{param}` and
// `{param.field}` become the value as text, `{{` and `}}` write `{` and `}`.
import { formatDuration, formatInstant, parseTemplate, type TemplatePart, type Type } from "@jadpo/compiler";
import { canonicalJson, toJson } from "../values/json.ts";
import { shapeOf } from "../values/shape.ts";
import type { Value, ValueRecord } from "../values/value.ts";

/** Templates are parsed once each: the compiler's reading, so rendering and checking agree. */
const parsed = new Map<string, TemplatePart[]>();

function partsOf(template: string): TemplatePart[] {
  let parts = parsed.get(template);
  if (parts === undefined) {
    parts = parseTemplate(template);
    parsed.set(template, parts);
  }
  return parts;
}

export function renderPromptText(template: string, values: Record<string, Value>, paramTypes: Map<string, Type>): string {
  let out = "";
  for (const part of partsOf(template)) {
    if (part.kind === "text") {
      out += part.text;
      continue;
    }
    // Unknown or malformed placeholders are a compile error (prompt.unknown_placeholder); kept as written.
    const closed = template[part.offset + 1 + part.raw.length] === "}";
    const asWritten = `{${part.raw}${closed ? "}" : ""}`;
    out += part.kind === "placeholder" ? (placeholder(part.path, values, paramTypes) ?? asWritten) : asWritten;
  }
  return out;
}

function placeholder(path: string[], values: Record<string, Value>, paramTypes: Map<string, Type>): string | null {
  const [param, ...fields] = path;
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
