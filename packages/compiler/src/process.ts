// Whether another process still runs: what the toolchain's lock and temporary-file cleanups ask
// (the runtime's files/stale.ts, the CLI's disk cache). Kept here, beside clock.ts, so the CLI gets
// it through its toolchain seam without loading the runtime at start-up.

/** Whether process `pid` still runs on this machine. */
export function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
