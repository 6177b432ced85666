// No input may hang the parser, overflow its stack or leak parser-generator wording (docs/cli.md, docs/diagnostics.md).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseFile } from "../../src/syntax/parse-file.ts";
import { renderErrorPlain } from "../../src/diagnostics/render-plain.ts";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.ts";
import { generateCorpus } from "./corpus.ts";
import { repoRoot, validJadpoFiles } from "./helpers.ts";

/** A small deterministic PRNG (mulberry32), so a failure is reproducible. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const leaked = /Expecting|NoViableAlt|Mismatched|token|undefined|NaN|\{[a-z_]+\}|\u0000/;

/** Every diagnostic is well-formed and in Jadpo's words. */
function checkDiagnostics(diagnostics: Diagnostic[], text: string, label: string): void {
  expect(diagnostics.length, label).toBeLessThanOrEqual(25);
  for (const d of diagnostics) {
    const out = renderErrorPlain(d);
    expect(out, label).not.toMatch(leaked);
    expect(d.span, label).not.toBeNull();
    const span = d.span!;
    expect(span.line, label).toBeGreaterThanOrEqual(1);
    expect(span.column, label).toBeGreaterThanOrEqual(1);
    expect(span.start, label).toBeLessThanOrEqual(span.end);
    expect(span.end, label).toBeLessThanOrEqual(text.length + 1);
  }
}

