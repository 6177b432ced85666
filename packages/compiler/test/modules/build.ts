// Hand-built syntax for module tests: declarations with real-looking spans, so the tests don't
// depend on the parser. Each builder takes the line it stands on; `loaded` sets the file path.
import type {
  Block, Decl, FieldDecl, Ident, Param, PromptDecl, Span, TestDecl, TypeDecl, UseDecl, FunctionDecl, FixturesDecl,
} from "../../src/syntax/ast.ts";
import type { LoadedFile } from "../../src/modules/graph.ts";
import { moduleNames, fileKind } from "../../src/modules/load.ts";
import { SourceFile } from "../../src/source/source-file.ts";

/** A span on `line` at `column`, `length` long (offsets are line * 1000 + column, enough for ordering). */
export function at(line: number, column = 1, length = 1): Span {
  const start = line * 1000 + column - 1;
  return { file: "", line, column, start, end: start + length };
}

export function id(name: string, line: number, column = 1): Ident {
  return { name, span: at(line, column, name.length) };
}

const emptyBlock = (line: number): Block => ({ statements: [], span: at(line) });

export function use(path: string, names: string[], line: number): UseDecl {
  let column = 5;
  const words = path.split("/").map((word) => {
    const ident = id(word, line, column);
    column += word.length + 1;
    return ident;
  });
  column += 2;
  const idents = names.map((name) => {
    const ident = id(name, line, column);
    column += name.length + 2;
    return ident;
  });
  return { kind: "use", path: words, names: idents, span: at(line, 1, column) };
}

export function type(name: string, line: number, fields: string[] = []): TypeDecl {
  const body: TypeDecl["body"] =
    fields.length === 0
      ? { kind: "alias", base: { kind: "named", name: id("Text", line, 8 + name.length), args: [], span: at(line) }, constraints: [], span: at(line) }
      : {
          kind: "object",
          span: at(line),
          fields: fields.map((field, i): FieldDecl => ({
            name: id(field, line + i + 1, 5),
            type: { kind: "named", name: id("Text", line + i + 1, 7 + field.length), args: [], span: at(line + i + 1) },
            constraints: [],
            span: at(line + i + 1, 5),
          })),
        };
  return { kind: "type", name: id(name, line, 6), body, span: at(line, 1, 10) };
}

export function enumType(name: string, line: number, members: string[]): TypeDecl {
  return { kind: "type", name: id(name, line, 6), body: { kind: "enum", members: members.map((m, i) => id(m, line, 20 + i * 10)), span: at(line) }, span: at(line) };
}

export function failure(name: string, line: number): Decl {
  return { kind: "failure", name: id(name, line, 9), entries: [], span: at(line) };
}

export function fn(name: string, line: number, params: string[] = []): FunctionDecl {
  const ps: Param[] = params.map((param, i) => ({
    name: id(param, line, 11 + name.length + i * 10),
    type: { kind: "named", name: id("Text", line, 40), args: [], span: at(line, 40) },
    span: at(line, 11 + name.length + i * 10),
  }));
  return { kind: "function", name: id(name, line, 10), params: ps, fails: [], failsSpan: null, returnType: null, body: emptyBlock(line), span: at(line) };
}

export function action(name: string, line: number): Decl {
  return { kind: "action", name: id(name, line, 8), params: [], fails: [], failsSpan: null, returnType: null, body: emptyBlock(line), span: at(line) };
}

export function prompt(name: string, line: number): PromptDecl {
  return { kind: "prompt", name: id(name, line, 8), params: [], entries: [], span: at(line) };
}

export function fixtures(name: string, line: number, members: string[]): FixturesDecl {
  return {
    kind: "fixtures",
    name: id(name, line, 10),
    members: members.map((member, i) => ({
      name: id(member, line + i + 1, 5),
      params: null,
      returnType: { kind: "named", name: id("Text", line + i + 1, 20), args: [], span: at(line + i + 1) },
      body: emptyBlock(line + i + 1),
      span: at(line + i + 1, 5),
    })),
    span: at(line),
  };
}

export function connection(name: string, line: number): Decl {
  return { kind: "connection", name: id(name, line, 12), entries: [], span: at(line) };
}

export function test(name: string, line: number): TestDecl {
  return { kind: "test", name, nameSpan: at(line, 6, name.length + 2), fakes: null, body: emptyBlock(line), span: at(line) };
}

/** Sets `file` on every span below `node`. */
function stamp(node: unknown, file: string, seen = new Set<unknown>()): void {
  if (typeof node !== "object" || node === null || seen.has(node)) return;
  seen.add(node);
  const record = node as Record<string, unknown>;
  if ("line" in record && "column" in record && "start" in record && "end" in record) record.file = file;
  for (const value of Object.values(record)) stamp(value, file, seen);
}

/** A loaded file at a root-relative path, holding `decls`. */
export function loaded(path: string, decls: Decl[]): LoadedFile {
  stamp(decls, path);
  const kind = fileKind(path) ?? "source";
  return { path, kind, ...moduleNames(path), source: new SourceFile(path, ""), syntax: { path, kind, decls, locals: [] } };
}
