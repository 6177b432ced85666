// The toolchain seam's parts that depend on how jadpo runs (toolchain.ts re-exports them; only it
// imports this file). Running from sources, what comes before compiling is the compiler's API (and
// the runtime's for a sweep's seeds) and there are no workers to start; the bundle build puts build/toolchain-bundle.ts in this file's place.
export {
  findProjectRoot, isCheckSummary, isObject, LINKED_FOLDER, listProject, noPaint, nowMs, projectKey, readProjectEntry,
  sha256PartsHex, SKIPPED_FOLDER, slashPath, snapshotSources, writeProjectEntry, type ProjectKey,
} from "@jadpo/compiler";
export { seedCount } from "@jadpo/runtime";
export { replaceFileAtomic } from "@jadpo/runtime/recordings";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The test workers' entry; null when there is none to start. */
export function workerEntry(): URL | null {
  return null;
}

/** A build's modules: the app's (with `programMarker` where the program's text goes) and the server's. */
export interface ProductionModules {
  app: string;
  server: string;
  programMarker: string;
}

let production: Promise<ProductionModules> | undefined;

/**
 * The bundle's build's (dist/production/) when it is as new as the sources, else bundled from the
 * sources on first use.
 */
export function productionModules(): Promise<ProductionModules> {
  return (production ??= (async () => {
    const [{ buildIsStale }, { PROGRAM_MARKER }] = await Promise.all([import("../build/stale.mjs"), import("../build/program-marker.mjs")]);
    const built = new URL("../dist/production/", import.meta.url);
    if (!buildIsStale() && existsSync(new URL("app.mjs", built)) && existsSync(new URL("server.mjs", built))) {
      const read = (name: string) => readFileSync(new URL(name, built), "utf8");
      return { app: read("app.mjs"), server: read("server.mjs"), programMarker: PROGRAM_MARKER };
    }
    const { bundleProduction } = await import("../build/production-bundle.mjs");
    const { app, server } = await bundleProduction(fileURLToPath(new URL("../../..", import.meta.url)));
    return { app, server, programMarker: PROGRAM_MARKER };
  })());
}
