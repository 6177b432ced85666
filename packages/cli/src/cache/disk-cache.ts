// The cache on disk, under `<project>/.jadpo/cache/`: one file per entry, named by its key, written
// to a temporary file and renamed into place, so a second `jadpo` reading it at the same moment
// sees a whole entry or none. Safe to delete; a file that can't be read is a miss (entry.ts).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ModuleCache } from "@jadpo/compiler";
import { sha256PartsHex } from "@jadpo/compiler/startup";

declare const __JADPO_TOOLCHAIN__: string | undefined;

/** The build's digest of its sources; undefined when running from sources, which keep no disk cache (they change under it). */
const toolchain: string | undefined = typeof __JADPO_TOOLCHAIN__ === "string" ? __JADPO_TOOLCHAIN__ : undefined;

/** Entries kept per project: enough for the states a watch session and a branch switch go through. */
const KEEP = 32;

/** Removes the oldest entries past KEEP (and temporary files a killed process left), oldest first. */
function prune(dir: string): void {
  const names = readdirSync(dir);
  if (names.length <= KEEP) return;
  const dated = names.map((name) => ({ name, at: statSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }));
  dated.sort((a, b) => a.at - b.at);
  for (const { name } of dated.slice(0, dated.length - KEEP)) rmSync(join(dir, name), { force: true });
}

/**
 * The disk cache of the project at `root`, or null when this jadpo keeps none: `JADPO_CACHE=off`,
 * or run from sources unless `JADPO_CACHE=on` (the cache's own tests).
 */
export function diskCache(root: string, env: Readonly<Record<string, string | undefined>>): ModuleCache | null {
  const named = toolchain ?? (env.JADPO_CACHE === "on" ? "sources" : undefined);
  if (named === undefined || env.JADPO_CACHE === "off") return null;
  const dir = join(root, ".jadpo", "cache");
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
