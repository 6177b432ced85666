import { describe, expect, it } from "vitest";
import { diagnostic } from "../../src/diagnostics/diagnostic.ts";
import { renderErrorPlain } from "../../src/diagnostics/render-plain.ts";
import { noPaint, renderErrorPretty, renderFailPretty, type Paint } from "../../src/diagnostics/render-pretty.ts";
import { renderCheckJson } from "../../src/diagnostics/render-json.ts";
import { SourceFile } from "../../src/source/source-file.ts";
import type { Span } from "../../src/syntax/ast.ts";

const text = [
  "use support/typs { CustomerQuestion }",
  "",
  "type Greeting = Text { max_length: 40 }",
].join("\n");
const source = new SourceFile("domains/support/a.jadpo", text);
const spanOf = (file: SourceFile, needle: string, from = 0): Span => {
  const start = file.text.indexOf(needle, from);
  return { file: file.path, ...file.position(start), start, end: start + needle.length };
};
const notFound = diagnostic("module.not_found", spanOf(source, "support/typs"), { module: "support/typs", suggestion: "Use `support/types`, the closest module" });
const options = { displayPath: (file: string) => file, paint: noPaint, source: (file: string) => (file === source.path ? source : undefined) };

describe("pretty", () => {
  it("is the plain text with a code frame under the heading", () => {
    expect(renderErrorPretty(notFound, options)).toBe(
      [
        "error: No module `support/typs` in this project --> domains/support/a.jadpo:1:5",
        "  1 | use support/typs { CustomerQuestion }",
        "    |     ^^^^^^^^^^^^",
        "  reason: A module is a folder or a file under `domains/`, named by its path.",
        "  next: Use `support/types`, the closest module (agent)",
        "  rule: module.not_found",
      ].join("\n"),
    );
    const [heading, , , ...body] = renderErrorPretty(notFound, options).split("\n");
    expect([heading, ...body].join("\n")).toBe(renderErrorPlain(notFound));
  });

  it("colours through the paint it is given", () => {
    const tag = (name: string) => (t: string) => `<${name}>${t}</${name}>`;
    const paint: Paint = { error: tag("e"), bold: tag("b"), dim: tag("d"), path: tag("p"), caret: tag("c"), ok: tag("o"), alert: tag("a") };
    expect(renderErrorPretty(notFound, { ...options, paint })).toBe(
      [
        "<e>error:</e> <b>No module `support/typs` in this project</b> <d>--></d> <p>domains/support/a.jadpo:1:5</p>",
        "  <d>1 |</d> use support/typs { CustomerQuestion }",
        "  <d>  |</d>     <c>^^^^^^^^^^^^</c>",
        "  <d>reason:</d> A module is a folder or a file under `domains/`, named by its path.",
        "  <d>next:</d> Use `support/types`, the closest module (agent)",
        "  <d>rule: module.not_found</d>",
      ].join("\n"),
    );
  });

  it("puts one caret under an empty span, and keeps tabs so the caret lines up", () => {
    const tabbed = new SourceFile("t.jadpo", "\tvar x = ]");
    const span: Span = { file: "t.jadpo", line: 1, column: 10, start: 9, end: 9 };
    const d = diagnostic("syntax.expected", span, { expected: "a value", found: "`]`", step: "Write a value" });
    const frame = renderErrorPretty(d, { ...options, source: () => tabbed }).split("\n").slice(1, 3);
    expect(frame).toEqual(["  1 | \tvar x = ]", "    | \t        ^"]);
  });

  it("underlines a span that runs past its line only to the line's end", () => {
    const file = new SourceFile("m.jadpo", 'var t = "abc\nmore');
    const span: Span = { file: "m.jadpo", line: 1, column: 9, start: 8, end: 17 };
    const d = diagnostic("syntax.unterminated_text", span, { closer: '`"`' });
    expect(renderErrorPretty(d, { ...options, source: () => file }).split("\n").slice(1, 3)).toEqual([
      '  1 | var t = "abc',
      "    |         ^^^^",
    ]);
  });

  it("shows a window of a very long line, and replaces control characters", () => {
    const line = `${"a".repeat(500)}\u0001${"b".repeat(500)}`;
    const file = new SourceFile("l.jadpo", line);
    const span: Span = { file: "l.jadpo", line: 1, column: 501, start: 500, end: 501 };
    const d = diagnostic("syntax.invalid_character", span, { what: "The character U+0001" });
    const [, code, carets] = renderErrorPretty(d, { ...options, source: () => file }).split("\n");
    expect(code).toBe(`  1 | …${"a".repeat(40)}\ufffd${"b".repeat(119)}…`);
    expect(carets).toBe(`    | ${" ".repeat(41)}^`);
  });

  it("has no frame when the source is unknown or there is no span", () => {
    const noProject = diagnostic("cli.no_project", null, { path: "." });
    expect(renderErrorPretty(noProject, options)).toBe(renderErrorPlain(noProject));
    const elsewhere = { ...notFound, span: { ...notFound.span!, file: "other.jadpo" } };
    expect(renderErrorPretty(elsewhere, options)).toBe(renderErrorPlain(elsewhere));
  });

  it("renders a FAIL block like plain, with the failing statement's frame", () => {
    const d = diagnostic("test.assertion_failed", { ...notFound.span! }, {}, [{ label: "assert", text: "x == 1" }]);
    expect(renderFailPretty("a test", d, options)).toBe(
      [
        "FAIL  a test --> domains/support/a.jadpo:1",
        "  1 | use support/typs { CustomerQuestion }",
        "    |     ^^^^^^^^^^^^",
        "  assert: x == 1",
        "  reason: A test passes only when every assertion holds.",
        "  next: Fix the code under test, or the assertion if it is wrong (agent)",
        "  rule: test.assertion_failed",
      ].join("\n"),
    );
  });
});

