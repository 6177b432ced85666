// The file-system Host: how the compiler sees files when the CLI runs. Paths use `/`.
import { accessSync, closeSync, constants, existsSync, fstatSync, openSync, readdirSync, readFileSync, readSync, realpathSync, statSync, type Dirent } from "node:fs";
import type { Host } from "@jadpo/compiler";
import { LINKED_FOLDER, SKIPPED_FOLDER, slashPath } from "./toolchain.ts";

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

/** A missing file is null; any other failure (permissions, a folder) is a real error. */
function orNull<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    const code = errorCode(error);
    // A file that vanished, or became unreadable after it was listed, reads as absent.
    if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP" || code === "EACCES" || code === "EISDIR") return null;
    throw error;
  }
}

/** Open, size, read, close: what readFileSync does, with the size looked at before reading. */
function readWithin(path: string, limit: number): Uint8Array | number {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    if (size > limit) return size;
    const bytes = new Uint8Array(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, bytes, read, size - read, read);
      if (n === 0) break; // the file shrank while being read
      read += n;
    }
    return read === size ? bytes : bytes.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

export const nodeHost: Host = {
  readFile: (path) => orNull(() => new Uint8Array(readFileSync(path))),
  readWithin: (path, limit) => orNull(() => readWithin(path, limit)),
  exists: (path) => existsSync(path),
  listFiles(dir, skipDir, onSkipped) {
    return listFiles(slashPath(dir).replace(/\/$/, ""), skipDir, onSkipped ?? (() => {}));
  },
  // What git compares to tell a file changed without reading it: size, both times to the
  // nanosecond (the status-change time moves on every write, and can't be set back), inode, device.
  stamp(path) {
    try {
      const s = statSync(path, { bigint: true });
      const changed = s.mtimeNs > s.ctimeNs ? s.mtimeNs : s.ctimeNs;
      return { text: `${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}:${s.dev}`, changedMs: Number(changed / 1_000_000n) };
    } catch {
      return null;
    }
  },
};

/** Why an entry can't be read, in words (`module.unreadable`). */
function problemWords(code: string | undefined, folder: boolean): string {
  const what = folder ? SKIPPED_FOLDER : "it";
  switch (code) {
    case "ELOOP": return `${what} is a loop of symbolic links`;
    case "EACCES":
    case "EPERM": return `${what} can't be read (permission denied)`;
    default: return `${what} can't be read (${code ?? "unknown error"})`;
  }
}

/**
 * Depth-first over an explicit stack. Symbolic links to folders are not followed (no loops); a
 * link to a file is read only when its target is a regular file inside the project. Pipes,
 * devices, loops and unreadable entries are reported and left out: opening a pipe would hang.
 */
function listFiles(root: string, skipDir: ((path: string) => boolean) | undefined, onSkipped: (path: string, why: string) => void): string[] {
  const files: string[] = [];
  let realRoot = root;
  try {
    realRoot = slashPath(realpathSync(root));
  } catch {
    // The root itself is unreadable: nothing below it is listed.
  }
  const pending = [root];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      const code = errorCode(error);
      if (code !== "ENOENT" && code !== "ENOTDIR" && folder !== root) onSkipped(folder, problemWords(code, true));
      continue;
    }
    for (const entry of entries) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skipDir || !skipDir(path)) pending.push(path);
      } else if (entry.isFile()) {
        if (readable(path)) files.push(path);
        else onSkipped(path, "it can't be read (permission denied)");
      } else if (entry.isSymbolicLink()) {
        const why = linkProblem(path, realRoot);
        if (why === null) files.push(path);
        else if (why !== "") onSkipped(path, why);
      } else {
        onSkipped(path, "it is not a regular file (a pipe, socket or device)");
      }
    }
  }
  return files.sort();
}

function readable(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Null when the link may be read as a file; "" to leave it out silently (a link to nothing);
 * otherwise why it is left out. A link to a folder is never followed (it could loop or lead out),
 * and is reported, so no folder of sources vanishes from the project without a word.
 */
function linkProblem(path: string, realRoot: string): string | null {
  let target: string;
  try {
    target = slashPath(realpathSync(path));
  } catch (error) {
    const code = errorCode(error);
    return code === "ENOENT" || code === "ENOTDIR" ? "" : problemWords(code, false);
  }
  let stats;
  try {
    stats = statSync(target);
  } catch (error) {
    return problemWords(errorCode(error), false);
  }
  if (stats.isDirectory()) return `${LINKED_FOLDER} is not followed (it could loop, or lead outside the project)`;
  if (target !== realRoot && !target.startsWith(`${realRoot}/`)) return "it is a symbolic link to a file outside the project";
  if (!stats.isFile()) return "it is a link to something that is not a regular file (a pipe, socket or device)";
  return readable(target) ? null : "it can't be read (permission denied)";
}