describe("nesting", () => {
  for (const depth of [5_000, 100_000]) {
    it(`${depth} nested brackets give one limit.too_deep and no crash`, () => {
      for (const [open, close] of [["(", ")"], ["[", "]"], ["{", "}"]]) {
        const text = `function f() -> Int {\n    return ${open.repeat(depth)}1${close.repeat(depth)}\n}\ntype After = Int\n`;
        const parsed = parseFile("x.jadpo", "source", text);
        expect(parsed.diagnostics.map((d) => d.rule)).toEqual(["limit.too_deep"]);
        expect(parsed.syntax.decls.map((d) => d.kind)).toEqual(["function", "type"]);
      }
    });
  }

  // Each construct nested as deep as the limit allows parses, well inside the default stack.
  const nested: Record<string, (n: number) => string> = {
    calls: (n) => `function f() -> Int { return ${"f(".repeat(n)}1${")".repeat(n)} }`,
    "calls and lists": (n) => `function f() -> Int { return ${"f([".repeat(n / 2)}1${"])".repeat(n / 2)} }`,
    records: (n) => `function f() -> Int { return ${"A { a: ".repeat(n)}1${" }".repeat(n)} }`,
    ifs: (n) => `function f() -> Int { ${"if a { ".repeat(n)}${"}".repeat(n)} }`,
    "match arm blocks": (n) => `function f() -> Int { return ${"match x { _ => { ".repeat(n / 2)}1${" } }".repeat(n / 2)} }`,
    matches: (n) => `function f() -> Int { return ${"match x { _ => ".repeat(n)}1${" }".repeat(n)} }`,
    "type arguments": (n) => `type A = ${"List<".repeat(n)}Text${">".repeat(n)}`,
  };
  for (const [name, make] of Object.entries(nested)) {
    it(`${name} nested 254 deep parse; 300 deep are limit.too_deep`, () => {
      expect(parseFile("x.jadpo", "source", make(254)).diagnostics.map((d) => d.rule)).toEqual([]);
      expect(parseFile("x.jadpo", "source", make(300)).diagnostics.map((d) => d.rule)).toEqual(["limit.too_deep"]);
    });
  }

  it("should the stack run out anyway (a small stack), the result is limit.too_deep, not a crash", () => {
    const dir = mkdtempSync(join(tmpdir(), "jadpo-stack-"));
    try {
      const script = join(dir, "deep.mts");
      const parseFileUrl = new URL("file://" + join(repoRoot, "packages/compiler/src/syntax/parse-file.ts")).href;
      writeFileSync(script, [
        `import { parseFile } from ${JSON.stringify(parseFileUrl)};`,
        `const text = "function f() -> Int { return " + "f(".repeat(250) + "1" + ")".repeat(250) + " }";`,
        `console.log(parseFile("x.jadpo", "source", text).diagnostics.map((d) => d.rule).join(","));`,
      ].join("\n"));
      const run = spawnSync(process.execPath, ["--stack-size=250", "--import", "tsx", script], { cwd: repoRoot, encoding: "utf8" });
      expect(run.stderr).toBe("");
      expect(run.stdout.trim()).toBe("limit.too_deep");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("long operator, prefix, postfix, `else if` and type chains are nesting too", () => {
    const deep = [
      `function f() -> Int { return 1${" + 1".repeat(20_000)} }`,
      `function f() -> Bool { return ${"not ".repeat(20_000)}true }`,
      `function f() -> Int { return ${"- ".repeat(20_000)}1 }`,
      `function f() -> Int { return a${".b".repeat(20_000)} }`,
      `function f() -> Int { return a${"()".repeat(20_000)} }`,
      `function f() -> Int { if a { } ${"else if b { } ".repeat(20_000)} }`,
      `type A = ${"List<".repeat(20_000)}Text${">".repeat(20_000)}`,
      `type A = Text${"?".repeat(20_000)}`,
    ];
    for (const text of deep) {
      expect(parseFile("x.jadpo", "source", text).diagnostics.map((d) => d.rule), text.slice(0, 40)).toEqual(["limit.too_deep"]);
    }
    expect(parseFile("x.jadpo", "source", `function f() -> Int { return 1${" + 1".repeat(200)} }`).diagnostics).toEqual([]);
  });
});

describe("size", () => {
  it("a valid generated 5 MB file parses with no diagnostic", () => {
    const text = generateCorpus(5_000_000);
    const parsed = parseFile("big.jadpotest", "test", text);
    expect(parsed.diagnostics.map((d) => renderErrorPlain(d)).slice(0, 3)).toEqual([]);
    expect(parsed.syntax.decls.length).toBeGreaterThan(10_000);
    expect(parsed.syntax.decls.every((d) => !d.incomplete)).toBe(true);
  });
});

describe("junk", () => {
  it("random binary gives a handful of diagnostics and no exception", () => {
    const next = random(7);
    for (let round = 0; round < 5; round++) {
      const bytes = new Uint8Array(64 * 1024);
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
      const parsed = parseFile("junk.jadpo", "source", bytes);
      expect(parsed.diagnostics.length).toBeGreaterThan(0);
      expect(parsed.diagnostics.length).toBeLessThanOrEqual(10);
      checkDiagnostics(parsed.diagnostics, parsed.source.text, `round ${round}`);
    }
  });

  it("300 random mutations of the example files never throw and never leak parser wording", () => {
    const next = random(42);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    const sources = validJadpoFiles().map((f) => f.text);
    const snippets = [
      "{", "}", "(", ")", "[", "]", "<", ">", '"', '"""', "\\", "@", "::", ",", ".", "=>", "->", "=", "?",
      "match", "failure", "test", "type", "var", "if", "else", "return", "attempt", "not", "-", "fakes:",
      "\n", "\u0000", "\uFFFD", "😀", "99999999999999999999", "1.", "5q", "\\u{110000}", "_", "Foo {", "ai.",
    ];
    for (let round = 0; round < 300; round++) {
      let text = pick(sources);
      const edits = 1 + Math.floor(next() * 4);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(next() * (text.length + 1));
        const kind = Math.floor(next() * 4);
        if (kind === 0) text = text.slice(0, at) + text.slice(at + Math.floor(next() * 20));
        else if (kind === 1) text = text.slice(0, at) + pick(snippets) + text.slice(at);
        else if (kind === 2) text = text.slice(0, at) + text.slice(at, at + Math.floor(next() * 40)) + text.slice(at);
        else text = text.slice(0, at);
      }
      const label = `round ${round}: ${JSON.stringify(text.slice(0, 200))}`;
      const asText = parseFile("m.jadpotest", "test", text);
      checkDiagnostics(asText.diagnostics, asText.source.text, label);
      const bytes = new TextEncoder().encode(text);
      if (bytes.length > 0) bytes[Math.floor(next() * bytes.length)] = 0xff;
      const asBytes = parseFile("m.jadpo", "source", bytes);
      checkDiagnostics(asBytes.diagnostics, asBytes.source.text, label);
    }
  });
});
