// Every flag of the CLI in one table (docs/cli.md). Commands pick theirs by name with `flag(name)`.
// `--flag value` and `--flag=value` both work (commander reads both).
import { Option } from "commander";
import type { TestTimeout } from "@jadpo/runtime";
import { colorModes } from "./terminal.ts";
import { reporterNames } from "./reporters/index.ts";
import { OptionValueError, setExample } from "./usage.ts";

/** How `jadpo check` prints diagnostics. */
export const diagnosticFormats = ["pretty", "plain", "json"] as const;
export type DiagnosticFormat = (typeof diagnosticFormats)[number];

export interface FlagSpec {
  flags: string;
  description: string;
  choices?: readonly string[];
  /** Commander says so when it is missing (`cli.missing_option`). */
  mandatory?: boolean;
  /** Shown after the description in the help, when the flag is required (`required without --stale`). */
  required?: string;
  defaultValue?: string | number | boolean;
  /** A value it takes, shown in usage errors: `Write \`--seed 7\`, say`. */
  example?: string;
  /** Turns the text into a value; null when it can't, and then the flag `takes` this. */
  parse?: { value: (text: string) => unknown; takes: string };
  /** May be given several times: the values are kept in order, as a list. */
  repeatable?: boolean;
}

/** `a, b or c`. */
export function orList(words: readonly string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): FlagSpec["parse"] {
  const value = (text: string): number | null =>
    /^-?[0-9]+$/.test(text) && Number.isSafeInteger(Number(text)) && Number(text) >= min && Number(text) <= max ? Number(text) : null;
  return { value, takes: max === Number.MAX_SAFE_INTEGER ? `a whole number, ${min} or more` : `a whole number from ${min} to ${max}` };
}

