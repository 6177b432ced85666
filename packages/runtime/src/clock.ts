// Milliseconds on a monotonic clock, for durations and deadlines only: `performance.now()`'s
// resolution without the global `performance`, whose first use loads node:perf_hooks (≈ 2 ms of
// every `jadpo test` start, packages/cli/build/README.md). `process.hrtime` is in the process object.
export const nowMs = (): number => {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
};
