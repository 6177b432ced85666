// Usage errors: commander's errors become one `cli.usage` diagnostic in Jadpo's words (never
// commander's own text), printed to standard error, exit 2.
import { diagnostic, renderErrorPlain, type Diagnostic } from "@jadpo/compiler";
import type { CommanderError } from "commander";
import type { CliContext } from "./context.ts";

export const USAGE_EXIT = 2;

/** A `cli.usage` diagnostic: the problem in a few words and the one next step. */
export function usageDiagnostic(problem: string, suggestion: string): Diagnostic {
  return diagnostic("cli.usage", null, { problem, suggestion });
}

/** Prints a usage error to standard error and sets exit code 2. */
export function reportUsage(context: CliContext, d: Diagnostic): void {
  context.stderr.write(`${renderErrorPlain(d)}\n`);
  context.exitCode = USAGE_EXIT;
}

/** The long name of a flag spelling: `--color <when>` → `--color`. */
function flagName(flags: string): string {
  const long = /--[\w-]+/.exec(flags);
  return long ? long[0] : flags.split(/[ ,]/)[0];
}

/** The command a usage error belongs to, as typed: `jadpo check`. */
function helpFor(command: string): string {
  return `Run \`${command} --help\` to see what it takes`;
}

/** Turns one of commander's errors into a `cli.usage` diagnostic, reading the facts out of its message. */
export function commanderUsage(error: CommanderError, command: string): Diagnostic {
  const message = error.message.replace(/^error: /, "");
  const didYouMean = /\(Did you mean (?:one of )?([^)?]+)\?\)/.exec(message)?.[1]?.split(",")[0]?.trim();
  let match: RegExpExecArray | null;
  switch (error.code) {
    case "commander.unknownCommand":
      match = /unknown command '(.*)'/.exec(message);
      return usageDiagnostic(
        `\`${match?.[1] ?? "?"}\` is not a jadpo command`,
        didYouMean ? `Run \`jadpo ${didYouMean}\`` : "Run `jadpo --help` to see the commands",
      );
    case "commander.unknownOption":
      match = /unknown option '(.*)'/.exec(message);
      return usageDiagnostic(
        `\`${command}\` has no flag \`${match?.[1] ?? "?"}\``,
        didYouMean ? `Write \`${didYouMean}\`` : helpFor(command),
      );
    case "commander.invalidArgument": {
      match = /option '(.+?)' argument '(.*)' is invalid\. (.*)$/s.exec(message);
      if (match) {
        const choices = /Allowed choices are (.*)\./.exec(match[3]);
        const takes = choices ? `takes ${choices[1].replace(/, ([^,]*)$/, " or $1")}` : match[3].replace(/^it /, "").replace(/\.$/, "");
        return usageDiagnostic(`\`${flagName(match[1])}\` ${takes}, not \`${match[2]}\``, helpFor(command));
      }
      match = /command-argument value '(.*)' is invalid for argument '(.*)'\. (.*)$/s.exec(message);
      return usageDiagnostic(match ? `\`${match[1]}\` is not a valid ${match[2]}` : "An argument is not valid", helpFor(command));
    }
    case "commander.optionMissingArgument":
      match = /option '(.+?)' argument missing/.exec(message);
      return usageDiagnostic(`\`${match ? flagName(match[1]) : "a flag"}\` needs a value`, helpFor(command));
    case "commander.missingArgument":
      match = /missing required argument '(.*)'/.exec(message);
      return usageDiagnostic(`\`${command}\` needs ${match ? `a ${match[1]}` : "an argument"}`, helpFor(command));
    case "commander.excessArguments":
      match = /Expected (\d+) arguments? but got (\d+)/.exec(message);
      return usageDiagnostic(
        match ? `\`${command}\` takes at most ${match[1]} argument${match[1] === "1" ? "" : "s"}, got ${match[2]}` : `\`${command}\` got too many arguments`,
        helpFor(command),
      );
    case "commander.conflictingOption":
      return usageDiagnostic("Two of the flags given can't be used together", helpFor(command));
    default:
      return usageDiagnostic("The command line couldn't be read", "Run `jadpo --help` to see the commands and their flags");
  }
}
