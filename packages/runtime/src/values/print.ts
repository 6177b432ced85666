// A value written as Jadpo source, for `got:` and `expected:` lines: text literals quoted and
// escaped, enum members as `Tone.friendly`, records as `SupportAnswer { reply: "x"  ok: true }`.
// Where Jadpo has no literal (Instant), the value is written as its ISO 8601 text, unquoted.
import type { Type } from "@jadpo/compiler";
import { shapeOf } from "./shape.ts";
import { formatDuration, formatInstant } from "./time.ts";
import type { Value, ValueRecord } from "./value.ts";

export function printValue(type: Type, value: Value): string {
  if (value === null) return "none";
  const shape = shapeOf(type);
  switch (shape.kind) {
    case "optional":
      return printValue(shape.inner, value);
    case "scalar":
      switch (shape.base) {
        case "Text":
          return textLiteral(String(value));
        case "Int":
          return numberText(value);
        case "Decimal": {
          // A Decimal always shows it is one: 2 prints as 2.0.
          const n = numberText(value);
          return /^-?\d+$/.test(n) ? `${n}.0` : n;
        }
        case "Bool":
          return value === true ? "true" : "false";
        case "Instant":
          return typeof value === "number" ? formatInstant(value) : String(value);
        case "Duration":
          return typeof value === "number" ? formatDuration(value) : String(value);
      }
      return String(value);
    case "enum":
      return `${shape.decl.name}.${String(value)}`;
    case "list":
      return Array.isArray(value) ? `[${value.map((item) => printValue(shape.item, item)).join(", ")}]` : String(value);
    case "object": {
      const record = value as ValueRecord;
      if (shape.fields.length === 0) return `${shape.decl.name} {}`;
      const fields = shape.fields.map((f) => `${f.name}: ${printValue(f.type, record[f.name] ?? null)}`);
      return `${shape.decl.name} { ${fields.join("  ")} }`;
    }
    case "nothing":
      return "none";
  }
}

function numberText(value: Value): string {
  if (typeof value !== "number") return String(value);
  return Object.is(value, -0) ? "0" : String(value);
}

/** A Jadpo text literal: `"` and `\` escaped, newlines and tabs as `\n \r \t`, other control characters as `\u{H}`. */
export function textLiteral(text: string): string {
  let out = '"';
  for (const ch of text) {
    switch (ch) {
      case '"':
        out += '\\"';
        break;
      case "\\":
        out += "\\\\";
        break;
      case "\n":
        out += "\\n";
        break;
      case "\r":
        out += "\\r";
        break;
      case "\t":
        out += "\\t";
        break;
      default: {
        const code = ch.codePointAt(0) ?? 0;
        out += code < 0x20 || code === 0x7f ? `\\u{${code.toString(16).toUpperCase()}}` : ch;
      }
    }
  }
  return `${out}"`;
}
