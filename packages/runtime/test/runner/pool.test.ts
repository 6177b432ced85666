// The pool on real worker threads: workers take batches once loaded, results come back in plan
// order, and a worker that dies mid-batch loses nothing.
import { describe, expect, it } from "vitest";
import { startPool } from "../../src/runner/pool.ts";
import { runSelected } from "../../src/runner/run.ts";
import type { RunEvent, TestResult } from "../../src/runner/events.ts";
import { fakeTests } from "./fixtures/fake-tests.ts";
import { mergePlans, type SharedEntry } from "../../src/runner/plan.ts";
import type { PoolWorker } from "../../src/runner/pool.ts";
import type { LoadedTests } from "../../src/runner/execute.ts";

const workerUrl = new URL("./fixtures/fake-worker.mjs", import.meta.url);

const normalised = (results: TestResult[]) => results.map((result) => ({ ...result, duration_ms: 0 }));

async function run(count: number, workers: number, crashAfter?: number) {
  const pool = startPool(workerUrl, workers, { runSeed: 3, load: { count, by: "worker", crashAfter } });
  const events: RunEvent[] = [];
  try {
    const summary = await runSelected(fakeTests(count, "main"), fakeTests(count, "main").plan, { runSeed: 3, pool, onEvent: (event) => events.push(event) });
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
    const alone = await runSelected(fakeTests(1500, "main"), fakeTests(1500, "main").plan, { runSeed: 3, pool: null });
    const shared = await run(1500, 2);
    expect(shared.results.some((result) => result.duration_ms === -2)).toBe(true);
    expect(normalised(shared.results)).toEqual(normalised(alone.results));
    expect(shared.alerts).toEqual(alone.alerts);
  });

  it("runs a dead worker's batch elsewhere", async () => {
    const alone = await runSelected(fakeTests(1500, "main"), fakeTests(1500, "main").plan, { runSeed: 3, pool: null });
    // The worker answers its first batch (at most 128), then dies during its second.
    const shared = await run(1500, 1, 200);
    expect(shared.results.some((result) => result.duration_ms === -2)).toBe(true);
    expect(normalised(shared.results)).toEqual(normalised(alone.results));
  });

  it("bails after the same failure, with the same tests skipped, whichever threads ran them", async () => {
    // Failures are at plan indices 3, 10, 17…: the 100th is index 696; everything after is skipped.
    const alone = await runSelected(fakeTests(1500, "main"), fakeTests(1500, "main").plan, { runSeed: 3, pool: null, bail: 100 });
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

/**
 * A split run over 100 fake entries in files f0…f9: the worker loads f5…f9 only, this thread the
 * rest; `crashAfter` kills the worker after that many entries, and the whole plan is recovered here.
 */
async function splitRun(crashAfter?: number, bail?: number) {
  const workerFiles = [5, 6, 7, 8, 9].map((n) => `domains/f${n}.jadpotest`);
  const pool = startPool(workerUrl, 1, () => ({ runSeed: 3, split: true, load: { count: 100, by: "worker", crashAfter, files: workerFiles } }));
  try {
    const ready = await new Promise<{ worker: PoolWorker; entries: SharedEntry[] }>((resolve, reject) => pool.listen({
      ready: (worker, _key, entries) => (entries ? resolve({ worker, entries }) : reject(new Error("no entries"))),
      outcomes: () => {},
      gone: (_worker, reason) => reject(new Error(reason)),
    }));
    const main = fakeTests(100, "main");
    const local: LoadedTests = { ...main, plan: main.plan.filter((entry) => !workerFiles.includes(entry.file)) };
    const plan = mergePlans(local.plan, [ready.entries]);
    let recovered = 0;
    const summary = await runSelected({ ...local, plan }, plan, {
      runSeed: 3, pool: null, bail,
      split: { pool, workers: [ready.worker], recover: () => (recovered++, fakeTests(100, "main")) },
    });
    return { plan, summary, recovered };
  } finally {
    await pool.close();
  }
}

describe("a split run, on threads", () => {
  it("merges the worker's share into the one plan order and runs each entry where it was loaded", async () => {
    const alone = await runSelected(fakeTests(100, "main"), fakeTests(100, "main").plan, { runSeed: 3, pool: null });
    const { plan, summary, recovered } = await splitRun();
    expect(plan.map((entry) => [entry.index, entry.file, entry.name])).toEqual(fakeTests(100, "main").plan.map((entry) => [entry.index, entry.file, entry.name]));
    expect(summary.results.slice(0, 50).every((result) => result.duration_ms === -1)).toBe(true);
    expect(summary.results.slice(50).every((result) => result.duration_ms === -2)).toBe(true);
    expect(normalised(summary.results)).toEqual(normalised(alone.results));
    expect(summary.alerts).toEqual(alone.alerts);
    expect(recovered).toBe(0);
  });

  it("runs a lost worker's entries here, on the whole project compiled once", async () => {
    const alone = await runSelected(fakeTests(100, "main"), fakeTests(100, "main").plan, { runSeed: 3, pool: null });
    // The worker answers its first batch (32 entries), then dies during its second.
    const { summary, recovered } = await splitRun(40);
    expect(normalised(summary.results)).toEqual(normalised(alone.results));
    expect(summary.results.some((result) => result.duration_ms === -2)).toBe(true);
    expect(summary.results.slice(50).some((result) => result.duration_ms === -1)).toBe(true);
    expect(recovered).toBe(1);
  });

  it("bails at the same test as one thread", async () => {
    const alone = await runSelected(fakeTests(100, "main"), fakeTests(100, "main").plan, { runSeed: 3, pool: null, bail: 9 });
    const { summary } = await splitRun(undefined, 9);
    expect(normalised(summary.results)).toEqual(normalised(alone.results));
  });
});
