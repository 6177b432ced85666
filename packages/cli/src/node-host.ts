// The file-system Host: how the compiler sees files when the CLI runs. Paths use `/`.
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import type { Host } from "@jadpo/compiler";

function toSlash(path: string): string {
  return path.replace(/\\/g, "/");
}

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

/** A missing file is null; any other failure (permissions, a folder) is a real error. */
function orNull<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return null;
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
  listFiles(dir, skipDir) {
    const files: string[] = [];
    // Depth-first over an explicit stack; symbolic links to folders are not followed (no loops).
    const pending = [toSlash(dir).replace(/\/$/, "")];
    while (pending.length > 0) {
      const folder = pending.pop()!;
      const entries = orNull(() => readdirSync(folder, { withFileTypes: true })) ?? [];
      for (const entry of entries) {
        const path = `${folder}/${entry.name}`;
        if (entry.isDirectory()) {
          if (!skipDir || !skipDir(path)) pending.push(path);
        } else if (entry.isFile() || (entry.isSymbolicLink() && orNull(() => statSync(path).isFile()))) {
          files.push(path);
        }
      }
    }
    return files.sort();
  },
};
