// Writing a file so a reader sees the old file or the new one, never half of either: the text goes
// to a hidden temporary file in the same folder (named as stale.ts recognises a killed writer's),
// then is renamed over the target — or, for a file that must only ever be created, linked to it.
import { constants, copyFileSync, linkSync, mkdirSync, rename, renameSync, rm, rmSync, writeFile, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";

export interface AtomicWrite {
  /** The new file's permissions (`0o600`: its owner's alone). Default: what the process's umask gives. */
  mode?: number;
  /** Only create it: a file already there is left as it is, and the answer is false. */
  createOnly?: boolean;
}

/** Where this process's temporary names start (random, so two writers never share one), and how many it has made. */
let firstTag: number | undefined;
let tagsMade = 0;

/**
 * A hidden name beside `absPath` no project file uses, for the file that will replace it:
 * `.<name>.<pid>.<8 hex>.tmp`, the hex random per process and then counted up (one random draw a
 * process, not one a file).
 */
function temporaryBeside(absPath: string): string {
  // node:crypto loads here, not with the runtime: a test run writes nothing.
  firstTag ??= (createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto")).randomBytes(4).readUInt32BE(0);
  const tag = ((firstTag + tagsMade++) >>> 0).toString(16).padStart(8, "0");
  return join(dirname(absPath), `.${basename(absPath)}.${process.pid}.${tag}.tmp`);
}

/** Writes `text` to `absPath` atomically, creating its folder; false when `createOnly` found the file there. */
export function writeFileAtomic(absPath: string, text: string, options: AtomicWrite = {}): boolean {
  mkdirSync(dirname(absPath), { recursive: true });
  const temp = temporaryBeside(absPath);
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

/**
 * Replaces `absPath` (in a folder that exists) with `text` atomically, as `writeFileAtomic` does,
 * its system calls made on Node's thread pool: the caller goes on (formats the next file) while
 * the file system creates the temporary file and renames it, which can take longer than that.
 */
export function replaceFileAtomic(absPath: string, text: string, mode?: number): Promise<void> {
  const temp = temporaryBeside(absPath);
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => rm(temp, { force: true }, () => reject(error));
    writeFile(temp, text, { encoding: "utf8", flag: "wx", ...(mode === undefined ? {} : { mode }) }, (error) => {
      if (error !== null) failed(error);
      else rename(temp, absPath, (renamed) => (renamed === null ? resolve() : failed(renamed)));
    });
  });
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
