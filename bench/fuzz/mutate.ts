// Mutations of Jadpo sources for the in-process fuzz: small edits, hostile tokens, deep nesting,
// huge names and literals, many errors, long lines, broken UTF-8. Every choice comes from a seeded
// stream, so any input can be made again from its number.

/** mulberry32. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOKENS = [
  "{", "}", "(", ")", "[", "]", "<", ">", ",", ":", ".", "->", "=>", "=", "==", "+", "-", "*", "/", "%", "?", "|", "_",
  "type", "function", "action", "test", "fixtures", "prompt", "failure", "connection", "locales", "use", "var", "mut",
  "if", "else", "for", "in", "return", "reject", "assert", "attempt", "match", "success", "some", "fails", "true",
  "false", "none", "fakes", "advance", "clock", "by", "ai", "ai.generate", "Text", "Int", "Decimal", "Bool", "List<",
  "Object", "Enum", "Instant", "Duration", "x", "Foo", "\"text\"", "\"\"\"", "\"{x}\"", "\"\\q\"", "\"\\u{110000}\"",
  "\"\\u{D800}\"", "\u0000", "\ufeff", "\u2028", "\u202e", "\ud800", "😀", "123456789012345678901234567890", "1e309",
  "1.5", "10s", "99999999999h", "pattern:", "\"(a+)+b\"", "\"(?!)\"", "min_length:", "max_length: 0", "personal:",
  "// comment", "/* c */", "\n", "\t", "\r", "when", "when {", "when \"t\" =>", "like(", "generated", "after 2s",
];

/** What the `when item` mutation puts at the start of a `fakes:` item: `when` items whole and broken, `like`, `generated`. */
const WHEN_ITEMS = [
  'when { question: "Sesame?" } => ', 'when { question: "Sesame?"  reader_locale: Locale.en_gb } => [', "when { } => ",
  'when "rye" => ', 'when "rye" => [like("spelt"), ', "when { question: 1 } => [generated, ", "when { q: x } => when { q: y } => ",
  'like("text"), ', "generated, ", "generated after 2s, ", "when { question: \"a\" } => [refused] after 1s, ",
];

const OPENERS = ["(", "[", "{", "List<", "f(", "A { a: ", "if a { ", "match x { _ => { ", "not ", "-", "attempt ", "[[", "Box { v: "];
const CLOSERS: Record<string, string> = { "(": ")", "[": "]", "{": "}", "List<": ">", "f(": ")", "A { a: ": " }", "if a { ": " }", "match x { _ => { ": " } }", "not ": "", "-": "", "attempt ": "", "[[": "]]", "Box { v: ": " }" };

export type Mutation = (text: string, r: () => number) => string;

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: () => number, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
const at = (text: string, r: () => number): number => Math.floor(r() * (text.length + 1));

/** What huge inputs may reach: big enough to show anything quadratic, small enough for 20,000 runs. */
const HUGE = [1_000, 100_000, 1_000_000];

