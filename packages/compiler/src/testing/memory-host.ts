// A Host over an in-memory map of absolute paths to contents, for tests of the compiler and of the tools built on it.
import type { Host } from "../host.ts";

export function memoryHost(files: Record<string, string | Uint8Array>): Host {
  const bytes = new Map<string, Uint8Array>();
  for (const [path, content] of Object.entries(files)) {
    bytes.set(path, typeof content === "string" ? new TextEncoder().encode(content) : content);
  }
  const folders = new Set<string>();
  for (const path of bytes.keys()) {
    for (let i = path.indexOf("/", 1); i > 0; i = path.indexOf("/", i + 1)) folders.add(path.slice(0, i));
  }
  return {
    readFile: (path) => bytes.get(path) ?? null,
    readWithin: (path, limit) => {
      const content = bytes.get(path);
      return content === undefined ? null : content.length > limit ? content.length : content;
    },
    exists: (path) => bytes.has(path) || folders.has(path.replace(/\/$/, "")),
    listFiles(dir, skipDir) {
      const prefix = dir.endsWith("/") ? dir : `${dir}/`;
      return [...bytes.keys()]
        .filter((path) => path.startsWith(prefix))
        .filter((path) => {
          if (!skipDir) return true;
          const parts = path.slice(prefix.length).split("/").slice(0, -1);
          return !parts.some((_, i) => skipDir(prefix + parts.slice(0, i + 1).join("/")));
        })
        .sort();
    },
  };
}
