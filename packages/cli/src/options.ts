// Every flag of the CLI in one table (SPEC 11). Commands pick theirs by name with `flag(name)`.
// `--flag value` and `--flag=value` both work (commander reads both).
import { InvalidArgumentError, Option } from "commander";
import { colorModes } from "./terminal.ts";

export interface FlagSpec {
  flags: string;
  description: string;
  choices?: readonly string[];
  defaultValue?: string | number | boolean;
  /** Turns the text into a value, throwing InvalidArgumentError with what it takes. */
  parse?: (value: string) => unknown;
}

function wholeNumber(min: number) {
  return (value: string): number => {
    if (!/^-?[0-9]+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < min) {
      throw new InvalidArgumentError(min === 0 ? "it takes a whole number, 0 or more" : `it takes a whole number, ${min} or more`);
    }
    return Number(value);
  };
}

export const flagTable = {
  // Global.
  color: {
    flags: "--color <when>",
    description: "colour the output: auto (a terminal without NO_COLOR or FORCE_COLOR=0), always or never",
    choices: colorModes,
    defaultValue: "auto",
  },
  // check
  diagnosticFormat: {
    flags: "--diagnostic-format <format>",
    description: "how diagnostics are printed: pretty (default on a terminal), plain (default otherwise) or json",
    choices: ["pretty", "plain", "json"],
  },
  // test
  seed: { flags: "--seed <n>", description: "the run seed every test's values derive from", defaultValue: 1, parse: wholeNumber(0) },
  reporter: { flags: "--reporter <name>", description: "pretty, plain, json or junit", choices: ["pretty", "plain", "json", "junit"] },
  output: { flags: "--output <file>", description: "write the report to FILE instead of standard output" },
  shard: { flags: "--shard <i/n>", description: "run the i-th of n equal parts of the tests" },
  workers: { flags: "--workers <n>", description: "how many tests run at once", parse: wholeNumber(1) },
  watch: { flags: "--watch", description: "run again when a file changes" },
  // ai record
  as: { flags: "--as <name>", description: "the recording's name" },
  fixture: { flags: "--fixture <group.fixture>", description: "ask with a fixture's values instead of the last `jadpo dev` call" },
  force: { flags: "--force", description: "replace an existing recording" },
  // dev
  port: { flags: "--port <n>", description: "the port to serve on (0 picks a free one)", defaultValue: 3000, parse: wholeNumber(0) },
} as const satisfies Record<string, FlagSpec>;

export type FlagName = keyof typeof flagTable;

/** The commander Option of one flag of the table. */
export function flag(name: FlagName): Option {
  const spec: FlagSpec = flagTable[name];
  const option = new Option(spec.flags, spec.description);
  if (spec.choices) option.choices(spec.choices);
  if (spec.parse) option.argParser(spec.parse);
  if (spec.defaultValue !== undefined) option.default(spec.defaultValue);
  return option;
}
