// A strict JSON reader for recordings (docs/testing.md). JSON.parse keeps the last of two equal keys
// without a word; a recording with a duplicate key is undecodable, so this reader parses
// RFC 8259 JSON itself and reports the first problem as a short phrase with its line and column.
import type { JsonValue } from "../values/value.ts";

export type StrictJsonResult = { ok: true; value: JsonValue } | { ok: false; problem: string };

/** Deeper than this is refused rather than risking the stack (docs/cli.md: no input may overflow it). */
const MAX_DEPTH = 512;

class JsonProblem {
  constructor(readonly what: string, readonly at: number) {}
}

export function parseStrictJson(text: string): StrictJsonResult {
  const p = new Parser(text);
  try {
    p.skipWhitespace();
    const value = p.value(0, "");
    p.skipWhitespace();
    if (p.pos < text.length) return { ok: false, problem: `it has more after its JSON value (${p.where(p.pos)})` };
    return { ok: true, value };
  } catch (e) {
    if (e instanceof JsonProblem) return { ok: false, problem: `${e.what} (${p.where(e.at)})` };
    throw e;
  }
}

class Parser {
  pos = 0;
  constructor(private readonly text: string) {}

  where(at: number): string {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < at && i < this.text.length; i++) {
      if (this.text.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
    return `line ${line}, column ${at - lineStart + 1}`;
  }

  skipWhitespace(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.pos++;
      else break;
    }
  }

  private fail(what: string, at = this.pos): never {
    throw new JsonProblem(what, at);
  }

  private unexpected(): never {
    if (this.pos >= this.text.length) this.fail("it is not valid JSON: it ends too early");
    const ch = String.fromCodePoint(this.text.codePointAt(this.pos) ?? 0);
    this.fail(`it is not valid JSON: unexpected ${JSON.stringify(ch)}`);
  }

  /** `path` names where we are, for the duplicate-key message (`answer.tags[1]`). */
  value(depth: number, path: string): JsonValue {
    if (depth > MAX_DEPTH) this.fail(`it nests deeper than ${MAX_DEPTH}`);
    const c = this.text[this.pos];
    if (c === "{") return this.object(depth, path);
    if (c === "[") return this.array(depth, path);
    if (c === "\"") return this.string();
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return this.number();
    if (this.text.startsWith("true", this.pos)) return this.word(4, true);
    if (this.text.startsWith("false", this.pos)) return this.word(5, false);
    if (this.text.startsWith("null", this.pos)) return this.word(4, null);
    return this.unexpected();
  }

  private word<T>(length: number, value: T): T {
    this.pos += length;
    return value;
  }

  private object(depth: number, path: string): JsonValue {
    const start = this.pos;
    this.pos++; // {
    const entries: Array<[string, JsonValue]> = [];
    const seen = new Set<string>();
    this.skipWhitespace();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return {};
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.pos] !== "\"") this.unexpected();
      const keyAt = this.pos;
      const key = this.string();
      if (seen.has(key)) {
        const where = path === "" ? "" : ` in \`${path}\``;
        this.fail(`the key ${JSON.stringify(key)} appears twice${where}`, keyAt);
      }
      seen.add(key);
      this.skipWhitespace();
      if (this.text[this.pos] !== ":") this.unexpected();
      this.pos++;
      this.skipWhitespace();
      entries.push([key, this.value(depth + 1, path === "" ? key : `${path}.${key}`)]);
      this.skipWhitespace();
      const c = this.text[this.pos];
      if (c === ",") {
        this.pos++;
        continue;
      }
      if (c === "}") {
        this.pos++;
        break;
      }
      if (c === undefined) this.fail(`it is not valid JSON: the object opened here is never closed`, start);
      this.unexpected();
    }
    // fromEntries defines own properties, so a key like `__proto__` stays an ordinary key.
    return Object.fromEntries(entries) as { [key: string]: JsonValue };
  }

  private array(depth: number, path: string): JsonValue {
    const start = this.pos;
    this.pos++; // [
    const items: JsonValue[] = [];
    this.skipWhitespace();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return items;
    }
    for (;;) {
      this.skipWhitespace();
      items.push(this.value(depth + 1, `${path}[${items.length}]`));
      this.skipWhitespace();
      const c = this.text[this.pos];
      if (c === ",") {
        this.pos++;
        continue;
      }
      if (c === "]") {
        this.pos++;
        return items;
      }
      if (c === undefined) this.fail(`it is not valid JSON: the list opened here is never closed`, start);
      this.unexpected();
    }
  }

  private string(): string {
    const t = this.text;
    const start = this.pos;
    this.pos++; // "
    let out = "";
    let runStart = this.pos;
    for (;;) {
      if (this.pos >= t.length) this.fail("it is not valid JSON: a text is never closed", start);
      const c = t.charCodeAt(this.pos);
      if (c === 0x22) {
        out += t.slice(runStart, this.pos);
        this.pos++;
        return out;
      }
      if (c < 0x20) this.fail("it is not valid JSON: a control character inside a text");
      if (c !== 0x5c) {
        this.pos++;
        continue;
      }
      out += t.slice(runStart, this.pos);
      const e = t[this.pos + 1];
      const simple: Record<string, string> = { "\"": "\"", "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
      if (e !== undefined && e in simple) {
        out += simple[e];
        this.pos += 2;
      } else if (e === "u") {
        const hex = t.slice(this.pos + 2, this.pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("it is not valid JSON: a bad \\u escape");
        out += String.fromCharCode(parseInt(hex, 16));
        this.pos += 6;
      } else {
        this.fail("it is not valid JSON: a bad escape");
      }
      runStart = this.pos;
    }
  }

  private number(): number {
    const m = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
    m.lastIndex = this.pos;
    const found = m.exec(this.text);
    if (found === null) this.fail("it is not valid JSON: a bad number");
    const value = Number(found[0]);
    if (!Number.isFinite(value)) this.fail("it is not valid JSON: a number too large");
    this.pos += found[0].length;
    // `01` or `1.`: the regex stops early and the next character is reported by the caller.
    return value;
  }
}
