// Which fixtures can feed a prompt: `jadpo ai record --fixture` asks a model with a fixture's
// values, so a fixture without parameters that returns the prompt's values type. One home for
// the CLI (its `--fixture` checks and suggestions) and the checker's next steps.
import type { FixtureMember, FixturesDecl } from "../syntax/ast.ts";
import { spellTypeRef } from "../prompts/version.ts";
import type { ModuleGraph } from "../modules/graph.ts";
import type { PromptInfo } from "./program.ts";

export interface ProjectFixture {
  /** `questions.sesame`. */
  name: string;
  member: FixtureMember;
}

/** Every fixture of the project, in path then declaration order. */
export function projectFixtures(graph: ModuleGraph): ProjectFixture[] {
  const files = [...graph.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const found: ProjectFixture[] = [];
  for (const file of files) {
    for (const decl of file.syntax.decls) {
      if (decl.kind !== "fixtures") continue;
      const group = decl as FixturesDecl;
      for (const member of group.members) found.push({ name: `${group.name.name}.${member.name.name}`, member });
    }
  }
  return found;
}

/** Whether a fixture can feed `prompt`: no parameters, and the prompt's values type (the checker made sure it means that type). */
export function fixtureFits(member: FixtureMember, prompt: PromptInfo): boolean {
  return (member.params === null || member.params.length === 0) && spellTypeRef(member.returnType) === prompt.valuesType.name;
}

/** The names of the fixtures that can feed `prompt`. */
export function fixturesFor(graph: ModuleGraph, prompt: PromptInfo): string[] {
  return projectFixtures(graph).filter((f) => fixtureFits(f.member, prompt)).map((f) => f.name);
}

/** The one fixture that can feed `prompt`, or null when none or several can (a printed command can carry only the one). */
export function onlyFixtureFor(graph: ModuleGraph, prompt: PromptInfo): string | null {
  const fitting = fixturesFor(graph, prompt);
  return fitting.length === 1 ? fitting[0] : null;
}