describe("json", () => {
  it("prints one object with UTF-8 byte offsets", () => {
    const file = new SourceFile("domains/é.jadpo", 'var café = "é"\nuse x/y { Z }');
    const span = spanOf(file, "x/y");
    const d = diagnostic("module.not_found", span, { module: "x/y", suggestion: "Name a folder" });
    const out = renderCheckJson(
      { files: 3, declarations: 7, diagnostics: [d, diagnostic("cli.no_project", null, { path: "." })] },
      { displayPath: (f) => `../${f}`, source: (f) => (f === file.path ? file : undefined) },
    );
    expect(out.endsWith("}\n")).toBe(true);
    expect(out.split("\n")).toHaveLength(2);
    expect(JSON.parse(out)).toEqual({
      schemaVersion: 1,
      command: "check",
      status: "failed",
      files: 3,
      declarations: 7,
      diagnostics: [
        {
          rule: "module.not_found",
          summary: "No module `x/y` in this project",
          file: "../domains/é.jadpo",
          line: 2,
          column: 5,
          start_byte: 21,
          end_byte: 24,
          details: [],
          reason: "A module is a folder or a file under `domains/`, named by its path.",
          next: "Name a folder",
          owner: "agent",
          fixes: [],
        },
        {
          rule: "cli.no_project",
          summary: "No Jadpo project at or above `.`",
          file: null,
          line: null,
          column: null,
          start_byte: null,
          end_byte: null,
          details: [],
          reason: "A project is the folder holding `app.jadpo`; commands find it by walking up from the path given.",
          next: "Run the command inside a project or pass its path, or make a project with `jadpo init <folder>`",
          owner: "human",
          fixes: [],
        },
      ],
    });
  });

  it("gives each fix's edits with 1-based lines and columns and UTF-8 byte offsets", () => {
    const file = new SourceFile("domains/é.jadpo", 'var café = "é"\nuse x/y { Z }');
    const span = spanOf(file, "x/y");
    const insert = { ...file.position(file.text.length), file: file.path, start: file.text.length, end: file.text.length };
    const fixes = [
      { title: "Change to `x/z`", edits: [{ span, text: "x/z" }] },
      { title: "Add two", edits: [{ span: insert, text: ", W" }, { span: spanOf(file, "café"), text: "cafe" }] },
    ];
    const d = diagnostic("module.not_found", span, { module: "x/y", suggestion: "Use `x/z`, the closest module" }, [], fixes);
    const out = renderCheckJson({ files: 1, declarations: 1, diagnostics: [d] }, { displayPath: (f) => `../${f}`, source: () => file });
    const at = { file: "../domains/é.jadpo" };
    expect(JSON.parse(out).diagnostics[0].fixes).toEqual([
      { title: "Change to `x/z`", edits: [{ ...at, line: 2, column: 5, end_line: 2, end_column: 8, start_byte: 21, end_byte: 24, text: "x/z" }] },
      {
        title: "Add two",
        edits: [
          { ...at, line: 2, column: 14, end_line: 2, end_column: 14, start_byte: 30, end_byte: 30, text: ", W" },
          { ...at, line: 1, column: 5, end_line: 1, end_column: 9, start_byte: 4, end_byte: 9, text: "cafe" },
        ],
      },
    ]);
  });

  it("says passed when there is nothing to report", () => {
    const out = renderCheckJson({ files: 9, declarations: 18, diagnostics: [] }, { displayPath: (f) => f, source: () => undefined });
    expect(out).toBe('{"schemaVersion":1,"command":"check","status":"passed","files":9,"declarations":18,"diagnostics":[]}\n');
  });

  it("paints a diff's expected lines red and its lines got green", () => {
    const paint = { ...noPaint, error: (t: string) => `<r>${t}</r>`, ok: (t: string) => `<g>${t}</g>` };
    const d = diagnostic("test.assertion_failed", null, {}, [{ label: "diff", text: "(- expected, + got)\n      P {\n    -   a: 1\n    +   a: 2\n      }" }]);
    expect(renderFailPretty("a test", d, { ...options, paint }).split("\n").slice(1, 6)).toEqual([
      "  diff: (- expected, + got)", "      P {", "    <r>-   a: 1</r>", "    <g>+   a: 2</g>", "      }",
    ]);
  });
});
