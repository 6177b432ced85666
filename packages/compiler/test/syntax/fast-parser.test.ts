// The hand-written parser (src/syntax/fast/) against the chevrotain parser, declaration by
// declaration (fast-agreement.ts): wherever the hand-written one answers, its tree, `locals` and
// `bare` are chevrotain's exactly. The corpus: every Jadpo file of the repository, the docs'
// blocks, the bench's generated projects and parse corpus, tricky valid snippets, and seeded
// token-level mutations of all their declarations. On the valid files it must answer every
// declaration itself (otherwise the speed is not there).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { compareParsers, type Agreement } from "./fast-agreement.ts";
import { repoRoot } from "./helpers.ts";
import { generateCorpus } from "./corpus.ts";
import { docPages, findBlocks, readPage } from "../docs/blocks.ts";
import { decodeSource } from "../../src/source/decode.ts";
import { lex } from "../../src/syntax/lexer.ts";
import { declarationStarts } from "../../src/syntax/declarations.ts";
import { writeJadpoProject } from "../../../../bench/scenarios/jadpo.ts";
import { writeCheckProject } from "../../../../bench/scenarios/check-project.ts";
import { inputRandom, isJadpoFile, walkFiles } from "../../../../bench/fuzz/corpus.ts";

interface Source {
  name: string;
  path: string;
  text: string;
}


const folder = (prefix: string, root: string): Source[] =>
  walkFiles(root, isJadpoFile).map((full) => ({ name: `${prefix}:${relative(root, full)}`, path: relative(root, full), text: readFileSync(full, "utf8") }));

const repoFiles = folder("repo", repoRoot);
const docBlocks: Source[] = docPages().flatMap((page) =>
  findBlocks(page, readPage(page))
    .filter((b) => b.lang === "jadpo" || b.lang === "jadpotest")
    .map((b) => ({ name: `doc:${page}:${b.line}`, path: b.file ?? `domains/snippet/snippet.${b.lang}`, text: b.code })),
);
const benchDir = mkdtempSync(join(tmpdir(), "jadpo-fast-parser-"));
writeJadpoProject(join(benchDir, "tests"), 300);
writeCheckProject(join(benchDir, "check"), 8_000);
const benchFiles = [...folder("bench-tests", join(benchDir, "tests")), ...folder("bench-check", join(benchDir, "check"))];
afterAll(() => rmSync(benchDir, { recursive: true, force: true }));

/** Valid, if unusual, declarations: each corner of the grammar the hand-written parser mirrors. */
const tricky = `use a/type/b { X, Y, }
use support/types { }
type T = List<List<Int>>?? { max_items: 3, min_items: 1 }
type E = Enum { a, b c }
type O = Object { a: Text { max_length: 3 }, b: Int? c: List<Text> }
type Alias = Enum
type Obj = Object
failure F { kind: Unavailable, message: "m" nested: { a: 1, b: { c: [1, 2,] } } }
function f(a: Int, b: List<Text>,) fails F, G -> Text? {
    var mut x: Int = -a.b(1, as: Text, 2,).c + not d * (e - f) % 3 / 4 <= 5 or g and h != i
    x = attempt k(l).m(as: T).n
    if a { return } else if b { return 1 } else if c { reject F } else { assert x fails F }
    for item in [1, 2.5, 10ms, "t", true, false, none,] { advance clock by 2s }
    match x { success(v) => v failure A, B => reject A failure _ => { 1 } some(s) => S { a: 1, b: 2 } none => [] E.m => (1) _ => {} }
    match y {}
    attempt f(a)
    return match z { _ => 1 }
}
function g() { }
action h() -> Int { return 1 }
fixtures Fx { one -> Int { return 1 } two(a: Int) -> Text { return "x" } three() -> Bool { return true } }
prompt p(q: Text) { system: "s" text: """
    hello {q}
    """, version: 2 }
connection c { provider: openai model: "m" key: env("K") }
locales { default: en_gb supported: [en_gb, fr_fr] }
test "t \\" x" { }
test "fakes" {
    fakes: { }
}
test "more fakes" {
    fakes: {
        ai.p: [refused, malformed, raw("x") after 2s, recorded("r"), partial("a", cut_off), partial(["a", "b"], timeout), P { a: 1 }, "s", [0.1, 0.2],]
        ai.embed: []
        ai.q: [1 after 100ms]
        ai.t: [call f(X { a: 1 }), calls [f(X { a: 1 }), raw_call("g", "{}"),] after 2s, raw_call("f", "{}") after 1s, call after 1s, calls, call]
    }
    var call = calls(call)
    var v = p(1) > 2 == true
    lower { a }
    Upper {}
    x.y
}
test "when items" {
    fakes: {
        ai.w: [when { a: 1, b: X { c: [1,] } } => refused after 1s, when "t" => [like("x"), generated after 2s,], when { a: 1 } => [[1, 2]], generated, when, when(1), like]
        ai.v: [when { a: 1 } => call f(X { a: 1 }), when """
            t
            """ => [], when { a: 1 b: 2, } => calls [f(X { })] after 1s]
    }
    var when = like(generated)
}
`;

