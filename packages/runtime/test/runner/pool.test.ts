// The pool on real worker threads: workers take batches once loaded, results come back in plan
// order, and a worker that dies mid-batch loses nothing.
import { describe, expect, it } from "vitest";
import type { LoadedTests } from "../../src/runner/execute.ts";
import { startPool, type Pool } from "../../src/runner/pool.ts";
import { runSelected } from "../../src/runner/run.ts";
import type { RunEvent, TestResult } from "../../src/runner/events.ts";
import { fakeTests } from "./fixtures/fake-tests.ts";

const workerUrl = new URL("./fixtures/fake-worker.mjs", import.meta.url);

const normalised = (results: TestResult[]) => results.map((result) => ({ ...result, duration_ms: 0 }));

/** The run on this thread alone, the one to compare with: no need to be busy, nothing races it. */
const aloneRun = (count: number, bail?: number) => {
  const tests = fakeTests(count, "main", () => {}, 0);
  return runSelected(tests, tests.plan, { runSeed: 3, pool: null, bail });
};

/**
 * `pool`, and a promise kept once one of its workers is ready (or gone): the run below waits for
 * it before its first test, so a worker gets work however slowly it loads on a busy machine.
 */
function watched(pool: Pool): { pool: Pool; loaded: Promise<void> } {
  let settle = () => {};
  const loaded = new Promise<void>((resolve) => (settle = resolve));
  return {
    loaded,
    pool: {
      listen: (listener) => pool.listen({
        ready(worker, key) {
          listener.ready(worker, key);
          settle();
        },
        outcomes: (worker, batch, outcomes) => listener.outcomes(worker, batch, outcomes),
        gone(worker, reason) {
          listener.gone(worker, reason);
          settle();
        },
      }),
      close: () => pool.close(),
    },
  };
}

/** `tests`, whose first test on this thread waits for `loaded`. */
function waitingFor(loaded: Promise<void>, tests: LoadedTests): LoadedTests {
  let first = true;
  return {
    ...tests,
    run(entry, runSeed, extras) {
      if (!first) return tests.run(entry, runSeed, extras);
      first = false;
      return loaded.then(() => tests.run(entry, runSeed, extras));
    },
  };
}

async function run(count: number, workers: number, crashAfter?: number) {
  const { pool, loaded } = watched(startPool(workerUrl, workers, { runSeed: 3, load: { count, by: "worker", crashAfter } }));
  const events: RunEvent[] = [];
  try {
    const tests = waitingFor(loaded, fakeTests(count, "main"));
    const summary = await runSelected(tests, tests.plan, { runSeed: 3, pool, onEvent: (event) => events.push(event) });
    // Each test's event, in the order of the summary, whichever thread ran it.
    const done = events.flatMap((event) => (event.type === "test-done" ? [event.result] : []));
    expect(done).toEqual(summary.results);
    return summary;
  } finally {
    await pool.close();
  }
}

describe("the pool, on threads", () => {
  it("shares the work with workers and keeps plan order", async () => {
    const alone = await aloneRun(1500);
    const shared = await run(1500, 2);
    expect(shared.results.some((result) => result.duration_ms === -2)).toBe(true);
    expect(normalised(shared.results)).toEqual(normalised(alone.results));
    expect(shared.alerts).toEqual(alone.alerts);
  });

  it("runs a dead worker's batch elsewhere", async () => {
    const alone = await aloneRun(1500);
    // The worker answers its first batch (at most 128), then dies during its second.
    const shared = await run(1500, 1, 200);
    expect(shared.results.some((result) => result.duration_ms === -2)).toBe(true);
    expect(normalised(shared.results)).toEqual(normalised(alone.results));
  });

  it("bails after the same failure, with the same tests skipped, whichever threads ran them", async () => {
    // Failures are at plan indices 3, 10, 17…: the 100th is index 696; everything after is skipped.
    const alone = await aloneRun(1500, 100);
    const pool = startPool(workerUrl, 2, { runSeed: 3, load: { count: 1500, by: "worker" } });
    try {
      const shared = await runSelected(fakeTests(1500, "main"), fakeTests(1500, "main").plan, { runSeed: 3, pool, bail: 100 });
      expect(normalised(shared.results)).toEqual(normalised(alone.results));
      expect(shared.alerts).toEqual(alone.alerts);
    } finally {
      await pool.close();
    }
    expect(alone.results.filter((result) => result.status === "failed")).toHaveLength(100);
    expect(alone.results.findIndex((result) => result.status === "skipped")).toBe(697);
    expect(alone.results.filter((result) => result.status === "skipped")).toHaveLength(803);
  });
});
