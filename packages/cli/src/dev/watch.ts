// Rebuild on a source change (SPEC 12): one recursive fs.watch on the project root; changes to
// source, test and recording files (and folders) are gathered for a short quiet time, then the
// callback runs once. The tool's own state (`.jadpo/`, where the call log is written), `build/`
// and `node_modules/` are ignored, so logging a call never triggers a rebuild.
import { watch, type FSWatcher } from "node:fs";

const IGNORED_TOP = new Set([".jadpo", "build", "node_modules", ".git"]);

/** Whether a changed path (relative to the root) can change the build. */
export function isProjectChange(relativePath: string): boolean {
  const parts = relativePath.replace(/\\/g, "/").split("/").filter((p) => p !== "");
  if (parts.length === 0) return true;
  if (IGNORED_TOP.has(parts[0])) return false;
  if (parts.some((p) => p === "node_modules")) return false;
  const name = parts[parts.length - 1];
  if (name.endsWith(".jadpo") || name.endsWith(".jadpotest") || name.endsWith(".json")) return true;
  // A folder created, renamed or removed (no extension): its files may have come or gone.
  return !name.includes(".");
}

export interface ProjectWatcher {
  close(): void;
}

/** Calls `onChange` after changes settle for `quietMs`. Returns null when the platform can't watch the folder. */
export function watchProject(root: string, onChange: () => void, quietMs = 120): ProjectWatcher | null {
  let timer: NodeJS.Timeout | null = null;
  let watcher: FSWatcher;
  try {
    watcher = watch(root, { recursive: true }, (_event, filename) => {
      if (filename !== null && !isProjectChange(String(filename))) return;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        onChange();
      }, quietMs);
    });
  } catch {
    return null;
  }
  // A watch error (the root removed) stops watching; the server keeps serving its last build.
  watcher.on("error", () => watcher.close());
  return {
    close() {
      if (timer !== null) clearTimeout(timer);
      watcher.close();
    },
  };
}
