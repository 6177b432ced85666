// `jadpo fmt [paths...] [--check] [--stdin]`: write the project's source and test files (or the
// files under the paths, or standard input) in the one canonical layout (docs/cli.md). Exit 0
// formatted, 1 with `--check` when a file would change or when a file has a syntax problem, 2 usage
// error. The work is in run.ts, loaded only when the command runs (a fast `--help`).
import type { Command } from "commander";
import type { CliContext } from "../../context.ts";
import { flag } from "../../options.ts";
import type { FmtOptions } from "./run.ts";

export function registerFmt(program: Command, context: CliContext): void {
  const fmt = program.command("fmt").description("write the source and test files in the canonical layout, and list the files changed");
  fmt.argument("[paths...]", "files and folders to format (default: the project of the current directory)");
  for (const name of ["check", "stdin"] as const) fmt.addOption(flag(name));
  fmt.action(async (paths: string[], _options: unknown, command: Command) => {
    const { runFmt } = await import("./run.ts");
    await runFmt(paths, command.optsWithGlobals<FmtOptions>(), context);
  });
}
