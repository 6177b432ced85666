// Results come back in plan order whoever runs them: the sequencer, and the scheduler with a
// pool of workers that answer out of order, lose a batch, or loaded another project.
import { describe, expect, it } from "vitest";
import type { CheckedProgram } from "@jadpo/compiler";
import { Sequencer } from "../../src/runner/sequencer.ts";
import { runSelected } from "../../src/runner/run.ts";
import { planKey } from "../../src/runner/plan-key.ts";
import type { LoadedTests } from "../../src/runner/execute.ts";
import type { PlannedTest } from "../../src/runner/plan.ts";
import type { TestOutcome } from "../../src/runner/outcome.ts";
import type { Pool, PoolListener, PoolWorker } from "../../src/runner/pool.ts";
import type { RunEvent } from "../../src/runner/events.ts";

describe("Sequencer", () => {
  it("emits in position order whatever the arrival order", () => {
    const seen: string[] = [];
    const sequencer = new Sequencer<string>(5, (position, item) => seen.push(`${position}:${item}`));
    for (const position of [3, 1, 4, 0, 2]) sequencer.push(position, String.fromCharCode(97 + position));
    expect(seen).toEqual(["0:a", "1:b", "2:c", "3:d", "4:e"]);
    expect(sequencer.done).toBe(true);
  });

  it("refuses a position twice", () => {
    const sequencer = new Sequencer<number>(2, () => {});
    sequencer.push(1, 1);
    expect(() => sequencer.push(1, 1)).toThrow();
  });
});

function fakePlan(count: number): PlannedTest[] {
  return Array.from({ length: count }, (_, index) => ({
    kind: "recording", index, name: `t${index}`, file: `domains/f${Math.floor(index / 10)}.jadpotest`, line: 1 + (index % 10),
    endLine: 1 + (index % 10), resultKind: "test", recording: { path: "", promptName: "", name: "" },
  }));
}

function outcome(entry: PlannedTest, runSeed: number): TestOutcome {
  return {
    result: {
      name: entry.name, kind: entry.resultKind, file: entry.file, line: entry.line, seed: runSeed * 1000 + entry.index,
      status: entry.index % 7 === 3 ? "failed" : "passed", duration_ms: 0, diagnostics: [],
    },
    alerts: entry.index % 50 === 5 ? [{ kind: "stale_recording", prompt: "p", name: entry.name, recordedVersion: "1a2b3c4d", currentVersion: "b44ecc53", file: entry.file }] : [],
  };
}

function fakeTests(count: number, ran: string[]): LoadedTests {
  const plan = fakePlan(count);
  return {
    program: {} as CheckedProgram,
    plan,
    run(entry, runSeed) {
      ran.push(`main:${entry.index}`);
      return outcome(entry, runSeed);
    },
  };
}

/**
 * Workers that answer batches after a delay, the later batch first; `bad` loaded another project.
 * They are ready on the event loop's next turn — before this thread's first look at them, after
 * its first batch — not after a timer, which a fast enough thread would finish everything before.
 */
function fakePool(tests: LoadedTests, options: { workers: number; loseFirstBatchOf?: number; badKey?: number }, ran: string[]): Pool {
  let listener: PoolListener | null = null;
  const workers: PoolWorker[] = Array.from({ length: options.workers }, (_, id) => ({
    id,
    send(message) {
      let lost = false;
      if (options.loseFirstBatchOf === id) {
        options.loseFirstBatchOf = undefined;
        lost = true;
      }
      setTimeout(() => {
        if (lost) return listener?.gone(workers[id], "crashed");
        const outcomes = message.indices.map((index) => {
          ran.push(`w${id}:${index}`);
          return outcome(tests.plan[index], 7);
        });
        listener?.outcomes(workers[id], message.batch, outcomes);
      }, 5 + ((message.batch * 7) % 3) * 3);
    },
  }));
  return {
    listen(next) {
      listener = next;
      workers.forEach((worker, id) => setImmediate(() => next.ready(worker, id === options.badKey ? "other" : planKey(tests.plan))));
    },
    async close() {},
  };
}

