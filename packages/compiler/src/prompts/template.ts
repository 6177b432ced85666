// A prompt's `system:` / `text:` as parts: literal text and `{param}` / `{param.field}`
// placeholders (docs/language.md). `{{` and `}}` write `{` and `}`. Shared by the checker (unknown
// placeholders) and the runtime (rendering), so both read a template the same way.

export type TemplatePart =
  | { kind: "text"; text: string }
  /** `path` is the parameter then the field names: `["question"]`, `["order", "code"]`. `raw` is what stood between the braces. */
  | { kind: "placeholder"; path: string[]; raw: string; offset: number }
  /** A `{` that doesn't open a well-formed placeholder (unclosed, or not `name` / `name.field`). */
  | { kind: "invalid"; raw: string; offset: number };

const PLACEHOLDER = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = "";
  const flush = () => {
    if (text !== "") parts.push({ kind: "text", text });
    text = "";
  };
  let i = 0;
  while (i < template.length) {
    const c = template[i];
    if (c === "{" && template[i + 1] === "{") {
      text += "{";
      i += 2;
    } else if (c === "}" && template[i + 1] === "}") {
      text += "}";
      i += 2;
    } else if (c === "{") {
      const close = template.indexOf("}", i + 1);
      flush();
      if (close < 0) {
        parts.push({ kind: "invalid", raw: template.slice(i + 1), offset: i });
        break;
      }
      const raw = template.slice(i + 1, close);
      const trimmed = raw.trim();
      if (PLACEHOLDER.test(trimmed)) parts.push({ kind: "placeholder", path: trimmed.split("."), raw, offset: i });
      else parts.push({ kind: "invalid", raw, offset: i });
      i = close + 1;
    } else {
      text += c;
      i++;
    }
  }
  flush();
  return parts;
}
