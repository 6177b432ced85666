// The commander program: global flags, every command, and usage errors turned into `cli.usage`
// diagnostics. `runCli` is what main.ts and the in-process tests call.
import { Command, CommanderError } from "commander";
import type { CliContext } from "./context.ts";
import { flag } from "./options.ts";
import { registerCommands } from "./commands/index.ts";
import { commanderUsage, reportUsage, usageDiagnostic } from "./usage.ts";
import { version } from "./version.ts";

/** A commander error, with the command it was raised on (`jadpo check`). */
class CommandLineError extends Error {
  constructor(readonly error: CommanderError, readonly command: string) {
    super(error.message);
  }
}

/** Every command and subcommand throws instead of exiting, and prints help through the context. */
function configure(command: Command, path: string, context: CliContext): void {
  command.exitOverride((error) => {
    throw new CommandLineError(error, path);
  });
  command.configureOutput({
    writeOut: (text) => context.stdout.write(text),
    writeErr: (text) => context.stderr.write(text),
    outputError: () => {}, // commander's own error text never reaches the user
    getOutHelpWidth: () => context.stdout.columns ?? 80,
    getErrHelpWidth: () => context.stderr.columns ?? 80,
    getOutHasColors: () => false,
    getErrHasColors: () => false,
  });
  for (const sub of command.commands) configure(sub, `${path} ${sub.name()}`, context);
}

export function buildProgram(context: CliContext): Command {
  const program = new Command("jadpo")
    .description("The Jadpo toolchain: check a project, run its tests, record AI answers, serve it locally.")
    .version(version, "--version", "print jadpo's version")
    .helpOption("-h, --help", "print help for jadpo or a command")
    .addOption(flag("color"))
    .showSuggestionAfterError(true);
  program.helpCommand(false);
  registerCommands(program, context);
  configure(program, "jadpo", context);
  return program;
}

/** Runs one command line (without `node jadpo`) and returns the exit code. */
export async function runCli(argv: string[], context: CliContext): Promise<number> {
  if (argv.length === 0) {
    reportUsage(context, usageDiagnostic("No command given", "Run `jadpo check` to check the project, or `jadpo --help` to see every command"));
    return context.exitCode;
  }
  try {
    await buildProgram(context).parseAsync(argv, { from: "user" });
  } catch (error) {
    if (!(error instanceof CommandLineError)) throw error;
    const { code } = error.error;
    if (code === "commander.helpDisplayed" || code === "commander.version") return 0;
    if (code === "commander.help") return 2; // help shown because a command needs a subcommand
    reportUsage(context, commanderUsage(error.error, error.command));
  }
  return context.exitCode;
}
