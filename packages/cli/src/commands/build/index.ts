// `jadpo build [path] [--out dir]`: the project as a module a TypeScript service imports, its
// declarations, and a server that serves it without the toolchain (docs/production.md). The
// work is in run.ts, loaded only when the command runs.
import type { Command } from "commander";
import type { CliContext } from "../../context.ts";
import { flag } from "../../options.ts";
import type { BuildOptions } from "./run.ts";

export function registerBuild(program: Command, context: CliContext): void {
  program
    .command("build")
    .description("build the project for production: app.mjs, its TypeScript declarations, and server.mjs")
    .argument("[path]", "the project, or a file or folder in it (default: the current directory)")
    .addOption(flag("out"))
    .action(async (path: string | undefined, _options: unknown, command: Command) => {
      const { runBuild } = await import("./run.ts");
      await runBuild(path, command.optsWithGlobals<BuildOptions>(), context);
    });
}
