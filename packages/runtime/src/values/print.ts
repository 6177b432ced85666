// A value written as Jadpo source, for `got:` and `expected:` lines: text literals quoted and
// escaped, enum members as `Tone.friendly`, records as `SupportAnswer { reply: "x"  ok: true }`.
// Where Jadpo has no literal (Instant), the value is written as its ISO 8601 text, unquoted.
import { cutCodePoints, formatDuration, formatInstant, type Type } from "@jadpo/compiler";
import { shapeOf } from "./shape.ts";
import type { Value, ValueRecord } from "./value.ts";

/**
 * Past this many characters a printed value is cut, ending in `…`: a `got:` line stays one line
 * however big the value. Each text inside it is cut sooner, at TEXT_LIMIT code points, so the
 * fields after a long text still show.
 */
export const PRINT_LIMIT = 500;
export const TEXT_LIMIT = 80;

/** Stops a print once the text is long enough to be cut, so a huge value costs no more than a small one. */
class Cut extends Error {}

/** The value as source, cut to `limit` characters with `…` when longer; with no limit (Infinity), whole: texts too. */
export function printValue(type: Type, value: Value, limit = PRINT_LIMIT): string {
  const out = { text: "" };
  try {
    write(type, value, out, limit);
  } catch (e) {
    if (!(e instanceof Cut)) throw e;
  }
  return cutCodePoints(out.text, limit);
}

function write(type: Type, value: Value, out: { text: string }, limit: number): void {
  const put = (text: string) => {
    out.text += text.length > limit + 1 ? text.slice(0, limit + 1) : text;
    if (out.text.length > limit) throw new Cut();
  };
  if (value === null) return put("none");
  const shape = shapeOf(type);
  switch (shape.kind) {
    case "optional":
      return write(shape.inner, value, out, limit);
    case "scalar":
      switch (shape.base) {
        case "Text":
          return put(limit === Infinity ? textLiteral(String(value)) : cutText(String(value)));
        case "Int":
          return put(numberText(value));
        case "Decimal": {
          // A Decimal always shows it is one: 2 prints as 2.0.
          const n = numberText(value);
          return put(/^-?\d+$/.test(n) ? `${n}.0` : n);
        }
        case "Bool":
          return put(value === true ? "true" : "false");
        case "Instant":
          return put(typeof value === "number" ? formatInstant(value) : String(value));
        case "Duration":
          return put(typeof value === "number" ? formatDuration(value) : String(value));
      }
      return put(String(value));
    case "enum":
      return put(`${shape.decl.name}.${String(value)}`);
    case "list":
      if (!Array.isArray(value)) return put(String(value));
      put("[");
      value.forEach((item, i) => {
        if (i > 0) put(", ");
        write(shape.item, item, out, limit);
      });
      return put("]");
    case "object": {
      const record = value as ValueRecord;
      if (shape.fields.length === 0) return put(`${shape.decl.name} {}`);
      put(`${shape.decl.name} { `);
      shape.fields.forEach((f, i) => {
        put(`${i > 0 ? "  " : ""}${f.name}: `);
        write(f.type, record[f.name] ?? null, out, limit);
      });
      return put(" }");
    }
    case "nothing":
      return put("none");
  }
}

/** A text literal of at most TEXT_LIMIT code points, `…` after the quote when cut. */
function cutText(text: string): string {
  let end = 0;
  for (let n = 0; end < text.length && n < TEXT_LIMIT; n++) end += (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  return end >= text.length ? textLiteral(text) : `${textLiteral(text.slice(0, end))}…`;
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
