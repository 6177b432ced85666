// The toolchain seam's parts that depend on how jadpo runs (toolchain.ts re-exports them; only it
// imports this file). Running from sources, what comes before compiling is the compiler's API (and
// the runtime's for a sweep's seeds) and there are no workers to start; the bundle build puts build/toolchain-bundle.ts in this file's place.
export {
  findProjectRoot, isCheckSummary, isObject, LINKED_FOLDER, listProject, noPaint, nowMs, projectKey, readProjectEntry,
  sha256PartsHex, SKIPPED_FOLDER, slashPath, snapshotSources, writeProjectEntry, type ProjectKey,
} from "@jadpo/compiler";
export { seedCount } from "@jadpo/runtime";

/** The test workers' entry; null when there is none to start. */
export function workerEntry(): URL | null {
  return null;
}
