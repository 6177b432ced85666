// The one door to the compiler and the runtime for what start-up time depends on: what a command
// may use before it knows it must compile (the project's root and files, the cache's key and
// entries, paths, the clock, the paint that leaves text alone), the runtime loaded when a run
// first needs it, the recordings' decoder alone for `check`, and the test workers' entry. How
// each is loaded is the bundle's business: its build puts its own body in place of this one
// (build/toolchain-bundle.ts, build/README.md); running from sources, each is the package's API.
export {
  findProjectRoot, isCheckSummary, isObject, LINKED_FOLDER, listProject, noPaint, nowMs, projectKey, readProjectEntry,
  sha256PartsHex, SKIPPED_FOLDER, slashPath, snapshotSources, writeProjectEntry, type ProjectKey,
} from "@jadpo/compiler";

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

/** The test workers' entry; null when there is none to start (running from sources). */
export function workerEntry(): URL | null {
  return null;
}
