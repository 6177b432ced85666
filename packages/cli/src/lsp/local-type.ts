// The type of a parameter or local by name at a place in a file, from the last program that
// checked (the buffer being typed in often doesn't parse): the declaration around the place,
// its parameters' types, else the type the checker gave a use of the name inside it.
import { factsAround, type CheckedProgram, type Decl, type Expr, type Type } from "@jadpo/compiler";
import type { Position } from "vscode-languageserver";
import { offsetAt } from "./paths.ts";

export function localType(program: CheckedProgram, path: string, position: Position, name: string): Type | undefined {
  const file = program.graph.files.find((f) => f.path === path);
  if (!file) return undefined;
  const offset = offsetAt(file.source, position);
  factsAround(program, file, offset);
  const decl = file.syntax.decls.find((d) => d.span.start <= offset && offset <= d.span.end);
  if (!decl) return undefined;
  return paramType(program, decl, offset, name) ?? useType(program, decl, name);
}

function paramType(program: CheckedProgram, decl: Decl, offset: number, name: string): Type | undefined {
  const callables = decl.kind === "fixtures" ? decl.members.filter((m) => m.span.start <= offset && offset <= m.span.end) : [decl];
  for (const callable of callables) {
    const signature = program.signatures?.get(callable);
    const param = signature?.params.find((p) => p.name === name);
    if (param) return param.type;
  }
  return undefined;
}

/** The type of the first use of `name` as a value that the checker typed, anywhere in `decl`. */
function useType(program: CheckedProgram, decl: Decl, name: string): Type | undefined {
  const stack: unknown[] = [decl];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
      continue;
    }
    const expr = node as Expr;
    if (expr.kind === "name" && expr.name === name) {
      const type = program.exprTypes.get(expr);
      if (type && program.resolutions.get(expr)?.kind === "local") return type;
    }
    for (const [key, value] of Object.entries(node)) if (key !== "span" && typeof value === "object") stack.push(value);
  }
  return undefined;
}
