// Rules of the toolchain itself and of the command line.
import type { RuleEntry } from "./rule-entry.ts";

export const toolchainRules = {
  "toolchain.internal_error": {
    summary: "jadpo hit an internal error: {message}",
    reason: "This is a fault in jadpo, not in your project.",
    next: "Report it with the saved report {report}",
    owner: "human",
  },
  "cli.usage": {
    summary: "{problem}",
    reason: "The command line takes the commands and flags `jadpo --help` lists.",
    next: "{suggestion}",
    owner: "human",
  },
  "cli.no_project": {
    summary: "No Jadpo project at or above `{path}`",
    reason: "A project is the folder holding `app.jadpo`; commands find it by walking up from the path given.",
    next: "Run the command inside a project, or pass its path",
    owner: "human",
  },
} as const satisfies Record<string, RuleEntry>;
