// The one door to the compiler and the runtime for what start-up time depends on: what a command
// may use before it knows it must compile or run (the project's root and files, the cache's key
// and entries, paths, the clock, the paint that leaves text alone, a sweep's count of seeds) or
// that never runs anything (`jadpo fmt`'s atomic writes), the runtime loaded when a run first
// needs it, the recordings' decoder alone for `check` and the editor, and the test workers'
// entry. Commands import this module, never a file of the bundle; how each is loaded is the
// bundle's business (build/README.md): its build puts build/toolchain-bundle.ts in the place of
// toolchain-from-sources.ts and resolves the decoder's import below to the decoder's own script.
export {
  findProjectRoot, isCheckSummary, isObject, LINKED_FOLDER, listProject, noPaint, nowMs, projectKey, readProjectEntry,
  seedCount, sha256PartsHex, SKIPPED_FOLDER, slashPath, snapshotSources, workerEntry, writeProjectEntry, type ProjectKey,
  productionModules, type ProductionModules, replaceFileAtomic,
} from "./toolchain-from-sources.ts";

export type Runtime = typeof import("@jadpo/runtime");
/** The recordings' decoder: what `jadpo check` and the editor report about recordings. */
export type RecordingDecoder = Pick<typeof import("@jadpo/runtime/recordings"), "undecodableRecordings">;

let runtime: Promise<Runtime> | undefined;

/** The runtime, loaded once, on first use: a run shown again from the cache never loads it. */
export function loadRuntime(): Promise<Runtime> {
  return (runtime ??= import("@jadpo/runtime"));
}

/** The decoder of recordings, without the test runner. */
export function loadRecordingDecoder(): Promise<RecordingDecoder> {
  return import("@jadpo/runtime/recordings");
}
