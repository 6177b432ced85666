// An editor's check keeps the facts (types, resolutions) of tests, but those of function, action
// and fixture bodies only once asked (`factsOnDemand`): most bodies are never hovered, and not
// keeping their facts makes each check lighter. These ask for them before they are read.
import type { Block, Decl } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import type { CheckedProgram } from "../check/program.ts";

function callableBlocks(decl: Decl): Block[] {
  if (decl.kind === "function" || decl.kind === "action") return [decl.body];
  return decl.kind === "fixtures" ? decl.members.map((m) => m.body) : [];
}

/** The facts of the body around `offset` of `file` (none to ask for outside a callable's body). */
export function factsAround(program: CheckedProgram, file: LoadedFile, offset: number): void {
  if (!program.bodyFacts) return;
  for (const decl of file.syntax.decls) {
    if (decl.span.start > offset || offset > decl.span.end) continue;
    for (const block of callableBlocks(decl)) if (block.span.start <= offset && offset <= block.span.end) program.bodyFacts(file.path, block);
  }
}

/** The facts of every body of the project (for a walk over every name). */
export function allFacts(program: CheckedProgram): void {
  if (!program.bodyFacts) return;
  for (const file of program.graph.files) {
    for (const decl of file.syntax.decls) for (const block of callableBlocks(decl)) program.bodyFacts(file.path, block);
  }
}
