// What a command needs before it knows it must compile: finding the project, listing its files,
// the cache's key and entries, and the paint that leaves text alone. The CLI bundles these with
// itself, so a `jadpo check` or `jadpo test` answered from the cache never loads the compiler
// (cli/build/README.md). Nothing here may keep state the compiler's own copy must share; the
// one thing the two copies do share, SHA-256's compiled WebAssembly module, is immutable and
// reached through a global symbol (hash/digest.ts).
export { findProjectRoot } from "./modules/load.ts";
export { listProject } from "./cache/snapshot.ts";
export { projectKey, readProjectEntry, writeProjectEntry, type ProjectKey } from "./cache/stamps.ts";
export { isObject } from "./cache/entry.ts";
export { isCheckSummary, snapshotSources } from "./cache/summary.ts";
export { sha256PartsHex } from "./hash/digest.ts";
export { noPaint } from "./diagnostics/render-pretty.ts";
export { LINKED_FOLDER, SKIPPED_FOLDER, slashPath } from "./host.ts";
