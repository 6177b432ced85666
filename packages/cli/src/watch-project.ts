// Watching a project for `jadpo dev` and `jadpo test --watch`: a watcher on every project folder; changes to
// source, test and recording files (and folders) are gathered for a short quiet time, then the
// callback runs once. The tool's own state (`.jadpo/`, where the call log is written), `build/`
// and `node_modules/` are ignored, so logging a call never triggers a rebuild.
import { readdirSync, watch, type Dirent, type FSWatcher } from "node:fs";
import { join } from "node:path";
import { slashPath } from "./toolchain.ts";

const IGNORED_TOP = new Set([".jadpo", "build", "node_modules", ".git"]);

/** Whether a changed path (relative to the root) can change the build. */
export function isProjectChange(relativePath: string): boolean {
  const parts = slashPath(relativePath).split("/").filter((p) => p !== "");
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

/**
 * Calls `onChange` after changes settle for `quietMs`. Returns null when the platform can't watch the folder.
 * One plain watcher per folder, set up before this returns: Node 20's recursive watch on Linux
 * walks the tree in the background, so an edit made right after start-up could be missed.
 * Folders that appear later are picked up when a change is seen.
 */
export function watchProject(
  root: string,
  /** The root-relative paths (with `/`) seen changing in the burst, sorted; a folder's own path when the platform didn't name the file. */
  onChange: (changed: string[]) => void,
  /** `onEvent`: told of each change at once, before the quiet time (an editor forgets what it read). */
  options: { quietMs?: number; ignore?: (relativePath: string) => boolean; onEvent?: () => void } = {},
): ProjectWatcher | null {
  const quietMs = options.quietMs ?? 120;
  let timer: NodeJS.Timeout | null = null;
  const watchers = new Map<string, FSWatcher>();
  let pending = new Set<string>();

  const schedule = (path: string) => {
    pending.add(path);
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      addFolders(root, "");
      const paths = [...pending].sort();
      pending = new Set();
      onChange(paths);
    }, quietMs);
  };

  const watchFolder = (absolute: string, relative: string): boolean => {
    if (watchers.has(absolute)) return true;
    try {
      const watcher = watch(absolute, (_event, filename) => {
        const changed = filename === null ? relative : relative === "" ? String(filename) : `${relative}/${String(filename)}`;
        if (filename !== null && (!isProjectChange(changed) || options.ignore?.(changed))) return;
        options.onEvent?.();
        schedule(slashPath(changed));
      });
      // A folder removed stops its watcher; the server keeps serving its last build.
      watcher.on("error", () => {
        watcher.close();
        watchers.delete(absolute);
      });
      watchers.set(absolute, watcher);
      return true;
    } catch {
      return false;
    }
  };

  const addFolders = (absolute: string, relative: string): void => {
    if (!watchFolder(absolute, relative)) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(absolute, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const child = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (!isProjectChange(child)) continue;
      addFolders(join(absolute, entry.name), child);
    }
  };

  if (!watchFolder(root, "")) return null;
  addFolders(root, "");
  return {
    close() {
      if (timer !== null) clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
