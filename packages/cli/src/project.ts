// Finding the project a command works on: walk up from the path given (default: the current
// directory) to the first folder holding `app.jadpo` (docs/cli.md).
import { isAbsolute, relative, resolve } from "node:path";
import { diagnostic, renderErrorPlain, type Diagnostic } from "@jadpo/compiler";
import type { CliContext } from "./context.ts";
import { reportUsage } from "./usage.ts";
import { findProjectRoot, slashPath } from "./toolchain.ts";
import { nodeHost } from "./node-host.ts";
import { unsafeStateDiagnostic, unsafeStateFolder } from "./state-folder.ts";

export interface Project {
  /** Absolute, with `/`. */
  root: string;
  /** Root-relative path → the path printed (relative to the current directory, with `/`). */
  displayPath: (file: string) => string;
}

/** Root-relative paths shown relative to `cwd`. */
export function displayPaths(root: string, cwd: string): (file: string) => string {
  // Reports ask once per test, a hundred times per file: each file's path is worked out once.
  const shownPaths = new Map<string, string>();
  return (file) => {
    let shown = shownPaths.get(file);
    if (shown === undefined) {
      const path = slashPath(relative(cwd, resolve(root, file)));
      shownPaths.set(file, (shown = path === "" ? "." : path));
    }
    return shown;
  };
}

export type ProjectLookup =
  | { ok: true; project: Project }
  | { ok: false; diagnostic: Diagnostic; exitCode: 1 | 2 };

/**
 * The project at or above `path`; a path that doesn't exist is a usage error, no project is
 * `cli.no_project`. Every command that finds a project may write under its `.jadpo/` (an
 * internal-error report, at least), so a `.jadpo/` folder that leads elsewhere stops it here.
 */
export function findProject(cwd: string, path: string | undefined): ProjectLookup {
  const given = path ?? ".";
  const start = slashPath(isAbsolute(given) ? given : resolve(cwd, given));
  if (!nodeHost.exists(start)) {
    return { ok: false, exitCode: 2, diagnostic: diagnostic("cli.path_not_found", null, { path: given }) };
  }
  const root = findProjectRoot(nodeHost, start);
  if (root === null) return { ok: false, exitCode: 1, diagnostic: diagnostic("cli.no_project", null, { path: given }) };
  const displayPath = displayPaths(root, cwd);
  const unsafe = unsafeStateFolder(root);
  if (unsafe !== null) return { ok: false, exitCode: 1, diagnostic: unsafeStateDiagnostic(unsafe, displayPath) };
  return { ok: true, project: { root, displayPath } };
}

/**
 * The project for a command, or null once why there is none is printed: a usage error on standard
 * error (exit 2), no project on standard output (exit 1).
 */
export function projectOrReport(context: CliContext, path: string | undefined): Project | null {
  const lookup = findProject(context.cwd, path);
  if (lookup.ok) return lookup.project;
  if (lookup.exitCode === 2) reportUsage(context, lookup.diagnostic);
  else {
    context.stdout.write(`${renderErrorPlain(lookup.diagnostic)}\n`);
    context.exitCode = 1;
  }
  return null;
}
