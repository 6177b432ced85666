// An editor's check keeps no body's facts (types, resolutions): most bodies are never hovered, and
// keeping none makes each check lighter. A body's are found the first time a request asks for
// them (`bodyFacts`); these ask before the facts are read. (A program that will run keeps its
// tests' facts and asks only for the other bodies': asking for a test's then does nothing.)
import type { Block, Decl } from "../syntax/ast.ts";
import type { LoadedFile } from "../modules/graph.ts";
import type { CheckedProgram } from "../check/program.ts";

function bodyBlocks(decl: Decl): Block[] {
  if (decl.kind === "function" || decl.kind === "action" || decl.kind === "test") return [decl.body];
  return decl.kind === "fixtures" ? decl.members.map((m) => m.body) : [];
}

/** The facts of the body around `offset` of `file`, or of the test around it, fakes and all (none to ask for elsewhere). */
export function factsAround(program: CheckedProgram, file: LoadedFile, offset: number): void {
  if (!program.bodyFacts) return;
  for (const decl of file.syntax.decls) {
    if (decl.span.start > offset || offset > decl.span.end) continue;
    if (decl.kind === "test") program.bodyFacts(file.path, decl.body);
    else for (const block of bodyBlocks(decl)) if (block.span.start <= offset && offset <= block.span.end) program.bodyFacts(file.path, block);
  }
}

/** The facts of every body of the project (for a walk over every name). */
export function allFacts(program: CheckedProgram): void {
  if (!program.bodyFacts) return;
  for (const file of program.graph.files) {
    for (const decl of file.syntax.decls) for (const block of bodyBlocks(decl)) program.bodyFacts(file.path, block);
  }
}
