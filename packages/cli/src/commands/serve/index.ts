// `jadpo serve [path]`: serve the project's actions over HTTP for production, behind a token and a
// load balancer (docs/production.md). The work is in run.ts, loaded only when the command runs.
import type { Command } from "commander";
import type { CliContext } from "../../context.ts";
import { addServeFlags } from "./flags.ts";
import type { ServeCommandOptions } from "./run.ts";

export function registerServe(program: Command, context: CliContext): void {
  const command = program
    .command("serve")
    .description("serve the project's actions over HTTP for production: a token, limits, logs and metrics")
    .argument("[path]", "the project, or a file or folder in it (default: the current directory)");
  addServeFlags(command).action(async (path: string | undefined, _options: unknown, cmd: Command) => {
    const { runServeCommand } = await import("./run.ts");
    await runServeCommand(path, cmd.optsWithGlobals<ServeCommandOptions>(), context);
  });
}
