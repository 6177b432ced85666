// Which files `jadpo fmt` formats: the project's source and test files (none under `build/`,
// `.jadpo/` or `node_modules/`), or those under each path given; a file named on the command line
// is formatted whatever its name.
import { statSync } from "node:fs";
import { basename, dirname, isAbsolute, resolve } from "node:path";
import { APP_FILE, diagnostic, discoverFiles, fileKind, slashPath, type Diagnostic } from "@jadpo/compiler";
import { nodeHost } from "../../node-host.ts";
import { findProject } from "../../project.ts";

export type FilesToFormat =
  | { ok: true; files: string[] }
  | { ok: false; diagnostic: Diagnostic; exitCode: 1 | 2 };

/** Folders never entered: dependencies, tool state, and a project's build output. */
function skipped(absoluteDir: string): boolean {
  const name = basename(absoluteDir);
  if (name === "node_modules" || name === ".jadpo" || name === ".git") return true;
  return name === "build" && nodeHost.exists(`${slashPath(dirname(absoluteDir))}/${APP_FILE}`);
}

/** The files to format (absolute paths with `/`, sorted, each once). */
export function filesToFormat(cwd: string, paths: readonly string[]): FilesToFormat {
  if (paths.length === 0) {
    const lookup = findProject(cwd, undefined);
    if (!lookup.ok) return lookup;
    return { ok: true, files: discoverFiles(nodeHost, lookup.project.root).files.map((f) => f.absolute) };
  }
  const found = new Set<string>();
  for (const path of paths) {
    const absolute = slashPath(isAbsolute(path) ? path : resolve(cwd, path));
    let folder: boolean;
    try {
      folder = statSync(absolute).isDirectory();
    } catch {
      return { ok: false, exitCode: 2, diagnostic: diagnostic("cli.path_not_found", null, { path }) };
    }
    if (!folder) found.add(absolute);
    else for (const file of nodeHost.listFiles(absolute, skipped)) if (fileKind(file) !== null) found.add(file);
  }
  return { ok: true, files: [...found].sort() };
}
