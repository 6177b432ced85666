// Rules of module loading and name binding (module.*, name.*).
import type { RuleEntry } from "./rule-entry.ts";

export const moduleRules = {
  "module.not_found": {
    summary: "No module `{module}` in this project",
    reason: "A module is a folder or a file under `domains/`, named by its path.",
    next: "{suggestion}",
    owner: "agent",
  },
  "module.name_not_found": {
    summary: "Module `{module}` has no `{name}`",
    reason: "`use` imports names that the module declares at its top level.",
    next: "{suggestion}",
    owner: "agent",
  },
  "module.import_cycle": {
    summary: "These files import each other in a cycle",
    reason: "Files are checked in import order, so `use` edges between files may not form a loop.",
    next: "Move the shared declarations into a file both can import",
    owner: "agent",
  },
  "module.ambiguous": {
    summary: "`{module}` is both a folder module and a file module",
    reason: "A module path must name exactly one module, so a file and a folder may not share a path.",
    next: "Rename the file `{file}` or the folder",
    owner: "agent",
  },
  "module.unreadable": {
    summary: "`{path}` is skipped: {why}",
    reason: "Only files that are really in the project and can be read are compiled; a loop of links, a pipe or a link that leads outside the project would hang, fail or read someone else's file.",
    next: "Remove or replace `{path}` with a plain file or folder in the project",
    owner: "human",
  },
  "limit.project_too_large": {
    reason: "A run holds every file's syntax tree and the checked program in memory at once (about {ratio} bytes for each byte of source), so jadpo stops before the process could run out of memory.",
    owner: "human",
    variants: {
      sources: {
        summary: "The project's source and test files are {size}, over the {budget} a run with a {heap} heap can hold",
        next: "Give the run more memory, for example `NODE_OPTIONS=--max-old-space-size=8192` for an 8 GiB heap (the limit grows with it), or split the project",
      },
      heap: {
        summary: "The project filled {used} of this process's {heap} heap after reading {size} of source",
        next: "Give the run more memory, for example `NODE_OPTIONS=--max-old-space-size=8192` for an 8 GiB heap, or split the project",
      },
    },
  },
  "name.unknown": {
    summary: "`{name}` is not defined here",
    reason: "A name must be declared in the module, imported with `use`, declared in `app.jadpo`, or be a prelude name.",
    next: "{suggestion}",
    owner: "agent",
  },
  "name.duplicate": {
    summary: "`{name}` is already declared in {where}",
    reason: "Names in one namespace must be unique so every use refers to exactly one declaration.",
    next: "Rename one of the two",
    owner: "agent",
  },
  "name.casing": {
    summary: "`{name}` should be written `{suggested}`",
    reason: "Types and failures are UpperCamel; values, fields, actions, functions, prompts, enum members and fixtures are lower_snake, so a name tells what it is.",
    next: "Rename it to `{suggested}`",
    owner: "agent",
  },
  "name.reserved": {
    summary: "`{name}` is reserved and can't name a prompt",
    reason: "`ai.generate`, `ai.stream` and `ai.embed` share the `ai.` namespace with prompts.",
    next: "Choose another name for the prompt",
    owner: "agent",
  },
} as const satisfies Record<string, RuleEntry>;
