// jadpo's own state lives in `<project>/.jadpo/`: the cache, the dev server's files, internal-error
// reports. jadpo writes there and removes its old entries, so each of those folders must be a real
// folder of the project: through a symbolic link (a cloned repository can carry one) it would write
// or delete files somewhere else. Every such path is built here, and checked here (lstat, then
// realpath), before a command writes or deletes anything under it.
import { lstatSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { diagnostic, type Diagnostic } from "@jadpo/compiler";
import { slashPath } from "./toolchain.ts";

export const STATE_FOLDER = ".jadpo";

/** The folders jadpo keeps in `.jadpo/`; a new one is added here, so it is checked too. */
export const STATE_SUBFOLDERS = ["cache", "dev", "internal-errors"] as const;

export type StateSubfolder = (typeof STATE_SUBFOLDERS)[number];

/** `<root>/.jadpo/<folder>`. */
export function statePath(root: string, folder: StateSubfolder): string {
  return join(root, STATE_FOLDER, folder);
}

/** Why a state folder can't be used; `path` is relative to the root, with `/`. */
export type UnsafeState =
  | { path: string; variant: "link" }
  | { path: string; variant: "outside"; target: string };

/** The real path of `path`, or null when it can't be resolved (it doesn't exist). */
function realPath(path: string): string | null {
  try {
    return realpathSync.native(path);
  } catch {
    return null;
  }
}

/**
 * The first of `.jadpo/` and its folders that is a symbolic link, or resolves anywhere but its own
 * place in the project; null when all are real folders of it (or don't exist yet: jadpo makes
 * them with mkdir, as real folders). A file where a folder should be is not unsafe: nothing can be
 * written through it.
 */
export function unsafeStateFolder(root: string): UnsafeState | null {
  let realRoot: string | null | undefined;
  for (const path of [STATE_FOLDER, ...STATE_SUBFOLDERS.map((folder) => `${STATE_FOLDER}/${folder}`)]) {
    const absolute = join(root, path);
    let link: boolean;
    try {
      link = lstatSync(absolute).isSymbolicLink();
    } catch {
      // No `.jadpo/` yet: nothing under it either.
      if (path === STATE_FOLDER) return null;
      continue;
    }
    if (link) return { path, variant: "link" };
    realRoot ??= realPath(root);
    const real = realPath(absolute);
    if (realRoot !== null && real !== null && real !== join(realRoot, path)) return { path, variant: "outside", target: real };
  }
  return null;
}

/** `cli.unsafe_state_folder`, its path shown as `displayPath` shows paths of the project. */
export function unsafeStateDiagnostic(unsafe: UnsafeState, displayPath: (file: string) => string): Diagnostic {
  const path = displayPath(unsafe.path);
  if (unsafe.variant === "link") return diagnostic("cli.unsafe_state_folder", null, { variant: "link", path });
  return diagnostic("cli.unsafe_state_folder", null, { variant: "outside", path, target: slashPath(unsafe.target) });
}