/** `10s`, `500ms`, `2m`, `1h` (a positive whole number and a unit) → milliseconds, or null. */
export function durationMs(text: string): number | null {
  const m = /^([0-9]{1,9})(ms|s|m|h)$/.exec(text);
  if (m === null || Number(m[1]) === 0) return null;
  return Number(m[1]) * { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[m[2] as "ms" | "s" | "m" | "h"];
}

/** A time limit as its flag gave it (already checked by `duration`): milliseconds, and the text to show. */
export function timeLimit(text: string): TestTimeout {
  return { ms: durationMs(text)!, text };
}

/** A duration flag's value, kept as written (`10s`): `typical` is the example in its usage error. */
function duration(typical: string): FlagSpec["parse"] {
  return { value: (text: string) => (durationMs(text) === null ? null : text), takes: `a duration such as 500ms, ${typical} or 2m` };
}

/** `512KiB`, `1MiB`, `2MB`, or bytes (`1048576`) → bytes, or null. */
export function byteSize(text: string): number | null {
  const m = /^([0-9]{1,12})(B|KiB|MiB|KB|MB)?$/.exec(text);
  if (m === null || Number(m[1]) === 0) return null;
  return Number(m[1]) * { B: 1, KiB: 1024, MiB: 1024 * 1024, KB: 1000, MB: 1000 * 1000 }[(m[2] ?? "B") as "B"];
}

/** A percentage, 0 to 100, decimals allowed. */
function percent(): FlagSpec["parse"] {
  const value = (text: string): number | null => (/^[0-9]+(\.[0-9]+)?$/.test(text) && Number(text) <= 100 ? Number(text) : null);
  return { value, takes: "a percentage from 0 to 100" };
}

export const flagTable = {
  // Global.
  color: {
    flags: "--color <when>",
    description: "colour the output: auto (a terminal without NO_COLOR or FORCE_COLOR=0), always or never",
    choices: colorModes,
    defaultValue: "auto",
    example: "never",
  },
  // check
  diagnosticFormat: {
    flags: "--diagnostic-format <format>",
    description: `how diagnostics are printed: ${orList(diagnosticFormats)} (default: pretty on a terminal, plain otherwise)`,
    choices: diagnosticFormats,
    example: "plain",
  },
  // test
  seed: { flags: "--seed <n>", description: "the run seed every test's values derive from", defaultValue: 1, example: "7", parse: wholeNumber(0) },
  name: {
    flags: "-t, --name <pattern>",
    description: "run only the tests whose name contains the text, or matches /regex/",
    example: "refus",
  },
  bail: {
    flags: "--bail [n]",
    description: "stop after n failed tests (default 1); the tests not run are counted as skipped",
    example: "1",
    parse: wholeNumber(1),
  },
  reporter: {
    flags: "--reporter <name>",
    description: `${orList(reporterNames)}; may be given several times`,
    choices: reporterNames,
    example: "plain",
    repeatable: true,
  },
  output: {
    flags: "--output <[reporter=]file>",
    description: "write a reporter's report to a file (folders created) instead of standard output, e.g. junit=reports/junit.xml",
    example: "junit=reports/junit.xml",
    repeatable: true,
  },
  shard: { flags: "--shard <i/n>", description: "run the i-th of n equal parts of the tests", example: "1/3" },
  workers: { flags: "--workers <n>", description: "how many tests run at once", example: "2", parse: wholeNumber(1) },
  watch: { flags: "--watch", description: "run again when a file changes" },
  testTimeout: {
    flags: "--test-timeout <duration>",
    description: "the wall time each test may take before it fails as timed out",
    defaultValue: "10s",
    example: "30s",
    parse: duration("10s"),
  },
  actionTimeout: {
    flags: "--action-timeout <duration>",
    description: "the wall time each action request may take before it stops with a runtime fault",
    defaultValue: "30s",
    example: "2m",
    parse: duration("30s"),
  },
  failOnAlert: { flags: "--fail-on-alert", description: "exit 1 when any alert is printed (a recording from an older prompt or another model)" },
  seeds: { flags: "--seeds <A..B>", description: "run every test under each run seed from A to B (at most 10,000), shrinking the answers of tests that fail under some", example: "1..100" },
  noCache: { flags: "--no-cache", description: "run the tests even when nothing changed since an identical run passed (that run's report is shown otherwise)" },
  coverage: { flags: "--coverage", description: "list the AI outcomes the tests reached at each AI call of the code" },
  coverageMin: {
    flags: "--coverage-min <percent>", description: "fail when the tests reach fewer AI outcomes than this (implies --coverage)", example: "80", parse: percent(),
  },
  // ai record
  // Examples name no project's fixtures or recordings: they show the form.
  as: { flags: "--as <name>", description: "the recording's name", example: "first_answer", mandatory: true, required: "required without --stale" },
  fixture: { flags: "--fixture <group.fixture>", description: "ask with a fixture's values instead of the last `jadpo dev` call", example: "group.fixture" },
  force: { flags: "--force", description: "replace an existing recording" },
  stale: { flags: "--stale", description: "record again every out-of-date recording (of the prompt, or of every prompt), each with the values it was asked with" },
  // ai show
  render: { flags: "--render", description: "print what a model is sent for the prompt: its rendered system, text and answer format" },
  renderFixture: {
    flags: "--fixture <group.fixture>", description: "render with a fixture's values (without one, placeholders stay as written)", example: "questions.sesame",
  },
  // build
  out: { flags: "--out <dir>", description: "the folder to write the build to (default: build/ at the project's root)", example: "dist/app" },
  // serve
  servePort: { flags: "--port <n>", description: "the port to serve on (0 picks a free one)", defaultValue: 8080, example: "8081", parse: wholeNumber(0, 65535) },
  host: {
    flags: "--host <address>",
    description: "the address to serve on: 127.0.0.1 (this machine only), or 0.0.0.0 for every interface (behind a load balancer)",
    defaultValue: "127.0.0.1",
    example: "0.0.0.0",
  },
  noAuth: { flags: "--no-auth", description: "serve without a token: only with a loopback --host (127.0.0.1, ::1 or localhost)" },
  concurrency: { flags: "--concurrency <n>", description: "how many actions run at once in each process; more are answered 503", defaultValue: 64, example: "16", parse: wholeNumber(1) },
  maxBody: {
    flags: "--max-body <size>",
    description: "the largest request body accepted (bytes, or with KiB, MiB, KB or MB); larger ones are answered 413",
    defaultValue: "1MiB",
    example: "256KiB",
    parse: { value: (text: string) => (byteSize(text) === null ? null : text), takes: "a size such as 1048576, 512KiB or 1MiB" },
  },
  requestTimeout: {
    flags: "--request-timeout <duration>",
    description: "the wall time an action request may take; past it the request is answered 504 and the action stops",
    defaultValue: "60s",
    example: "30s",
    parse: duration("60s"),
  },
  drain: {
    flags: "--drain <duration>",
    description: "after SIGTERM or SIGINT, how long actions running may take to finish before they are stopped",
    defaultValue: "10s",
    example: "30s",
    parse: duration("10s"),
  },
  serveWorkers: { flags: "--workers <n>", description: "how many processes serve on the one port (node:cluster)", defaultValue: 1, example: "4", parse: wholeNumber(1, 256) },
  // fmt
  check: { flags: "--check", description: "change nothing: list the files that would change, and exit 1 if any (for CI)" },
  stdin: { flags: "--stdin", description: "format standard input to standard output (no project needed)" },
  // dev
  port: { flags: "--port <n>", description: "the port to serve on (0 picks a free one)", defaultValue: 3000, example: "3001", parse: wholeNumber(0, 65535) },
} as const satisfies Record<string, FlagSpec>;

export type FlagName = keyof typeof flagTable;

/** The help's note for a required flag (`--as`), by its long name; null for any other. */
export function requiredNote(long: string | undefined): string | null {
  const spec = Object.values(flagTable as Record<string, FlagSpec>).find((s) => new Option(s.flags).long === long);
  return spec?.required ?? (spec?.mandatory ? "required" : null);
}

/** The commander Option of one flag of the table; a value it can't take throws OptionValueError. */
export function flag(name: FlagName): Option {
  const spec: FlagSpec = flagTable[name];
  const option = new Option(spec.flags, spec.description);
  const long = option.long ?? spec.flags;
  const example = spec.example ?? spec.choices?.[0];
  if (example !== undefined) setExample(option, example);
  if (spec.mandatory) option.makeOptionMandatory();
  // Commander's own choice check (kept for the help's "choices:") says what went wrong only in
  // English; this parser says it with the facts.
  const { choices, parse } = spec;
  // A repeatable flag collects its values in order; any other keeps the last.
  const keep = (value: unknown, previous: unknown): unknown =>
    spec.repeatable ? [...(Array.isArray(previous) ? previous : []), value] : value;
  if (choices) {
    option.choices(choices).argParser((text: string, previous: unknown) => {
      if (!choices.includes(text)) throw new OptionValueError(long, text, orList(choices), example ?? choices[0]);
      return keep(text, previous);
    });
  } else if (parse) {
    option.argParser((text: string, previous: unknown) => {
      const value = parse.value(text);
      if (value === null) throw new OptionValueError(long, text, parse.takes, example ?? "");
      return keep(value, previous);
    });
  } else if (spec.repeatable) {
    option.argParser((text: string, previous: unknown) => keep(text, previous));
  }
  if (spec.defaultValue !== undefined) option.default(spec.defaultValue);
  return option;
}