describe("runSelected", () => {
  const expectedOrder = (tests: LoadedTests) => tests.plan.map((entry) => entry.name);

  it("runs everything here without a pool, in plan order, with events in order", async () => {
    const ran: string[] = [];
    const tests = fakeTests(30, ran);
    const events: RunEvent[] = [];
    const summary = await runSelected(tests, tests.plan, { runSeed: 7, pool: null, onEvent: (event) => events.push(event) });
    expect(summary.results.map((result) => result.name)).toEqual(expectedOrder(tests));
    expect(events[0]).toEqual({ type: "run-start", seed: 7, total: 30 });
    expect(events.slice(1, -1).map((event) => (event.type === "test-done" ? event.index : -1))).toEqual(tests.plan.map((entry) => entry.index));
    expect(events.at(-1)).toEqual({ type: "run-end", alerts: summary.alerts });
    expect(ran.every((who) => who.startsWith("main:"))).toBe(true);
  });

  it("gives the same results with helpers answering out of order, one losing a batch, one refused", async () => {
    const alone = await runSelected(fakeTests(400, []), fakePlan(400), { runSeed: 7, pool: null });
    const ran: string[] = [];
    const tests = fakeTests(400, ran);
    const pool = fakePool(tests, { workers: 3, loseFirstBatchOf: 1, badKey: 2 }, ran);
    const events: RunEvent[] = [];
    const helped = await runSelected(tests, tests.plan, { runSeed: 7, pool, onEvent: (event) => events.push(event) });
    expect(helped).toEqual(alone);
    // One test-done event per test, in the summary's order, though the helpers answered out of order.
    const done = events.flatMap((event) => (event.type === "test-done" ? [event] : []));
    expect(done.map((event) => event.index)).toEqual(tests.plan.map((entry) => entry.index));
    expect(done.map((event) => event.result)).toEqual(helped.results);
    expect(events.map((event) => event.type)).toEqual(["run-start", ...done.map(() => "test-done"), "run-end"]);
    expect(ran.some((who) => who.startsWith("w0:"))).toBe(true);
    expect(ran.some((who) => who.startsWith("w2:"))).toBe(false);
    // Every entry ran exactly once.
    const indices = ran.map((who) => Number(who.split(":")[1])).sort((a, b) => a - b);
    expect(indices).toEqual(tests.plan.map((entry) => entry.index));
  });

  it("starts helpers only when the tests left outweigh their start-up", async () => {
    let started = 0;
    const ran: string[] = [];
    const tests = fakeTests(400, ran);
    // Each test takes 0.2 ms on the run's clock, whatever else the machine is doing.
    let clock = 0;
    const now = (): number => clock;
    const slow: LoadedTests = {
      ...tests,
      run(entry, runSeed) {
        clock += 0.2;
        return tests.run(entry, runSeed);
      },
    };
    // 400 tests of 0.2 ms: about 80 ms of work. A start-up of a second is never worth it.
    await runSelected(slow, slow.plan, { runSeed: 7, pool: null, now, helpers: { start: () => (started++, fakePool(tests, { workers: 1 }, ran)), startupMs: 1000 } });
    expect(started).toBe(0);
    // A start-up of a millisecond is, once, after the warm-up; the helper then shares the work.
    const helped = await runSelected(slow, slow.plan, { runSeed: 7, pool: null, now, helpers: { start: () => (started++, fakePool(tests, { workers: 1 }, ran)), startupMs: 1 } });
    expect(started).toBe(1);
    expect(ran.some((who) => who.startsWith("w0:"))).toBe(true);
    expect(helped).toEqual(await runSelected(tests, tests.plan, { runSeed: 7, pool: null }));
  });

  it("runs only the entries given, in their order", async () => {
    const tests = fakeTests(20, []);
    const chosen = [tests.plan[3], tests.plan[11], tests.plan[12]];
    const summary = await runSelected(tests, chosen, { runSeed: 1, pool: null });
    expect(summary.results.map((result) => result.name)).toEqual(["t3", "t11", "t12"]);
  });

  it("finishes an empty run", async () => {
    const summary = await runSelected(fakeTests(0, []), [], { runSeed: 1, pool: null });
    expect(summary).toEqual({ seed: 1, results: [], alerts: [] });
  });
});
