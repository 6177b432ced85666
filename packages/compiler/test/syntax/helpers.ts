// Shared helpers of the syntax tests: the repo's Jadpo files, span-free AST views, rendering.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseFile } from "../../src/syntax/parse-file.ts";
import { renderErrorPlain } from "../../src/diagnostics/render-plain.ts";
import type { Decl, Expr, Stmt } from "../../src/syntax/ast.ts";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** Every Jadpo file the parser must read cleanly: spec blocks, seed tests, the example app. */
export function validJadpoFiles(): { path: string; text: string }[] {
  const fixtures = join(repoRoot, "packages/compiler/test/fixtures");
  const files = [
    ...walk(join(fixtures, "spec-blocks"), []).filter((f) => f.endsWith(".jadpo")),
    ...walk(join(fixtures, "seed"), []).filter((f) => f.endsWith(".jadpotest")),
    ...walk(join(repoRoot, "examples/support"), []).filter((f) => /\.jadpo(test)?$/.test(f)),
  ];
  return files.map((f) => ({ path: relative(repoRoot, f).split("\\").join("/"), text: readFileSync(f, "utf8") }));
}

/** Every rendered diagnostic of a parse, one string each. */
export function rendered(text: string | Uint8Array, path = "x.jadpo"): string[] {
  return parseFile(path, path.endsWith("test") ? "test" : "source", text).diagnostics.map((d) => renderErrorPlain(d));
}

const spanKeys = new Set(["span", "nameSpan", "opSpan", "textSpan", "failsSpan"]);

/** A node without its spans, for comparing shapes. */
export function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) if (!spanKeys.has(key)) out[key] = shape(value);
  return out;
}

export function decls(text: string, path = "x.jadpo"): Decl[] {
  const parsed = parseFile(path, path.endsWith("test") ? "test" : "source", text);
  if (parsed.diagnostics.length > 0) throw new Error(parsed.diagnostics.map((d) => renderErrorPlain(d)).join("\n"));
  return parsed.syntax.decls;
}

/** The statements of `function f() { <body> }`. */
export function statements(body: string): Stmt[] {
  const [decl] = decls(`function f() {\n${body}\n}\n`);
  if (decl.kind !== "function") throw new Error("not a function");
  return decl.body.statements;
}

/** The expression of `var x = <source>`. */
export function expr(source: string): Expr {
  const [stmt] = statements(`var x = ${source}`);
  if (stmt.kind !== "var") throw new Error("not a var");
  return stmt.value;
}

/** Shorthands for expected shapes. */
export const n = (name: string) => ({ kind: "name", name });
export const id = (name: string) => ({ name });
export const int = (value: number) => ({ kind: "int", value });
export const text = (value: string) => ({ kind: "text", value });
export const bin = (op: string, left: unknown, right: unknown) => ({ kind: "binary", op, left, right });
export const call = (callee: unknown, args: unknown[], asType: unknown = null) => ({ kind: "call", callee, args, asType });
export const member = (object: unknown, name: string) => ({ kind: "member", object, name: id(name) });
export const named = (name: string, args: unknown[] = []) => ({ kind: "named", name: id(name), args });
