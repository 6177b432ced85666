// Milliseconds since the process started, on a monotonic clock: `performance.now()` without the
// global `performance`, whose first use loads node:perf_hooks (≈ 2 ms of every `jadpo test` start,
// build/README.md). `process.uptime()` reads the same high-resolution clock (microseconds apart
// from one call to the next), from the process's start: a run's `loadMs` is its bundle's load time.
export const nowMs = (): number => process.uptime() * 1000;
