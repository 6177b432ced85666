// Writing a file so a reader sees the old file or the new one, never half of either: the text goes
// to a hidden temporary file in the same folder (named as stale.ts recognises a killed writer's),
// then is renamed over the target — or, for a file that must only ever be created, linked to it.
import { constants, copyFileSync, linkSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";

export interface AtomicWrite {
  /** The new file's permissions (`0o600`: its owner's alone). Default: what the process's umask gives. */
  mode?: number;
  /** Only create it: a file already there is left as it is, and the answer is false. */
  createOnly?: boolean;
}

/** Writes `text` to `absPath` atomically, creating its folder; false when `createOnly` found the file there. */
export function writeFileAtomic(absPath: string, text: string, options: AtomicWrite = {}): boolean {
  const dir = dirname(absPath);
  mkdirSync(dir, { recursive: true });
  // A hidden name no project file uses; random so two writers never share a temporary file.
  // node:crypto loads here, not with the runtime: a test run writes nothing.
  const { randomBytes } = createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
  const temp = join(dir, `.${basename(absPath)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    writeFileSync(temp, text, { encoding: "utf8", flag: "wx", ...(options.mode === undefined ? {} : { mode: options.mode }) });
    if (options.createOnly !== true) {
      renameSync(temp, absPath);
      return true;
    }
    return createFrom(temp, absPath);
  } finally {
    // Gone already after a rename; left after a link, a copy or a failure.
    rmSync(temp, { force: true });
  }
}

/** `target` made from the whole file `temp` unless it exists: a link (or, where links aren't supported, an exclusive copy) never replaces, so of two racing writers exactly one creates it. */
function createFrom(temp: string, target: string): boolean {
  try {
    try {
      linkSync(temp, target);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS" && code !== "EOPNOTSUPP") throw e;
      copyFileSync(temp, target, constants.COPYFILE_EXCL);
    }
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
}
