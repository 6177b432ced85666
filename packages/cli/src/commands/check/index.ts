// `jadpo check [path]`: compile the project and print its diagnostics, or the one line that says
// it passed. Exit 0 passed, 1 diagnostics (or no project), 2 usage error. The work is in run.ts,
// loaded only when the command runs (a fast `--help`).
import type { Command } from "commander";
import type { CliContext } from "../../context.ts";
import { flag } from "../../options.ts";
import type { CheckOptions } from "./run.ts";

export function registerCheck(program: Command, context: CliContext): void {
  program
    .command("check")
    .description("compile the project: print its diagnostics, or that it passed")
    .argument("[path]", "the project, or a file or folder in it (default: the current directory)")
    .addOption(flag("diagnosticFormat"))
    .action(async (path: string | undefined, _options: unknown, command: Command) => {
      const { runCheck } = await import("./run.ts");
      await runCheck(path, command.optsWithGlobals<CheckOptions>(), context);
    });
}
