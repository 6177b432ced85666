// A Host that serves some files from memory over another Host: an editor's open buffers, saved
// or not, over the disk. The compiler then checks what the user sees, not what was last saved.
import type { Host } from "../host.ts";

/** Absolute path → the file's current bytes. A buffer that exists only in the editor is listed too. */
export type Overlays = ReadonlyMap<string, Uint8Array>;

export function overlayHost(base: Host, overlays: Overlays): Host {
  return {
    readFile: (path) => overlays.get(path) ?? base.readFile(path),
    readWithin(path, limit) {
      const bytes = overlays.get(path);
      if (bytes === undefined) return base.readWithin(path, limit);
      return bytes.length > limit ? bytes.length : bytes;
    },
    exists: (path) => overlays.has(path) || base.exists(path),
    listFiles(dir, skipDir) {
      const listed = base.listFiles(dir, skipDir);
      const prefix = dir.endsWith("/") ? dir : `${dir}/`;
      const extra = [...overlays.keys()].filter((path) => path.startsWith(prefix) && !listed.includes(path) && !inSkipped(path, prefix, skipDir));
      return extra.length === 0 ? listed : [...listed, ...extra].sort();
    },
  };
}

/** Whether an unsaved buffer lies in a folder the listing would not enter. */
function inSkipped(path: string, prefix: string, skipDir: ((dir: string) => boolean) | undefined): boolean {
  if (!skipDir) return false;
  const parts = path.slice(prefix.length).split("/").slice(0, -1);
  let dir = prefix.slice(0, -1);
  for (const part of parts) {
    dir = `${dir}/${part}`;
    if (skipDir(dir)) return true;
  }
  return false;
}
