// The commander program: global flags, every command, and usage errors turned into `cli.*`
// diagnostics. `runCli` is what main.ts and the in-process tests call.
import { Help, type Command, type CommanderError } from "commander";
import { diagnostic, slashPath } from "@jadpo/compiler";
import type { CliContext } from "./context.ts";
import { flag, requiredNote } from "./options.ts";
import { registerCommands } from "./commands/index.ts";
import { commanderUsage, JadpoCommand, OptionValueError, reportUsage } from "./usage.ts";
import { version } from "./version.ts";
import { examplesText, helpExamples } from "./help-examples.ts";
import { toolchainFolder } from "./commands/init/toolchain-files.ts";
import { join } from "node:path";

/** This install's copy of a docs page, or null when it has none. */
function installedDoc(page: string): string | null {
  const folder = toolchainFolder("docs", page);
  return folder === null ? null : slashPath(join(folder, page));
}

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
  const path = commandPath(command);
  // Made when help is shown: finding the install's docs reads the disk.
  if (path in helpExamples) command.addHelpText("after", () => examplesText(path, installedDoc) ?? "");
  for (const sub of command.commands) configure(sub as JadpoCommand, context);
}

/** `jadpo`, `test`, `ai record`: a command's path below the program. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at; at = at.parent) names.unshift(at.name());
  return names.length === 1 ? names[0] : names.slice(1).join(" ");
}

export function buildProgram(context: CliContext): Command {
  const program = new JadpoCommand("jadpo")
    .description("The Jadpo toolchain: check a project, run its tests, record AI answers, serve it locally.")
    .version(version, "--version", "print jadpo's version")
    .helpOption("-h, --help", "print help for jadpo or a command")
    .addOption(flag("color"))
    .showSuggestionAfterError(true)
    // Every command's help lists `--color` (a global flag) under "Global Options".
    .configureHelp({
      showGlobalOptions: true,
      // A flag the command can't run without says so in the help (`--as`).
      optionDescription(option) {
        const text = Help.prototype.optionDescription.call(this, option);
        const note = option.mandatory ? "required" : requiredNote(option.long);
        return note ? `${text} (${note})` : text;
      },
    });
  program.helpCommand("help [command]", "print help for jadpo or a command");
  registerCommands(program, context);
  configure(program, context);
  return program;
}

/** Flags whose value is optional and a whole number (`--bail [n]`). */
const OPTIONAL_NUMBER_FLAGS = new Set(["--bail"]);

/**
 * `--bail domains/x` means `--bail` then the path, but commander would take any next word as the
 * optional value: a `--bail` not followed by a number is written `--bail=1`.
 */
export function optionalValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === "--") return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    const bare = OPTIONAL_NUMBER_FLAGS.has(argv[i]) && (next === undefined || !/^[0-9]+$/.test(next));
    out.push(bare ? `${argv[i]}=1` : argv[i]);
  }
  return out;
}

/** Runs one command line (without `node jadpo`) and returns the exit code. */
export async function runCli(argv: string[], context: CliContext): Promise<number> {
  argv = optionalValues(argv);
  if (argv.length === 0) {
    reportUsage(context, diagnostic("cli.no_command", null));
    return context.exitCode;
  }
  try {
    const program = buildProgram(context);
    // A command made only of subcommands, alone (`jadpo ai`), prints its help: what was asked for.
    const group = program.commands.find((command) => command.name() === argv[0]);
    if (argv.length === 1 && group && group.commands.length > 0) argv = [argv[0], "--help"];
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof OptionValueError) {
      reportUsage(context, error.diagnostic);
      return context.exitCode;
    }
    if (!(error instanceof CommandLineError)) throw error;
    const { code, exitCode } = error.error;
    if (code === "commander.helpDisplayed" || code === "commander.version") return 0;
    // `jadpo help [command]`.
    if (code === "commander.help") return exitCode === 0 ? 0 : 2;
    reportUsage(context, commanderUsage(error.error, error.command));
  }
  return context.exitCode;
}
