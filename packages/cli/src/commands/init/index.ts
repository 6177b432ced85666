// `jadpo init [folder]`: start a new project that passes `jadpo test` at once. The work is in
// run.ts, loaded only when the command runs (a fast `--help`).
import type { Command } from "commander";
import type { CliContext } from "../../context.ts";
import type { InitOptions } from "./run.ts";

export function registerInit(program: Command, context: CliContext): void {
  program
    .command("init")
    .description("start a new project: an app, one domain and its tests, ready for `jadpo test`")
    .argument("[folder]", "where to write it, made if missing (default: the current directory)")
    .action(async (folder: string | undefined, _options: unknown, command: Command) => {
      const { runInit } = await import("./run.ts");
      await runInit(folder, command.optsWithGlobals<InitOptions>(), context);
    });
}
