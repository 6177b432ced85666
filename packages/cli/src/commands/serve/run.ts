// What `jadpo serve` does (docs/production.md): compile the project once (its diagnostics and exit 1
// when it doesn't compile; nothing is written), and serve the program a build would ship, as a
// build's `server.mjs` serves it, until SIGTERM or SIGINT.
import { compileProject, sourceLookup } from "@jadpo/compiler";
import { createProductionApp, programForBuild, type ProductionApp } from "@jadpo/runtime/app";
import type { CliContext } from "../../context.ts";
import { nodeHost } from "../../node-host.ts";
import { projectOrReport } from "../../project.ts";
import type { ColorMode } from "../../terminal.ts";
import { compileFailureText } from "../../compile-errors.ts";
import { appOrMissingSetting, startServing, type ServeOptions } from "./start.ts";
import { untilSignalled } from "./stop-signals.ts";

export interface ServeCommandOptions extends ServeOptions {
  color: ColorMode;
}

/** The project's app, or null once its problem is printed. */
function loadProject(path: string | undefined, context: CliContext): ProductionApp | null {
  const project = projectOrReport(context, path);
  if (project === null) return null;
  const { root, displayPath } = project;
  const result = compileProject(nodeHost, root);
  if (result.program === null || result.diagnostics.length > 0) {
    // Plain: serve's output is a log, not a terminal's.
    context.stdout.write(`${compileFailureText({ ...result, source: sourceLookup(result.graph) }, displayPath, null, "serve failed:")}\n`);
    return null;
  }
  const { program } = programForBuild(result.program);
  return appOrMissingSetting(() => createProductionApp(program, { env: context.env }), context);
}

/** Serves the project at `path` until `stop` aborts. Sets `context.exitCode`. */
export function runServe(path: string | undefined, options: ServeOptions, context: CliContext, stop: AbortSignal): Promise<void> {
  return startServing(options, context, async () => loadProject(path, context), stop);
}

export async function runServeCommand(path: string | undefined, options: ServeCommandOptions, context: CliContext): Promise<void> {
  await untilSignalled(context, (stop) => runServe(path, options, context, stop));
}
