// Files that ship beside the CLI (the init templates, the docs), found by walking up from this
// module: from the sources, from the bundle in packages/cli/dist and from an installed package
// alike, whatever the depth of the chunk this code ends up in.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The nearest `<folder>/<marker>` above this module, as the folder's absolute path; null if none. */
export function toolchainFolder(folder: string, marker: string): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, folder, marker))) return join(dir, folder);
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
