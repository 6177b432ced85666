// Usage errors: each of commander's errors becomes the catalogue rule that says what went wrong,
// its slots taken from commander's error code and the command's option and argument objects
// (never from commander's English text). Printed to standard error, exit 2.
import { closest, diagnostic, renderErrorPlain, type Diagnostic } from "@jadpo/compiler";
import { Command, type CommanderError, type Option } from "commander";
import type { CliContext } from "./context.ts";
import { plural } from "./plural.ts";

export const USAGE_EXIT = 2;

/** Prints a usage error to standard error and sets exit code 2. */
export function reportUsage(context: CliContext, d: Diagnostic): void {
  context.stderr.write(`${renderErrorPlain(d)}\n`);
  context.exitCode = USAGE_EXIT;
}

/** A flag's value it can't take; thrown by the flag's parser (options.ts) and by commands. */
export class OptionValueError extends Error {
  /** Not `commander.invalidArgument`, so commander lets it through unchanged. */
  readonly code = "jadpo.badOption";

  constructor(readonly flag: string, readonly value: string, readonly takes: string, readonly example: string) {
    super(`${flag} takes ${takes}`);
  }

  get diagnostic(): Diagnostic {
    const { flag, value, takes, example } = this;
    return diagnostic("cli.bad_option", null, { flag, takes, value, example });
  }
}

/** The example value a flag's help or usage error shows (set by options.ts), or a placeholder. */
const examples = new WeakMap<Option, string>();

export function setExample(option: Option, example: string): void {
  examples.set(option, example);
}

const exampleOf = (option: Option): string => examples.get(option) ?? "…";
const longName = (option: Option): string => option.long ?? option.short ?? option.flags;

/**
 * A commander Command that keeps the facts of the usage error it raises. Commander calls these
 * two methods (undocumented; stable across commander 14) with the flag text and the Option object
 * before raising `commander.unknownOption` / `commander.optionMissingArgument`; the error it then
 * raises carries only English text.
 */
export class JadpoCommand extends Command {
  unknownFlag: string | undefined;
  optionMissingValue: Option | undefined;

  override createCommand(name?: string): JadpoCommand {
    return new JadpoCommand(name);
  }

  unknownOption(flag: string): void {
    this.unknownFlag = flag;
    this.error(`error: unknown option '${flag}'`, { code: "commander.unknownOption" });
  }

  optionMissingArgument(option: Option): void {
    this.optionMissingValue = option;
    this.error(`error: option '${option.flags}' argument missing`, { code: "commander.optionMissingArgument" });
  }
}

/** The typed command line of `command`: `jadpo ai record`. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at !== null; at = at.parent) names.unshift(at.name());
  return names.join(" ");
}

/** Every long flag `command` takes, its parents' (the global `--color`) included. */
function flagsOf(command: Command): string[] {
  const flags: string[] = [];
  for (let at: Command | null = command; at !== null; at = at.parent) {
    for (const option of at.options) if (option.long && !option.hidden) flags.push(option.long);
  }
  return flags;
}

/** The diagnostic for one of commander's errors, raised on `command`. */
export function commanderUsage(error: CommanderError, command: JadpoCommand): Diagnostic {
  const path = commandPath(command);
  switch (error.code) {
    case "commander.unknownCommand": {
      const name = command.args[0] ?? "";
      const near = closest(name, command.commands.map((sub) => sub.name()));
      const suggestion = near ? `Run \`${path} ${near}\`` : `Run \`${path} --help\` to see the commands`;
      return diagnostic("cli.unknown_command", null, { command: path, name, suggestion });
    }
    case "commander.unknownOption": {
      const flag = command.unknownFlag ?? "";
      const near = flag.startsWith("--") ? closest(flag, flagsOf(command)) : null;
      const suggestion = near ? `Write \`${near}\`` : `Run \`${path} --help\` to see what it takes`;
      return diagnostic("cli.unknown_option", null, { command: path, flag, suggestion });
    }
    case "commander.optionMissingArgument": {
      const option = command.optionMissingValue;
      if (!option) break;
      return diagnostic("cli.missing_value", null, { flag: longName(option), example: exampleOf(option) });
    }
    case "commander.missingMandatoryOptionValue": {
      const option = command.options.find((o) => o.mandatory && command.getOptionValue(o.attributeName()) === undefined);
      if (!option) break;
      return diagnostic("cli.missing_option", null, { command: path, flag: longName(option), description: option.description, example: exampleOf(option) });
    }
    case "commander.missingArgument": {
      const argument = command.registeredArguments.find((arg, i) => arg.required && command.args[i] === undefined);
      if (!argument) break;
      return diagnostic("cli.missing_argument", null, { command: path, argument: argument.name(), description: argument.description });
    }
    case "commander.excessArguments": {
      const most = plural(command.registeredArguments.length, "argument");
      return diagnostic("cli.too_many_arguments", null, { command: path, most, got: command.args.length });
    }
  }
  // Codes no jadpo command line can raise today (conflicting flags…): said generally.
  return diagnostic("cli.usage", null, { command: path });
}
