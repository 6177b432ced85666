// What both `jadpo ai` commands start with: the project around the current directory, compiled,
// and the prompt named on the command line. Every problem is printed here; callers get null.
import { closest, compileProject, didYouMean, diagnostic, sourceLookup, type CheckedProgram, type Diagnostic, type PromptInfo } from "@jadpo/compiler";
import type { CliContext } from "../../../context.ts";
import { terminalFor, type ColorMode } from "../../../terminal.ts";
import { reportUsage } from "../../../usage.ts";
import { nodeHost } from "../../../node-host.ts";
import { findProject } from "../../../project.ts";
import { reportCompileErrors, reportProblem, type Printing } from "./output.ts";

export interface LoadedPrompt {
  /** Absolute project root, with `/`. */
  root: string;
  program: CheckedProgram;
  prompt: PromptInfo;
  printing: Printing;
}

/**
 * Problems with recordings are not a reason to stop: `ai show` reports an undecodable one as its
 * state, `ai record --force` is how it is replaced, and `ai record` is how a recording a test
 * names but nobody has made yet (`test.recording_missing`, whose next step says so) comes to be.
 */
function stops(d: Diagnostic): boolean {
  return d.rule !== "test.recording_undecodable" && d.rule !== "test.recording_missing";
}

/** `answer_questoin` → `ai.unknown_prompt`, suggesting the closest prompt name. */
export function unknownPrompt(program: CheckedProgram, name: string): Diagnostic {
  const names = [...program.prompts.keys()].sort();
  const near = closest(name, names);
  const suggestion = didYouMean(
    near,
    names.length === 0
      ? "Declare a `prompt` first; this project has none"
      : `Name one of the project's prompts: ${names.slice(0, 5).map((n) => `\`${n}\``).join(", ")}${names.length > 5 ? ", …" : ""}`,
  );
  return diagnostic("ai.unknown_prompt", null, { name, suggestion });
}

export type LoadedProject = Omit<LoadedPrompt, "prompt">;

/** The compiled project and its prompt `name`, or null once the problem is printed. */
export function loadPrompt(context: CliContext, color: ColorMode, command: string, name: string): LoadedPrompt | null {
  const loaded = loadProject(context, color, command);
  if (loaded === null) return null;
  const prompt = loaded.program.prompts.get(name);
  if (prompt === undefined) {
    reportProblem(loaded.printing, unknownPrompt(loaded.program, name));
    return null;
  }
  return { ...loaded, prompt };
}

/** The compiled project around the current directory, or null once the problem is printed. */
export function loadProject(context: CliContext, color: ColorMode, command: string): LoadedProject | null {
  const terminal = terminalFor(context.stdout, context.env, color);
  const lookup = findProject(context.cwd, undefined);
  if (!lookup.ok) {
    if (lookup.exitCode === 2) {
      reportUsage(context, lookup.diagnostic);
      return null;
    }
    reportProblem({ context, terminal, displayPath: (file) => file, source: () => undefined }, lookup.diagnostic);
    return null;
  }
  const { root, displayPath } = lookup.project;
  const compiled = compileProject(nodeHost, root);
  const printing: Printing = { context, terminal, displayPath, source: sourceLookup(compiled.graph) };
  const errors = compiled.diagnostics.filter(stops);
  if (errors.length > 0 || compiled.program === null) {
    reportCompileErrors(printing, command, errors);
    return null;
  }
  return { root, program: compiled.program, printing };
}
