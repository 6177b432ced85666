// Loading a project: find its root, list its source, test and recording files, and name the
// modules each file belongs to (docs/language.md). Only the Host touches files.
import { LINKED_FOLDER, SKIPPED_FOLDER, type Host } from "../host.ts";
import type { FileKind } from "../syntax/ast.ts";
import { isLowerSnake } from "../names/case-tests.ts";

export const APP_FILE = "app.jadpo";

/** Folders never searched for source files: the build output, the tool's own state, dependencies. */
const SKIPPED_AT_ROOT = new Set(["build", ".jadpo", "node_modules"]);
const SKIPPED_ANYWHERE = new Set(["node_modules"]);

/** Joins an absolute folder and a relative path with `/`. */
export function joinPath(dir: string, rel: string): string {
  if (rel === "") return dir;
  return dir.endsWith("/") ? dir + rel : `${dir}/${rel}`;
}

/** The parent folder of an absolute path with `/`, or null at the top. */
export function parentPath(path: string): string | null {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  const slash = trimmed.lastIndexOf("/");
  if (slash < 0) return null;
  if (slash === 0) return trimmed === "/" ? null : "/";
  const parent = trimmed.slice(0, slash);
  // A Windows drive root (`C:`) keeps its slash.
  return /^[A-Za-z]:$/.test(parent) ? `${parent}/` : parent;
}

/** The project root: the first folder at or above `start` holding `app.jadpo`, or null. */
export function findProjectRoot(host: Host, start: string): string | null {
  let dir: string | null = start;
  while (dir !== null) {
    if (host.exists(joinPath(dir, APP_FILE))) return dir;
    dir = parentPath(dir);
  }
  return null;
}

/** `*.jadpotest` and `*.test.jadpo` are test files; other `*.jadpo` files are source files. */
export function fileKind(path: string): FileKind | null {
  if (path.endsWith(".jadpotest") || path.endsWith(".test.jadpo")) return "test";
  if (path.endsWith(".jadpo")) return "source";
  return null;
}

export interface ModuleNames {
  /** The folder module: the folder's path below `domains/` (`support/actions`); "" for the root and `domains/` itself. */
  folderModule: string;
  /**
   * The file module: the path below `domains/` without the extension. A test file keeps `.test`
   * (`greeting.jadpotest` → `…/greeting.test`), so it never clashes with its source file's module.
   */
  fileModule: string;
}

/** Module names of a root-relative path. Files outside `domains/` are named by their root-relative path. */
export function moduleNames(path: string): ModuleNames {
  const inDomains = path.startsWith("domains/");
  const rel = inDomains ? path.slice("domains/".length) : path;
  const slash = rel.lastIndexOf("/");
  const folderModule = slash < 0 ? "" : rel.slice(0, slash);
  let fileModule: string;
  if (rel.endsWith(".jadpotest")) fileModule = `${rel.slice(0, -".jadpotest".length)}.test`;
  else if (rel.endsWith(".jadpo")) fileModule = rel.slice(0, -".jadpo".length);
  else fileModule = rel;
  return { folderModule, fileModule };
}

export interface DiscoveredFile {
  /** Absolute path, as the Host gave it. */
  absolute: string;
  /** Root-relative path with `/`. */
  path: string;
  kind: FileKind;
}

export interface DiscoveredRecording {
  absolute: string;
  /** Root-relative: `<folder of the prompt's file>/recordings/<prompt>/<name>.json`. */
  path: string;
  promptName: string;
  name: string;
}

export interface ProjectFiles {
  /** Source and test files, in path order. */
  files: DiscoveredFile[];
  /** Recording files below `domains/`, in path order. */
  recordings: DiscoveredRecording[];
  /** Entries that would be project files (or folders that may hold some) but can't be read safely. */
  skipped: { path: string; why: string }[];
  /** Recording files whose name is not lower_snake: not recordings (docs/testing.md). */
  misnamed: DiscoveredRecording[];
}

/** Whether a root-relative folder is skipped: `build/` and `.jadpo/` at the root, `node_modules/` anywhere. */
function skipFolder(relDir: string): boolean {
  const parts = relDir.split("/");
  return SKIPPED_AT_ROOT.has(parts[0]) || parts.some((part) => SKIPPED_ANYWHERE.has(part));
}

const RECORDING = /^domains\/(?:.+\/)?recordings\/([^/]+)\/([^/]+)\.json$/;

/** Every source, test and recording file below the root, except under `build/`, `.jadpo/` and `node_modules/`. */
export function discoverFiles(host: Host, root: string): ProjectFiles {
  const prefix = root.endsWith("/") ? root : `${root}/`;
  const files: DiscoveredFile[] = [];
  const recordings: DiscoveredRecording[] = [];
  const skipped: { path: string; why: string }[] = [];
  const misnamed: DiscoveredRecording[] = [];
  const onSkipped = (absolute: string, why: string) => {
    const path = absolute.startsWith(prefix) ? absolute.slice(prefix.length) : absolute;
    // Only what could be a project file, or a folder: a stray pipe named `notes.txt` is no concern
    // of ours, nor a linked folder outside `domains/`, where the modules are.
    const folder = why.startsWith(SKIPPED_FOLDER) && (!why.startsWith(LINKED_FOLDER) || path.startsWith("domains/"));
    if (folder || fileKind(path) || RECORDING.test(path)) skipped.push({ path, why });
  };
  const all = host.listFiles(root, (absoluteDir) => absoluteDir.startsWith(prefix) && skipFolder(absoluteDir.slice(prefix.length)), onSkipped);
  for (const absolute of all) {
    if (!absolute.startsWith(prefix)) continue;
    const path = absolute.slice(prefix.length);
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    if (dir !== "" && skipFolder(dir)) continue;
    const kind = fileKind(path);
    if (kind) {
      files.push({ absolute, path, kind });
      continue;
    }
    const recording = RECORDING.exec(path);
    if (!recording) continue;
    const found = { absolute, path, promptName: recording[1], name: recording[2] };
    (isLowerSnake(found.name) ? recordings : misnamed).push(found);
  }
  const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return { files: files.sort(byPath), recordings: recordings.sort(byPath), skipped: skipped.sort(byPath), misnamed: misnamed.sort(byPath) };
}
