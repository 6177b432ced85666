// The runtime, loaded when a run first needs it: a `jadpo test` that shows an identical earlier
// run again (replay.ts) never does, and skips its ≈ 16 ms of loading.
export type Runtime = typeof import("@jadpo/runtime");

let loading: Promise<Runtime> | undefined;

export function loadRuntime(): Promise<Runtime> {
  return (loading ??= import("@jadpo/runtime"));
}
