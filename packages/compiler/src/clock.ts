// The toolchain's one clock: milliseconds since the process started, monotonic, for durations,
// deadlines and the CLI's "loaded after" (`loadMs`). `performance.now()`'s resolution without the
// global `performance`, whose first use loads node:perf_hooks (packages/cli/build/README.md):
// `process.uptime()` reads the same high-resolution clock from the process's start, in every
// thread of it, so a worker's readings and the CLI's share their zero.
export const nowMs = (): number => process.uptime() * 1000;
