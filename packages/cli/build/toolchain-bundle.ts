// The bundle's body of src/toolchain-from-sources.ts (build-cli.mjs puts this file in its place
// in every bundle; src/toolchain.ts says what the seam offers). What a command uses before it
// knows it must compile is bundled with the CLI from the compiler's own files (and a report's
// count of seeds and `jadpo fmt`'s atomic writes from the runtime's), so an answer from the cache
// never loads the compiler's script, nor the runtime's; the workers' entry is `dist/worker.mjs`.
import { existsSync, readFileSync } from "node:fs";
import { PROGRAM_MARKER } from "./program-marker.mjs";
import type { ProductionModules } from "../src/toolchain-from-sources.ts";
import { fileURLToPath } from "node:url";

export { findProjectRoot } from "../../compiler/src/modules/load.ts";
export { listProject } from "../../compiler/src/cache/snapshot.ts";
export { projectKey, readProjectEntry, writeProjectEntry, type ProjectKey } from "../../compiler/src/cache/stamps.ts";
export { isObject } from "../../compiler/src/cache/entry.ts";
export { isCheckSummary, snapshotSources } from "../../compiler/src/cache/summary.ts";
export { sha256PartsHex } from "../../compiler/src/hash/digest.ts";
export { noPaint } from "../../compiler/src/diagnostics/render-pretty.ts";
export { LINKED_FOLDER, SKIPPED_FOLDER, slashPath } from "../../compiler/src/host.ts";
export { nowMs } from "../../compiler/src/clock.ts";
export { seedCount } from "../../runtime/src/runner/seeds.ts";
export { replaceFileAtomic } from "../../runtime/src/files/atomic.ts";

/** `dist/worker.mjs`: this module is in a script or an entry of `dist/`, or in a chunk of `dist/chunks/`. */
export function workerEntry(): URL | null {
  for (const relative of ["./worker.mjs", "../worker.mjs"]) {
    const url = new URL(relative, import.meta.url);
    if (url.protocol === "file:" && existsSync(fileURLToPath(url))) return url;
  }
  return null;
}

/** `dist/production/`'s app template and server, made by the bundle's build (production-bundle.mjs). */
export async function productionModules(): Promise<ProductionModules> {
  for (const relative of ["./production/", "../production/"]) {
    const folder = new URL(relative, import.meta.url);
    if (folder.protocol !== "file:" || !existsSync(fileURLToPath(new URL("app.mjs", folder)))) continue;
    const read = (name: string) => readFileSync(fileURLToPath(new URL(name, folder)), "utf8");
    return { app: read("app.mjs"), server: read("server.mjs"), programMarker: PROGRAM_MARKER };
  }
  throw new Error("jadpo: this install has no production modules (dist/production/): build it again");
}

// Held to the sources' body: the same names, of the same types.
import type * as Body from "./toolchain-bundle.ts";
import type * as Sources from "../src/toolchain-from-sources.ts";
type Covers<A extends B, B> = A;
export type HeldToTheSources = [Covers<typeof Body, typeof Sources>, Covers<typeof Sources, typeof Body>];
