// Milliseconds since the process started, on a monotonic clock: `performance.now()` without the
// global `performance`, whose first use loads node:perf_hooks (≈ 2.5 ms of every `jadpo test`
// start, bench/README.md). For durations and deadlines only.
export const nowMs = (): number => process.uptime() * 1000;
