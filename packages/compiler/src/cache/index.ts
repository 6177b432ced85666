// The cache of checked projects (docs/cli.md, "The cache"): a snapshot of the project's inputs,
// its key, and entries that are checked on every read.
export { memoryStore, type CacheStore, type ModuleCache } from "./store.ts";
export { listProject, snapshotProject, snapshotKey, type ProjectSnapshot } from "./snapshot.ts";
export { projectKey, readProjectEntry, writeProjectEntry, type ProjectKey } from "./stamps.ts";
export { readEntry, writeEntry } from "./entry.ts";
export { isCheckSummary, snapshotSources, type CheckSummary } from "./summary.ts";
