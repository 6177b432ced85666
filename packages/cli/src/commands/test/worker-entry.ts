// Where the bundled test worker is, for the pool and for a split run.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The bundled worker beside the running bundle (this module may be a lazily loaded chunk in
 * `dist/chunks/`, one folder below it); null when running unbundled (tests under vitest).
 */
export function workerEntry(): URL | null {
  for (const relative of ["./worker.mjs", "../worker.mjs"]) {
    const url = new URL(relative, import.meta.url);
    if (url.protocol === "file:" && existsSync(fileURLToPath(url))) return url;
  }
  return null;
}
