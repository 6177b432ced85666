// A corpus of broken inputs through `jadpo check`: each gives at least one diagnostic in the
// diagnostic shape and exit 1, never a stack trace or the parser generator's wording; each valid input exits 0.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runJadpoAllHere, runJadpoHere, type Run } from "../support/jadpo.ts";
import { project, removeProjects } from "./harness.ts";

afterAll(() => removeProjects());

interface Case {
  name: string;
  /** The file's content (in `domains/x/<file>`). */
  content: string | Uint8Array;
  file?: string;
  /** The rule expected among the diagnostics, when one is certain. */
  rule?: string;
}

/** A deterministic stream of bytes (no Math.random: the corpus is the same on every run). */
function junk(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

const nested = (open: string, close: string, depth: number) => `${open.repeat(depth)}1${close.repeat(depth)}`;

const invalid: Case[] = [
  { name: "an unclosed record type", content: "type A = Object {\n    a: Text\n" },
  { name: "an unclosed function body", content: "function f() -> Int {\n    return 1\n" },
  { name: "an unclosed constraint block", content: "type A = Text { max_length: 3\n" },
  { name: "an unclosed parameter list", content: "function f(a: Text\n" },
  { name: "an unclosed list", content: "function f() -> List<Int> {\n    return [1, 2\n}\n" },
  { name: "a stray closing brace", content: "type A = Text }\n" },
  { name: "stray closing parentheses", content: ")))\n" },
  { name: "a statement at the top level", content: "var x = 1\n" },
  { name: "a stray keyword", content: "type A = Text\nelse\n" },
  { name: "an unterminated text", content: 'function f() -> Text {\n    return "abc\n}\n', rule: "syntax.unterminated_text" },
  { name: "an unterminated multi-line text", content: 'prompt p(q: Text) {\n    text: """\n        Ask {q}\n}\n', rule: "syntax.unterminated_text" },
  { name: "a bad escape", content: 'function f() -> Text { return "a\\qb" }\n', rule: "syntax.bad_escape" },
  { name: "a code point beyond 10FFFF", content: 'function f() -> Text { return "\\u{110000}" }\n', rule: "syntax.bad_escape" },
  { name: "an empty unicode escape", content: 'function f() -> Text { return "\\u{}" }\n', rule: "syntax.bad_escape" },
  { name: "a half type declaration", content: "type\n" },
  { name: "a type without a body", content: "type A =\n" },
  { name: "a half function", content: "function\n" },
  { name: "an action with an empty fails", content: "action a() fails\n" },
  { name: "a half use", content: "use\n" },
  { name: "a use without its closing brace", content: "use support/types {\n" },
  { name: "a half prompt", content: "prompt p(\n" },
  { name: "a half failure", content: "failure F {\n" },
  { name: "a half fixtures block", content: "fixtures q {\n    sesame ->\n" },
  { name: "a half connection", content: "connection c {\n    capability:\n" },
  { name: "a half test", content: 'test "x" {\n    assert\n', file: "bad.test.jadpo" },
  { name: "a missing value in a constraint", content: "type A = Text { min_length: }\n" },
  { name: "a block comment", content: "/* not a comment */\ntype A = Text\n" },
  { name: "a character Jadpo doesn't use", content: "type A = Text @\n", rule: "syntax.invalid_character" },
  { name: "an Int literal beyond 2^53", content: "function f() -> Int { return 99999999999999999999 }\n", rule: "syntax.number_too_large" },
  { name: "a bare expression", content: "function f() -> Int {\n    1 + 2\n    return 1\n}\n", rule: "syntax.bare_expression" },
  { name: "a chained comparison", content: "function f(a: Int) -> Bool { return 1 < a < 3 }\n" },
  { name: "5,000 nested parentheses", content: `function f() -> Int { return ${nested("(", ")", 5000)} }\n`, rule: "limit.too_deep" },
  { name: "5,000 unclosed brackets", content: `function f() -> Int { return ${"[".repeat(5000)}\n`, rule: "limit.too_deep" },
  { name: "300 nested blocks", content: `function f() -> Int {\n${"if true {\n".repeat(300)}${"}\n".repeat(300)}return 1\n}\n`, rule: "limit.too_deep" },
  { name: "binary junk", content: junk(4096, 7) },
  { name: "bytes that are not UTF-8", content: new Uint8Array([...Buffer.from("type A = Text\n"), 0xff, 0xfe, 0x80, 10]), rule: "syntax.invalid_character" },
  { name: "a NUL character", content: "type A = Text\u0000\n", rule: "syntax.invalid_character" },
  { name: "a test outside a test file", content: 'test "x" {\n    assert true\n}\n' },
];

const valid: Case[] = [
  { name: "an empty file", content: "" },
  { name: "a file with a BOM", content: "\uFEFFtype A = Text\n" },
  { name: "a file with CRLF line ends", content: "type A = Text\r\n\r\nfunction f(a: A) -> A {\r\n    return a\r\n}\r\n" },
  { name: "a file of comments only", content: "// nothing here\n// at all\n" },
  { name: "a file without a final newline", content: "type A = Text" },
];

const PARSER_WORDS = /Expecting|NoViableAlt|MismatchedToken|EarlyExit|NotAllInputParsed|chevrotain|undefined|\[object /;

/** Every block is one compile error in the diagnostic shape; the output ends with the count. */
function expectDiagnostics(run: Run, label: string, file: string, rule?: string): void {
  expect(run.code, label).toBe(1);
  expect(run.stderr, label).toBe("");
  expect(run.stdout, label).not.toMatch(/^ {4}at /m);
  expect(run.stdout, label).not.toMatch(PARSER_WORDS);
  // The count follows the last block on the next line.
  const text = run.stdout.trimEnd();
  const cut = text.lastIndexOf("\n");
  const last = text.slice(cut + 1);
  const blocks = text.slice(0, cut).split("\n\n");
  expect(last, label).toBe(`check failed: ${blocks.length} error${blocks.length === 1 ? "" : "s"}`);
  expect(blocks.length, label).toBeGreaterThanOrEqual(1);
  for (const block of blocks) {
    expect(block, label).toMatch(new RegExp(`^error: .+ --> domains/x/${file.replace(".", "\\.")}:\\d+:\\d+\\n`));
    expect(block, label).toMatch(/\n {2}reason: .+\n {2}next: .+ \((agent|human|compiler)\)\n {2}rule: [a-z]+\.[a-z_]+$/);
  }
  if (rule) expect(run.stdout, label).toContain(`  rule: ${rule}\n`);
}

describe("jadpo check on broken input", () => {
  it(`reports each of ${invalid.length} broken files with diagnostics in the diagnostic shape`, async () => {
    const roots = invalid.map((c) => project({ [`domains/x/${c.file ?? "bad.jadpo"}`]: c.content }));
    const runs = await runJadpoAllHere(roots.map((cwd) => ({ args: ["check"], options: { cwd } })));
    invalid.forEach((c, i) => expectDiagnostics(runs[i], c.name, c.file ?? "bad.jadpo", c.rule));
  });

  it("passes each valid file", async () => {
    const roots = valid.map((c) => project({ "domains/x/ok.jadpo": c.content }));
    const runs = await runJadpoAllHere(roots.map((cwd) => ({ args: ["check"], options: { cwd } })));
    valid.forEach((c, i) => expect(runs[i], c.name).toEqual({ code: 0, stderr: "", stdout: expect.stringMatching(/^✓ Check passed {2}2 files · \d+ declarations?\n$/) }));
  });

  it("refuses a file over 16 MiB without reading it whole", async () => {
    const root = project({ "domains/x/ok.jadpo": "type A = Text\n" });
    writeFileSync(join(root, "domains/x/huge.jadpo"), Buffer.alloc(17 * 1024 * 1024, "// padding\n"));
    const run = await runJadpoHere(["check"], { cwd: root });
    expectDiagnostics(run, "17 MiB", "huge.jadpo", "limit.file_too_large");
    expect(run.stdout.split("\n")[0]).toBe("error: This file is 17.0 MiB, over the 16 MiB a source file may be --> domains/x/huge.jadpo:1:1");
  });

  it("checks a valid 5 MB file", async () => {
    const chunk = [
      "// A long file: comments, texts and declarations, 5 MB of them.",
      ...Array.from({ length: 40 }, (_, i) => `// line ${i} ${"of filler words ".repeat(6)}`),
    ].join("\n");
    const parts: string[] = [];
    let size = 0;
    for (let i = 0; size < 5 * 1024 * 1024; i++) {
      const part = `${chunk}\ntype T${i} = Text { max_length: ${i + 1} }\nfunction f${i}(a: T${i}) -> Text {\n    return "${"x".repeat(200)}"\n}\n`;
      parts.push(part);
      size += part.length;
    }
    const root = project({ "domains/x/big.jadpo": parts.join("") });
    const run = await runJadpoHere(["check"], { cwd: root });
    expect(run).toEqual({ code: 0, stderr: "", stdout: `✓ Check passed  2 files · ${parts.length * 2} declarations\n` });
  });
});
