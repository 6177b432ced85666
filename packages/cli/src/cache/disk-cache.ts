// The cache on disk, under `<project>/.jadpo/cache/`: one file per entry, named by its key, written
// to a temporary file and renamed into place, so a second `jadpo` reading it at the same moment
// sees a whole entry or none. Safe to delete; a file that can't be read is a miss (entry.ts).
// Only files named as the cache names them are ever removed: the folder may hold anything else.
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ModuleCache } from "@jadpo/compiler";
import { sha256PartsHex } from "../toolchain.ts";
import { statePath, unsafeStateFolder } from "../state-folder.ts";

declare const __JADPO_TOOLCHAIN__: string | undefined;

/** The build's digest of its sources; undefined when running from sources, which keep no disk cache (they change under it). */
const toolchain: string | undefined = typeof __JADPO_TOOLCHAIN__ === "string" ? __JADPO_TOOLCHAIN__ : undefined;

/** Entries kept per project: enough for the states a watch session and a branch switch go through. */
const KEEP = 32;

/** An entry's name: its key (SHA-256, in hex) or a stamps entry's (`stamps-` and 16 hex digits). */
const ENTRY = /^(?:[0-9a-f]{64}|stamps-[0-9a-f]{16})$/;

/** An entry's temporary file, `<entry>.<pid>.<epoch ms>.tmp`, renamed into place once written. */
const TEMPORARY = /^(?:[0-9a-f]{64}|stamps-[0-9a-f]{16})\.(\d+)\.(\d+)\.tmp$/;

/** A write takes milliseconds: a temporary file this old is left over, whatever its pid (pids are reused). */
const TEMPORARY_STALE_MS = 10 * 60_000;

/** Whether process `pid` runs (as files/stale.ts of the runtime says it; loading the runtime here would slow every start). */
function processRuns(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes the temporary files a killed process left: those whose writer is gone, or that are old. */
function removeLeftTemporaries(dir: string, now: number): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const temp = TEMPORARY.exec(name);
    if (temp === null || (processRuns(Number(temp[1])) && now - Number(temp[2]) < TEMPORARY_STALE_MS)) continue;
    try {
      // Never recursive: a folder of that name is not the cache's.
      rmSync(join(dir, name), { force: true });
    } catch {
      // Someone else's to clean, or already gone.
    }
  }
}

/** Removes the oldest entries past KEEP, oldest first; names the cache doesn't give are never counted or touched. */
function prune(dir: string): void {
  const names = readdirSync(dir).filter((name) => ENTRY.test(name));
  if (names.length <= KEEP) return;
  const dated = names.flatMap((name) => {
    const stat = lstatSync(join(dir, name), { throwIfNoEntry: false });
    return stat?.isFile() ? [{ name, at: stat.mtimeMs }] : [];
  });
  dated.sort((a, b) => a.at - b.at);
  for (const { name } of dated.slice(0, Math.max(0, dated.length - KEEP))) {
    try {
      rmSync(join(dir, name), { force: true });
    } catch {
      // Taken by another process already, or not ours to remove: the others are still pruned.
    }
  }
}

/**
 * The disk cache of the project at `root`, or null when this jadpo keeps none: `JADPO_CACHE=off`,
 * run from sources unless `JADPO_CACHE=on` (the cache's own tests), or a `.jadpo/` that leads
 * elsewhere (the command stops before this: see project.ts). Its start removes what killed runs left.
 */
export function diskCache(root: string, env: Readonly<Record<string, string | undefined>>): ModuleCache | null {
  const named = toolchain ?? (env.JADPO_CACHE === "on" ? "sources" : undefined);
  if (named === undefined || env.JADPO_CACHE === "off") return null;
  if (unsafeStateFolder(root) !== null) return null;
  const dir = statePath(root, "cache");
  removeLeftTemporaries(dir, Date.now());
  return {
    toolchain: named,
    digest: sha256PartsHex,
    store: {
      read: (key) => {
        try {
          return readFileSync(join(dir, key));
        } catch {
          return null;
        }
      },
      write: (key, bytes) => {
        const temp = join(dir, `${key}.${process.pid}.${Date.now()}.tmp`);
        try {
          mkdirSync(dir, { recursive: true });
          writeFileSync(temp, bytes);
          renameSync(temp, join(dir, key));
          prune(dir);
        } catch {
          // A read-only project, a full disk: the next run does the work again. A full disk
          // leaves the temporary file empty: removed now, not piled up run after run.
          try {
            rmSync(temp, { force: true });
          } catch {
            // A read-only folder: nothing was written to remove.
          }
        }
      },
    },
  };
}