export const mutations: [string, Mutation, number][] = [
  ["delete", (t, r) => { const i = at(t, r); return t.slice(0, i) + t.slice(i + int(r, 1, 60)); }, 12],
  ["token", (t, r) => { const i = at(t, r); return `${t.slice(0, i)} ${pick(r, TOKENS)} ${t.slice(i)}`; }, 12],
  ["tokens", (t, r) => { const i = at(t, r); return `${t.slice(0, i)}${Array.from({ length: int(r, 2, 15) }, () => pick(r, TOKENS)).join(" ")}${t.slice(i)}`; }, 8],
  ["dup line", (t, r) => { const ls = t.split("\n"); const i = int(r, 0, ls.length - 1); ls.splice(i, 0, ls[i]); return ls.join("\n"); }, 6],
  ["swap lines", (t, r) => { const ls = t.split("\n"); const i = int(r, 0, ls.length - 1), j = int(r, 0, ls.length - 1); [ls[i], ls[j]] = [ls[j], ls[i]]; return ls.join("\n"); }, 6],
  ["nest", (t, r) => {
    const o = pick(r, OPENERS); const n = int(r, 50, 3_050); const i = at(t, r);
    return t.slice(0, i) + o.repeat(n) + "x" + (r() < 0.5 ? CLOSERS[o].repeat(n) : "") + t.slice(i);
  }, 6],
  ["deep nest", (t, r) => { const o = pick(r, OPENERS); const i = at(t, r); return t.slice(0, i) + o.repeat(pick(r, [10_000, 50_000])) + t.slice(i); }, 1],
  ["huge name", (t, r) => {
    const n = pick(r, HUGE);
    const name = pick(r, ["x", "X", "a_", "9"]).repeat(n);
    const words = t.match(/\b[A-Za-z_][A-Za-z0-9_]*\b/g) ?? ["x"];
    const w = pick(r, words);
    return t.replace(w, name);
  }, 2],
  ["huge literal", (t, r) => {
    const n = pick(r, HUGE); const i = at(t, r);
    const lit = pick(r, [`"${"a".repeat(n)}"`, "9".repeat(n), `1.${"5".repeat(n)}`, `"""\n${"line\n".repeat(n / 5)}"""`, `"${"\\n".repeat(n / 2)}"`]);
    return t.slice(0, i) + lit + t.slice(i);
  }, 2],
  ["many errors", (t, r) => {
    const line = pick(r, ["    zz\n", "    var x = zz\n", "    return nope(1)\n", "    x +\n", "    assert\n"]);
    return `${t}\nfunction many_errors() -> Int {\n${line.repeat(pick(r, [100, 2_000, 20_000]))}    return 1\n}\n`;
  }, 3],
  ["long line", (t, r) => {
    if (r() < 0.3) return t.replace(/\n/g, " ");
    const unit = pick(r, ["x ", "a + ", "[1] ", "\"s\" ", "// c "]); const i = at(t, r);
    return t.slice(0, i) + unit.repeat(pick(r, [10_000, 100_000])) + t.slice(i);
  }, 3],
  ["truncate", (t, r) => t.slice(0, at(t, r)), 4],
  ["random text", (t, r) => { const i = at(t, r); return t.slice(0, i) + Array.from({ length: int(r, 1, 40) }, () => String.fromCharCode(int(r, 0, 0x2fff))).join("") + t.slice(i); }, 4],
  ["when item", (t, r) => {
    // At the start of a script's item when the file has one, else anywhere.
    const starts = [...t.matchAll(/ai\.\w+\s*:\s*\[\s*|,\s*(?=\S)/g)].map((m) => m.index + m[0].length);
    const i = starts.length > 0 ? pick(r, starts) : at(t, r);
    return t.slice(0, i) + pick(r, WHEN_ITEMS) + t.slice(i);
  }, 4],
  ["bom", (t) => `\ufeff${t}`, 1],
  ["newlines", (t, r) => t.replace(/\n/g, r() < 0.5 ? "\r\n" : "\r"), 2],
];

const totalWeight = mutations.reduce((n, [, , w]) => n + w, 0);

export function chooseMutation(r: () => number): [string, Mutation] {
  let x = r() * totalWeight;
  for (const [name, m, w] of mutations) {
    if ((x -= w) < 0) return [name, m];
  }
  return [mutations[0][0], mutations[0][1]];
}

/** Invalid UTF-8 spliced into the bytes of a text. */
export function breakUtf8(text: string, r: () => number): Uint8Array {
  const bytes = Buffer.from(text, "utf8");
  const bad = pick(r, [[0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x80], [0xff], [0x00], [0xef, 0xbb, 0xbf], [0x1b, 0x5b, 0x33, 0x31, 0x6d]]);
  const i = Math.floor(r() * (bytes.length + 1));
  return new Uint8Array(Buffer.concat([bytes.subarray(0, i), Buffer.from(bad), bytes.subarray(i)]));
}
