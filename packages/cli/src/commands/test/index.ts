// `jadpo test [path | file:line ...]`: compile the project, run the tests the paths select (and
// one recording test per recording), report them. Exit 0 all passed, 1 any failed (or compile
// errors, or no tests), 2 usage error. What a run does is in run.ts, loaded on demand: the
// runtime (the driver, the runner) stays out of every other command's start-up.
import type { Command } from "commander";
import type { CliContext } from "../../context.ts";
import { flag } from "../../options.ts";
import type { TestOptions } from "./run.ts";

export function registerTest(program: Command, context: CliContext): void {
  program
    .command("test")
    .description("run the tests, and one recording test per recording")
    .argument("[paths...]", "files or folders to run the tests of, or file:line for the test declared there")
    .addOption(flag("name"))
    .addOption(flag("bail"))
    .addOption(flag("seed"))
    .addOption(flag("reporter"))
    .addOption(flag("output"))
    .addOption(flag("shard"))
    .addOption(flag("workers"))
    .addOption(flag("watch"))
    .addOption(flag("testTimeout"))
    .addOption(flag("failOnAlert"))
    .addOption(flag("seeds"))
    .addOption(flag("coverage"))
    .addOption(flag("coverageMin"))
    .addOption(flag("noCache"))
    .action(async (paths: string[] | undefined, _options: unknown, command: Command) => {
      const { runTestCommand } = await import("./run.ts");
      await runTestCommand(paths ?? [], command.optsWithGlobals<TestOptions>(), context);
    });
}