const corpus: Source[] = [
  ...repoFiles,
  ...docBlocks,
  ...benchFiles,
  { name: "corpus", path: "bench.jadpotest", text: generateCorpus(200_000) },
  { name: "tricky", path: "tricky.jadpotest", text: tricky },
];

function total(sources: Source[]): Agreement {
  const sum: Agreement = { decls: 0, handled: 0, clean: 0, disagreements: [] };
  for (const s of sources) {
    const r = compareParsers(s.path, s.text);
    sum.decls += r.decls;
    sum.handled += r.handled;
    sum.clean += r.clean;
    sum.disagreements.push(...r.disagreements.map((d) => `${s.name}: ${d}`));
  }
  return sum;
}

describe("the hand-written parser reads valid declarations as chevrotain does", () => {
  it("finds the repository's files, the docs' blocks and the bench projects", () => {
    expect(repoFiles.some((f) => f.path === "examples/support/app.jadpo")).toBe(true);
    expect(docBlocks.length).toBeGreaterThan(30);
    expect(benchFiles.length).toBeGreaterThan(20);
  });

  for (const [name, sources] of [["the repository's Jadpo files", repoFiles], ["the docs' blocks", docBlocks], ["the bench projects and parse corpus", [...benchFiles, corpus[corpus.length - 2]]], ["tricky declarations", [corpus[corpus.length - 1]]]] as const) {
    it(`${name}: the same trees, and every declaration chevrotain reads cleanly is read by the hand-written parser`, () => {
      const sum = total([...sources]);
      expect(sum.disagreements).toEqual([]);
      expect(sum.handled).toBe(sum.clean);
      expect(sum.decls).toBeGreaterThan(0);
    });
  }

  it("reads every declaration of the example and of the bench projects (nothing falls back)", () => {
    const sum = total([...repoFiles.filter((f) => f.path.startsWith("examples/")), ...benchFiles]);
    expect(sum.handled).toBe(sum.decls);
    expect(sum.decls).toBeGreaterThan(500);
  });

  it("leaves errors to chevrotain: a chained comparison, a lowercase record, `fails` after the result…", () => {
    const cases = [
      "function f() { return a < b < c }",
      "function f() { return q { a: 1 } }",
      "function f() -> T fails F { }",
      "test \"t\" { var x = 1 fakes: { } }",
      "function f() { match x { E.a, E.b => 1 } }",
      "function f() { match x { y => 1 } }",
      "test \"t\" { fakes: { bi.p: [] } }",
      "test \"t\" { fakes: { ai.p: [when { } => refused] } }",
      "test \"t\" { fakes: { ai.p: [when { a: 1 } => [when { a: 1 } => refused]] } }",
      "test \"t\" { fakes: { ai.p: [when { a: 1 } => [refused] after 1s] } }",
      "type T = Object { a: Int } }",
    ];
    for (const text of cases) {
      const r = compareParsers("x.jadpo", text);
      expect({ text, handled: r.handled, clean: r.clean }).toEqual({ text, handled: 0, clean: 0 });
    }
  });

  it("leaves nesting near the limit to chevrotain, even where chevrotain reads it", () => {
    const r = compareParsers("x.jadpo", `function f() { return ${"(".repeat(200)}1${")".repeat(200)} }`);
    expect([r.handled, r.clean]).toEqual([0, 1]);
    expect(compareParsers("x.jadpo", `function f() { return ${"(".repeat(100)}1${")".repeat(100)} }`).handled).toBe(1);
  });
});

// ---------------------------------------------------------------- mutations

/** What the token mutations insert: every kind of token, a few names and literals. */
const VOCABULARY = [
  "{", "}", "(", ")", "[", "]", "<", ">", "<=", ">=", "==", "!=", "=", "->", "=>", ":", ",", ".", "/", "+", "-", "*", "%", "?",
  "use", "type", "failure", "function", "action", "prompt", "fixtures", "connection", "locales", "test", "fakes", "var", "mut",
  "if", "else", "for", "in", "return", "reject", "assert", "attempt", "match", "success", "some", "fails", "true", "false",
  "none", "and", "or", "not", "advance", "by", "x", "Foo", "_", "as", "after", "ai", "Enum", "Object", "1", "2.5", "3s", "\"t\"",
  "when", "like", "generated",
];

/** Every declaration of the corpus as a text of its own (duplicates once). */
function declarationTexts(): Source[] {
  const out: Source[] = [];
  const seen = new Set<string>();
  for (const s of corpus) {
    const { text } = decodeSource(s.text);
    const stream = lex(text, s.path).stream;
    const starts = declarationStarts(stream);
    for (let c = 0; c < starts.length; c++) {
      const from = c === 0 ? 0 : stream.starts[starts[c]];
      const to = c + 1 < starts.length ? stream.starts[starts[c + 1]] : text.length;
      const decl = text.slice(from, to);
      if (decl.trim() === "" || seen.has(decl)) continue;
      seen.add(decl);
      out.push({ name: `${s.name}#${c}`, path: s.path, text: decl });
    }
  }
  return out;
}

