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
    summary: "The command line couldn't be read",
    reason: "The command line takes the commands and flags `jadpo --help` lists.",
    next: "Run `{command} --help` to see what it takes",
    owner: "human",
  },
  "cli.no_command": {
    summary: "No command given",
    reason: "`jadpo` does one job per run, and the command names it.",
    next: "Run `jadpo check` to check the project, or `jadpo --help` to see every command",
    owner: "human",
  },
  "cli.unknown_command": {
    summary: "`{command} {name}` is not a command",
    reason: "The commands are the ones `{command} --help` lists.",
    next: "{suggestion}",
    owner: "human",
  },
  "cli.unknown_option": {
    summary: "`{command}` has no flag `{flag}`",
    reason: "A command takes only the flags its `--help` lists.",
    next: "{suggestion}",
    owner: "human",
  },
  "cli.bad_option": {
    summary: "`{flag}` takes {takes}, not `{value}`",
    reason: "A flag's value must be one its `--help` line describes.",
    next: "Write `{flag} {example}`, say",
    owner: "human",
  },
  "cli.conflicting_options": {
    summary: "`{first}` and `{second}` can't be used together",
    reason: "Each of them chooses what the command works on, so a command line takes one of them.",
    next: "{suggestion}",
    owner: "human",
  },
  "cli.missing_value": {
    summary: "`{flag}` needs a value",
    reason: "A flag shown with `<…>` in the help takes a value after it: `{flag} value` or `{flag}=value`.",
    next: "Write `{flag} {example}`, say",
    owner: "human",
  },
  "cli.missing_option": {
    summary: "`{command}` needs `{flag}`, {description}",
    reason: "The command can't run without it: it has no default.",
    next: "Write `{flag} {example}`, say",
    owner: "human",
  },
  "cli.missing_argument": {
    summary: "`{command}` needs `<{argument}>`, {description}",
    reason: "The command's help shows what it takes: `<…>` is required, `[…]` optional.",
    next: "Run `{command} --help` to see what it takes",
    owner: "human",
  },
  "cli.too_many_arguments": {
    summary: "`{command}` takes at most {most}, got {got}",
    reason: "The command's help shows every argument it takes.",
    next: "Run `{command} --help` to see what it takes",
    owner: "human",
  },
  "cli.path_not_found": {
    summary: "There is no file or folder `{path}`",
    reason: "A path on the command line is read from the current directory, and must exist.",
    next: "Check the path, or pass the path of a project, or of a file or folder in one",
    owner: "human",
  },
  "cli.path_outside_project": {
    summary: "`{path}` is not in the project at `{root}`",
    reason: "One run covers one project, the one the first path is in.",
    next: "Pass files and folders of one project",
    owner: "human",
  },
  "cli.bad_line": {
    summary: "`{argument}` names line {line}; lines start at 1",
    reason: "`file:line` selects the test declared on that line of the file.",
    next: "Write `file:line` with the line of a test's declaration",
    owner: "human",
  },
  "cli.output_unwritable": {
    summary: "The report can't be written to `{path}`: {why}",
    reason: "`--output` writes the report to that file, creating or replacing it.",
    next: "Pass an `--output` file in a folder you can write to",
    owner: "human",
  },
  "cli.build_unwritable": {
    summary: "The build can't be written to `{path}`: {why}",
    reason: "`jadpo build` writes `app.mjs`, `app.d.mts` and `server.mjs` into that folder, creating it when it is missing.",
    next: "Pass an `--out` folder you can write to",
    owner: "human",
  },
  "cli.disk_full": {
    reason: "The disk holding it has no space left, or your quota on it is used up ({code}).",
    owner: "human",
    variants: {
      file: {
        summary: "The disk is full: `{path}` can't be written",
        next: "Free space on that disk (or raise your quota), then {retry}",
      },
      unnamed: {
        summary: "The disk is full: jadpo couldn't write a file it needed",
        next: "Free space on the disk holding the project (or raise your quota), then {retry}",
      },
    },
  },
  "cli.port_in_use": {
    summary: "Port {port} is already in use",
    reason: "Another program (perhaps another `jadpo dev` or `jadpo serve`) is serving on that port.",
    next: "Pass another `--port`, or `--port 0` to pick a free one",
    owner: "human",
  },
  "cli.port_unavailable": {
    summary: "Port {port} can't be served on {host} ({code})",
    reason: "The system refused to serve on that port.",
    next: "Pass another `--port`, or `--port 0` to pick a free one",
    owner: "human",
  },
  "cli.serve_token_missing": {
    summary: "`JADPO_SERVE_TOKEN` is not set, so the app's actions would answer anyone",
    reason: "Every request to an action must carry the token as `Authorization: Bearer <token>`; with no token set, there is nothing to check it against.",
    next: "Set `JADPO_SERVE_TOKEN` to a long random secret (`openssl rand -hex 32` makes one), or pass `--no-auth` with a loopback `--host` to serve only this machine",
    owner: "human",
  },
  "cli.no_project": {
    summary: "No Jadpo project at or above `{path}`",
    reason: "A project is the folder holding `app.jadpo`; commands find it by walking up from the path given.",
    next: "Run the command inside a project or pass its path, or make a project with `jadpo init <folder>`",
    owner: "human",
  },
  "cli.unsafe_state_folder": {
    reason: "jadpo keeps its state in `.jadpo/` and removes its old files there; through a link it could write or delete files that are not its own, so it stops before touching anything.",
    owner: "human",
    variants: {
      link: {
        summary: "`{path}` is a symbolic link, not a folder of the project",
        next: "Remove the link `{path}` (jadpo makes a real folder again when it needs one); `.jadpo/` belongs in `.gitignore`, not in the repository",
      },
      outside: {
        summary: "`{path}` resolves to `{target}`, outside its place in the project",
        next: "Remove `{path}` (jadpo makes a real folder again when it needs one), or make it a plain folder of the project",
      },
    },
  },
  "cli.folder_not_empty": {
    summary: "`{folder}` already holds Jadpo files: `{file}`",
    reason: "`jadpo init` starts a project only in a folder without Jadpo files, so it never overwrites or mixes with another project's.",
    next: "Run `jadpo init` with a new folder, such as `{suggestion}`, or work on the project already there",
    owner: "human",
  },
  "cli.not_a_folder": {
    summary: "`{path}` is a file, not a folder",
    reason: "`jadpo init` writes a new project into a folder: a new one, or one without Jadpo files.",
    next: "Pass a new folder's name, or an existing folder without Jadpo files",
    owner: "human",
  },
  "cli.folder_unwritable": {
    summary: "`{path}` can't be written: {why}",
    reason: "`jadpo init` creates the folder and the project's files in it.",
    next: "Pass a folder you can write to",
    owner: "human",
  },
} as const satisfies Record<string, RuleEntry>;
