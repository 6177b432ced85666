// One build of the project for `jadpo dev`: the checked program compiled for waiting AI calls,
// its actions by name with their parameter types, and the AI backend over that program.
// A build with any diagnostic is not served: the last good one keeps serving (docs/dev.md).
import type { CheckedProgram, Diagnostic, SourceFile } from "@jadpo/compiler";
import { compileProject, sourceLookup } from "@jadpo/compiler";
import { actionsOf, compileProgram, type CompiledProgram, type ServedAction } from "@jadpo/runtime";
import { DevAi, type DevAiOptions } from "@jadpo/runtime/dev";
import { nodeHost } from "../../node-host.ts";

export type { ServedAction };

export interface DevBuild {
  program: CheckedProgram;
  compiled: CompiledProgram;
  ai: DevAi;
  /** By name, in source order. */
  actions: Map<string, ServedAction>;
  files: number;
  declarations: number;
}

export type BuildResult =
  | { ok: true; build: DevBuild }
  | { ok: false; diagnostics: Diagnostic[]; omitted: number; source: (file: string) => SourceFile | undefined };

/** Compiles the project at `root` (absolute). Never throws for a user error. */
export function buildProject(root: string, ai: DevAiOptions): BuildResult {
  const result = compileProject(nodeHost, root);
  if (result.program === null || result.diagnostics.length > 0) {
    return { ok: false, diagnostics: result.diagnostics, omitted: result.omitted, source: sourceLookup(result.graph) };
  }
  const program = result.program;
  return {
    ok: true,
    build: {
      program,
      compiled: compileProgram(program, { aiMode: "async" }),
      ai: new DevAi(program, ai),
      actions: actionsOf(program),
      files: result.stats.files,
      declarations: result.stats.declarations,
    },
  };
}
