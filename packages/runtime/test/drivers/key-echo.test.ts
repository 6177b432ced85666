// Finding the connection's key in an answer (docs/ai.md): whole, JSON-escaped, URL-encoded, or any
// 8 characters of it in a row; a key shorter than 8 only as a whole word; linear on a large text.
import { describe, expect, it } from "vitest";
import { keyEcho, redactJson } from "../../src/drivers/key-echo.ts";
import { redact } from "../../src/drivers/errors.ts";

const KEY = "sk-relprobe3-DEVKEY-71c0de55aa";

describe("keyEcho", () => {
  it("redacts the key verbatim, wherever it stands, and nothing else", () => {
    const echo = keyEcho(KEY);
    expect(echo.redact(`your key is ${KEY}, twice: ${KEY}${KEY}.`)).toBe("your key is ***, twice: ***.");
    expect(echo.redact("No sesame in the rye.")).toBe("No sesame in the rye.");
    expect(echo.contains(`a${KEY}b`)).toBe(true);
    expect(echo.contains("No sesame in the rye.")).toBe(false);
  });

  it("redacts any run of 8 or more of its characters (a partial echo), but not 7", () => {
    const echo = keyEcho(KEY);
    expect(echo.redact(`key starts ${KEY.slice(0, -3)}`)).toBe("key starts ***");
    expect(echo.redact(`middle: ${KEY.slice(7, 15)}!`)).toBe("middle: ***!");
    expect(echo.redact(`seven: ${KEY.slice(7, 14)}!`)).toBe(`seven: ${KEY.slice(7, 14)}!`);
    // Two parts side by side that are not side by side in the key: both go.
    expect(echo.redact(`${KEY.slice(20)}${KEY.slice(0, 9)}`)).toBe("***");
  });

  it("redacts the key as JSON text writes it (escaped once or twice) and URL-encoded", () => {
    const key = 'sk-quote"and\\slash-71c0de55aa';
    const echo = keyEcho(key);
    const once = JSON.stringify(key).slice(1, -1);
    const twice = JSON.stringify(once).slice(1, -1);
    for (const form of [key, once, twice, encodeURIComponent(key)]) {
      expect(echo.redact(`<${form}>`)).toBe("<***>");
    }
    expect(echo.contains(JSON.stringify({ reply: `key: ${key}` }))).toBe(true);
    expect(JSON.parse(JSON.stringify(redactJson({ reply: `key: ${key}`, n: 1 }, echo)))).toEqual({ reply: "key: ***", n: 1 });
  });

  it("matches a key shorter than 8 characters as a whole word only", () => {
    const echo = keyEcho("k");
    expect(echo.contains("kind keys bake")).toBe(false);
    expect(echo.redact("your key is k.")).toBe("your key is ***.");
    expect(echo.redact("k")).toBe("***");
    expect(keyEcho("abc123").redact("xabc123 abc123")).toBe("xabc123 ***");
  });

  it("hides exactly what a plain search of every 8-character window would, on 300 seeded texts", () => {
    const key = 'sk-ab"c\\abcab-9x';
    const forms = [key, JSON.stringify(key).slice(1, -1), JSON.stringify(JSON.stringify(key).slice(1, -1)).slice(1, -1), encodeURIComponent(key)];
    const windows = new Set(forms.flatMap((f) => Array.from({ length: Math.max(0, f.length - 7) }, (_, i) => f.slice(i, i + 8))));
    const naive = (text: string): string => {
      const hidden = new Array<boolean>(text.length).fill(false);
      for (let i = 0; i + 8 <= text.length; i++) if (windows.has(text.slice(i, i + 8))) hidden.fill(true, i, i + 8);
      let out = "";
      for (let i = 0; i < text.length; i++) {
        if (!hidden[i]) out += text[i];
        else if (i === 0 || !hidden[i - 1]) out += "***";
      }
      return out;
    };
    let seed = 7;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const echo = keyEcho(key);
    for (let round = 0; round < 300; round++) {
      let text = "";
      while (text.length < 200) {
        const form = forms[next(forms.length)];
        const start = next(form.length);
        text += next(3) === 0 ? "xyz " : form.slice(start, start + 1 + next(form.length - start));
      }
      expect(echo.redact(text)).toBe(naive(text));
    }
  });

  it("finds nothing without a key", () => {
    expect(keyEcho(null).redact(KEY)).toBe(KEY);
    expect(keyEcho("").contains(KEY)).toBe(false);
  });

  it("driver messages use the same finder", () => {
    expect(redact(`Incorrect API key provided: ${KEY.slice(3, 20)}…`, KEY)).toBe("Incorrect API key provided: ***…");
  });

  it("stays linear: a 4 MiB answer made of the key, and one of other text, each in one pass", () => {
    const echo = keyEcho(KEY);
    const echoed = KEY.repeat(Math.ceil((4 * 1024 * 1024) / KEY.length));
    expect(echo.redact(echoed)).toBe("***");
    const plain = "All our loaves are baked daily. ".repeat(128 * 1024);
    expect(echo.redact(plain)).toBe(plain);
  });
});
