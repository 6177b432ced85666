// A full disk, or a used-up quota, is the user's to fix, not a fault in jadpo: every command that
// writes says so as one `cli.disk_full`, naming the file when it is known.
import { relative } from "node:path";
import { diagnostic, slashPath, type Diagnostic } from "@jadpo/compiler";

/** Whether `error` is the system saying there is no room left for a write. */
export function isDiskFull(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/**
 * The diagnostic of a full disk. `path` is the file as the user reads it (null when the system
 * didn't say which file); `retry` ends the next step: what to do once there is room.
 */
export function diskFull(error: NodeJS.ErrnoException, path: string | null, retry = "run the command again"): Diagnostic {
  const code = error.code ?? "ENOSPC";
  return path === null
    ? diagnostic("cli.disk_full", null, { variant: "unnamed", code, retry })
    : diagnostic("cli.disk_full", null, { variant: "file", path, code, retry });
}

/** The file a failed write names, as shown from `cwd`; null when the error has none (a `write` on an open file). */
export function failedPath(error: NodeJS.ErrnoException, cwd: string): string | null {
  if (typeof error.path !== "string") return null;
  const shown = slashPath(relative(cwd, error.path));
  return shown === "" ? "." : shown;
}