/** Operands an operand may become: a mutant stays valid more often, and meets every kind of primary. */
const OPERANDS = [
  "x", "Foo", "1", "2.5", "3s", "\"t\"", "true", "none", "_", "(x)", "[1, x]", "[]", "f(x)", "f()", "not x", "-x", "attempt f(x)", "x.y",
  "match x { _ => 1 }", "Foo { a: 1 }", "a + b * c", "a < b", "x?",
];
const BINARY_OPS = ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or"];

/** One to three edits of `text` from the seeded `r`: of tokens (delete, duplicate, swap, insert, replace, replace in kind) and of lines. */
function mutate(text: string, r: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  let out = text;
  for (let m = 0, n = 1 + Math.floor(r() * 3); m < n; m++) {
    const stream = lex(out, "m.jadpo").stream;
    if (stream.count === 0) break;
    const k = Math.floor(r() * stream.count);
    const [start, end] = [stream.starts[k], stream.ends[k]];
    const token = out.slice(start, end);
    const kind = Math.floor(r() * 9);
    if (kind === 0) out = out.slice(0, start) + out.slice(end);
    else if (kind === 1) out = `${out.slice(0, end)} ${token}${out.slice(end)}`;
    else if (kind === 2 && k + 1 < stream.count) {
      const [s2, e2] = [stream.starts[k + 1], stream.ends[k + 1]];
      out = out.slice(0, start) + out.slice(s2, e2) + out.slice(end, s2) + token + out.slice(e2);
    } else if (kind === 3) out = `${out.slice(0, start)}${pick(VOCABULARY)} ${out.slice(start)}`;
    else if (kind === 4) out = `${out.slice(0, start)}${pick(VOCABULARY)}${out.slice(end)}`;
    else if (kind === 5 || kind === 6) {
      // In kind: an operator for an operator, an operand for a name or literal.
      const replacement = BINARY_OPS.includes(token) ? pick(BINARY_OPS) : /^["A-Za-z0-9_]/.test(token) ? pick(OPERANDS) : token;
      out = `${out.slice(0, start)}${replacement}${out.slice(end)}`;
    } else {
      const lines = out.split("\n");
      const i = Math.floor(r() * lines.length);
      const j = Math.floor(r() * lines.length);
      if (kind === 7) lines.splice(i, 1);
      else [lines[i], lines[j]] = [lines[j], lines[i]];
      out = lines.join("\n");
    }
  }
  return out;
}

const MUTANTS = 20_000;

describe("mutated declarations", () => {
  it(`${MUTANTS} seeded token mutations: where the hand-written parser answers, chevrotain agrees`, () => {
    const texts = declarationTexts();
    expect(texts.length).toBeGreaterThan(300);
    const sum: Agreement = { decls: 0, handled: 0, clean: 0, disagreements: [] };
    for (let input = 0; input < MUTANTS; input++) {
      const r = inputRandom(0xfa57, input);
      const base = texts[Math.floor(r() * texts.length)];
      const mutated = mutate(base.text, r);
      const result = compareParsers(base.path, mutated);
      sum.decls += result.decls;
      sum.handled += result.handled;
      sum.clean += result.clean;
      for (const d of result.disagreements) sum.disagreements.push(`mutant ${input} of ${base.name}: ${d}\n${mutated}`);
    }
    expect(sum.disagreements.slice(0, 3)).toEqual([]);
    // Not vacuous: many mutants stay valid, and the hand-written parser reads every one of them.
    expect(sum.clean).toBeGreaterThan(MUTANTS / 8);
    expect(sum.handled).toBe(sum.clean);
    // A fixed amount of CPU-bound work: on two busy cores (another suite beside this one) it can
    // take several times its usual 10 s.
  }, 240_000);
});

describe("the chevrotain parser is built only when a declaration falls back", () => {
  it("parsing the example builds no chevrotain parser; a broken declaration builds it", async () => {
    vi.resetModules();
    const { parseFile } = await import("../../src/syntax/parse-file.ts");
    const { parserBuilt } = await import("../../src/syntax/parser.ts");
    for (const f of repoFiles.filter((s) => s.path.startsWith("examples/support/"))) {
      expect(parseFile(f.path, f.path.endsWith("test.jadpo") ? "test" : "source", f.text).diagnostics).toEqual([]);
    }
    expect(parserBuilt()).toBe(false);
    expect(parseFile("x.jadpo", "source", "function f( {").diagnostics.map((d) => d.rule)).toEqual(["syntax.expected"]);
    expect(parserBuilt()).toBe(true);
  });
});
