// The bundle's body of the toolchain seam (src/toolchain.ts says what it offers; build-cli.mjs
// puts this file in its place in every bundle). What a command uses before it knows it must
// compile is bundled with the CLI from the compiler's own files, so an answer from the cache never
// loads the compiler's script; `@jadpo/runtime` is the runtime's script (`#runtime`); the decoder
// of recordings is a script of its own (`#recording-decoder`, without the test runner); the
// workers' entry is `dist/worker.mjs`.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type * as Seam from "../src/toolchain.ts";

export { findProjectRoot } from "../../compiler/src/modules/load.ts";
export { listProject } from "../../compiler/src/cache/snapshot.ts";
export { projectKey, readProjectEntry, writeProjectEntry, type ProjectKey } from "../../compiler/src/cache/stamps.ts";
export { isObject } from "../../compiler/src/cache/entry.ts";
export { isCheckSummary, snapshotSources } from "../../compiler/src/cache/summary.ts";
export { sha256PartsHex } from "../../compiler/src/hash/digest.ts";
export { noPaint } from "../../compiler/src/diagnostics/render-pretty.ts";
export { LINKED_FOLDER, SKIPPED_FOLDER, slashPath } from "../../compiler/src/host.ts";
export { nowMs } from "../../compiler/src/clock.ts";

export type Runtime = Seam.Runtime;
export type RecordingDecoder = Seam.RecordingDecoder;

let runtime: Promise<Runtime> | undefined;

export function loadRuntime(): Promise<Runtime> {
  return (runtime ??= import("@jadpo/runtime"));
}

export function loadRecordingDecoder(): Promise<RecordingDecoder> {
  // build-cli.mjs resolves this import, from this file only, to `#recording-decoder`.
  return import("@jadpo/runtime/recordings");
}

/** `dist/worker.mjs`: this module is in a script or an entry of `dist/`, or in a chunk of `dist/chunks/`. */
export function workerEntry(): URL | null {
  for (const relative of ["./worker.mjs", "../worker.mjs"]) {
    const url = new URL(relative, import.meta.url);
    if (url.protocol === "file:" && existsSync(fileURLToPath(url))) return url;
  }
  return null;
}

// Held to the seam's interface: the same names, of the same types.
import type * as Body from "./toolchain-bundle.ts";
type Covers<A extends B, B> = A;
export type HeldToTheSeam = [Covers<typeof Body, typeof Seam>, Covers<typeof Seam, typeof Body>];
