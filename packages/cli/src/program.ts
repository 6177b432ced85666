// The commander program: global flags, every command, and usage errors turned into `cli.*`
// diagnostics. `runCli` is what main.ts and the in-process tests call.
import type { Command, CommanderError } from "commander";
import { diagnostic } from "@jadpo/compiler";
import type { CliContext } from "./context.ts";
import { flag } from "./options.ts";
import { registerCommands } from "./commands/index.ts";
import { commanderUsage, JadpoCommand, OptionValueError, reportUsage } from "./usage.ts";
import { version } from "./version.ts";

/** A commander error, with the command it was raised on. */
class CommandLineError extends Error {
  constructor(readonly error: CommanderError, readonly command: JadpoCommand) {
    super(error.message);
  }
}

/** Every command and subcommand throws instead of exiting, and prints help through the context. */
function configure(command: JadpoCommand, context: CliContext): void {
  command.exitOverride((error) => {
    throw new CommandLineError(error, command);
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
  for (const sub of command.commands) configure(sub as JadpoCommand, context);
}

export function buildProgram(context: CliContext): Command {
  const program = new JadpoCommand("jadpo")
    .description("The Jadpo toolchain: check a project, run its tests, record AI answers, serve it locally.")
    .version(version, "--version", "print jadpo's version")
    .helpOption("-h, --help", "print help for jadpo or a command")
    .addOption(flag("color"))
    .showSuggestionAfterError(true);
  program.helpCommand("help [command]", "print help for jadpo or a command");
  registerCommands(program, context);
  configure(program, context);
  return program;
}

/** Runs one command line (without `node jadpo`) and returns the exit code. */
export async function runCli(argv: string[], context: CliContext): Promise<number> {
  if (argv.length === 0) {
    reportUsage(context, diagnostic("cli.no_command", null));
    return context.exitCode;
  }
  try {
    await buildProgram(context).parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof OptionValueError) {
      reportUsage(context, error.diagnostic);
      return context.exitCode;
    }
    if (!(error instanceof CommandLineError)) throw error;
    const { code, exitCode } = error.error;
    if (code === "commander.helpDisplayed" || code === "commander.version") return 0;
    // `jadpo help`, or help shown because a command needs a subcommand (`jadpo ai`: exit 2).
    if (code === "commander.help") return exitCode === 0 ? 0 : 2;
    reportUsage(context, commanderUsage(error.error, error.command));
  }
  return context.exitCode;
}
