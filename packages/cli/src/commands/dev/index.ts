// `jadpo dev [path] [--port N]`: serve the project's actions on 127.0.0.1 with the development
// call log (docs/dev.md). The work is in run.ts, loaded only when the command runs (a fast `--help`).
import type { Command } from "commander";
import type { CliContext } from "../../context.ts";
import { flag } from "../../options.ts";
import type { DevOptions } from "./run.ts";

export function registerDev(program: Command, context: CliContext): void {
  program
    .command("dev")
    .description("serve the project's actions locally, with the development call log")
    .argument("[path]", "the project, or a file or folder in it (default: the current directory)")
    .addOption(flag("port"))
    .addOption(flag("actionTimeout"))
    .action(async (path: string | undefined, _options: unknown, command: Command) => {
      const { runDevCommand } = await import("./run.ts");
      await runDevCommand(path, command.optsWithGlobals<DevOptions>(), context);
    });
}
