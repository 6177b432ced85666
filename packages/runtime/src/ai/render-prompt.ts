// A prompt's `system:`/`text:` with its placeholders filled (docs/language.md): `{param}` and
// `{param.field}` become the value as text (as `text.of` writes it), `{{` and `}}` write `{` and `}`.
import { parseTemplate, type TemplatePart, type Type } from "@jadpo/compiler";
import { valueAsText } from "../values/as-text.ts";
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
  return valueAsText(type, value);
}
