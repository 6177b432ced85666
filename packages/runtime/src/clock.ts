// Milliseconds on a monotonic clock, for durations and deadlines only: `performance.now()`'s
// resolution without the global `performance`, whose first use loads node:perf_hooks (≈ 2 ms of
// every `jadpo test` start, packages/cli/build/README.md). `process.hrtime` is in the process object.
export const nowMs = (): number => {
  // Indexed, not destructured: destructuring runs the array's iterator (an object per step) until optimized.
  const t = process.hrtime();
  return t[0] * 1e3 + t[1] / 1e6;
};
