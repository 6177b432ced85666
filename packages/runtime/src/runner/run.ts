// Runs the selected entries: on this thread, and on worker threads once they are worth their
// start-up. Whoever runs an entry, results are handed on in plan order by the sequencer, so the
// output is the same for any worker count.
import type { Alert, RunEvent, RunSummary, TestResult } from "./events.ts";
import type { LoadedTests, RunExtras } from "./execute.ts";
import { coverageReport } from "./coverage.ts";
import { mergeCoverage, type CoverageCounts } from "./observe.ts";
import type { TestOutcome } from "./outcome.ts";
import type { PlannedTest } from "./plan.ts";
import { planKey } from "./plan-key.ts";
import { Sequencer } from "./sequencer.ts";
import { testSeed } from "../seed.ts";
import type { Pool, PoolWorker } from "./pool.ts";
import { nowMs } from "@jadpo/compiler";
import { PositionQueue } from "./position-queue.ts";

/**
 * Worker threads, started only when the tests left would take longer than a worker needs to
 * start (load the bundle, check and compile the project): a worker repeats that work, so for a
 * run of quick tests it would cost more than it saves.
 */
export interface Helpers {
  start(): Pool;
  /** About how long a started worker takes before it runs tests (this thread's own load and compile time). */
  startupMs: number;
}

export interface RunOptions {
  runSeed: number;
  /** `--seeds` and `--coverage` (workers get the same through their WorkerInit). */
  extras?: RunExtras;
  /** Workers already started (tests), or null. */
  pool: Pool | null;
  /** Workers to start when they are worth it. */
  helpers?: Helpers;
  /** Each event, in plan order (run-start, test-done…, run-end). */
  onEvent?: (event: RunEvent) => void;
  /**
   * Stop after this many failed tests (`--bail`): the tests after the n-th failure in plan order
   * are not run (or their results are dropped) and come back `skipped`, so which tests ran never
   * depends on the worker count.
   */
  bail?: number;
  /** The clock that times entries to decide on helpers (tests give their own): the compiler's `nowMs`. */
  now?: () => number;
}

/** The result of a test the run stopped before. */
function skipped(entry: PlannedTest, runSeed: number): TestResult {
  const seed = testSeed(runSeed, entry.file, entry.name);
  return { name: entry.name, kind: entry.resultKind, file: entry.file, line: entry.line, status: "skipped", seed, duration_ms: 0, diagnostics: [] };
}

/** Entries this thread runs between two looks at the workers' messages. */
const LOCAL_BATCH = 8;
const MAX_WORKER_BATCH = 128;
/** Workers start only when the work left is this many times their start-up (estimates are rough). */
const START_MARGIN = 2;
/** Entries run before timing starts, and entries timed before deciding. */
const WARM_UP = 16;

const yieldToEvents = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function runSelected(tests: LoadedTests, entries: PlannedTest[], options: RunOptions): Promise<RunSummary> {
  const { runSeed } = options;
  const emit = options.onEvent ?? (() => {});
  emit({ type: "run-start", seed: runSeed, total: entries.length });

  const results: TestResult[] = new Array(entries.length);
  const alerts: Alert[] = [];
  const extras = options.extras ?? {};
  const counts: CoverageCounts = {};
  let failed = 0;
  let bailed = false;
  const sequencer = new Sequencer<TestOutcome | null>(entries.length, (position, outcome) => {
    const result = bailed || outcome === null ? skipped(entries[position], runSeed) : outcome.result;
    results[position] = result;
    if (!bailed && outcome) {
      for (const a of outcome.alerts) alerts.push(a);
      if (outcome.coverage) mergeCoverage(counts, outcome.coverage);
    }
    emit({ type: "test-done", index: entries[position].index, result });
    if (result.status === "failed" && options.bail !== undefined && ++failed >= options.bail) bail();
  });

  // Positions still to run; a worker's batch comes back to the front when the worker is lost.
  const queue = new PositionQueue(entries.length);
  const inFlight = new Map<number, { worker: PoolWorker; positions: number[] }>();
  const ready = new Set<PoolWorker>();
  let pool: Pool | null = null;
  let nextBatch = 0;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let localRunning = false;

  const checkDone = (): void => {
    if (sequencer.done) finish();
  };

  // Everything still queued is skipped now; batches in flight come back and are skipped too.
  const bail = (): void => {
    bailed = true;
    for (const position of queue.takeAll()) sequencer.push(position, null);
    checkDone();
  };

  const feed = (worker: PoolWorker): void => {
    if (queue.length === 0) return;
    const size = Math.max(1, Math.min(MAX_WORKER_BATCH, Math.ceil(queue.length / (2 * (ready.size + 1)))));
    const positions = queue.take(size);
    const batch = nextBatch++;
    inFlight.set(batch, { worker, positions });
    worker.send({ type: "run", batch, indices: positions.map((position) => entries[position].index) });
  };

  const attach = (started: Pool): void => {
    pool = started;
    const expected = planKey(tests.plan);
    started.listen({
      ready(worker, key) {
        if (key !== expected) return; // it loaded another version of the project: never use it
        ready.add(worker);
        feed(worker);
      },
      outcomes(worker, batch, outcomes) {
        const flight = inFlight.get(batch);
        if (!flight) return;
        inFlight.delete(batch);
        flight.positions.forEach((position, i) => sequencer.push(position, outcomes[i]));
        feed(worker);
        checkDone();
      },
      gone(worker) {
        ready.delete(worker);
        for (const [batch, flight] of inFlight) {
          if (flight.worker !== worker) continue;
          inFlight.delete(batch);
          queue.putBack(flight.positions);
        }
        void runLocally();
      },
    });
  };

  // Starts the helpers once the entries left would take longer than their start-up. The first
  // entries are not timed: they pay for compiling closures and a cold JIT.
  let ran = 0;
  let timed = 0;
  let timedMs = 0;
  const considerHelpers = (): void => {
    if (pool || !options.helpers || timed < WARM_UP) return;
    const leftMs = (queue.length * timedMs) / timed;
    if (leftMs > START_MARGIN * options.helpers.startupMs) attach(options.helpers.start());
  };

  const now = options.now ?? nowMs;
  async function runLocally(): Promise<void> {
    if (localRunning) return;
    localRunning = true;
    while (queue.length > 0) {
      const started = now();
      const batch = queue.take(LOCAL_BATCH);
      for (const position of batch) {
        if (bailed) {
          sequencer.push(position, null);
          continue;
        }
        const done = tests.run(entries[position], runSeed, extras);
        sequencer.push(position, done instanceof Promise ? await done : done);
      }
      if (ran >= WARM_UP) {
        timed += batch.length;
        timedMs += now() - started;
      }
      ran += batch.length;
      considerHelpers();
      if (pool) await yieldToEvents();
    }
    localRunning = false;
    checkDone();
  }

  if (options.pool && entries.length > 0) attach(options.pool);
  await runLocally();
  await finished;
  emit({ type: "run-end", alerts });
  const summary: RunSummary = { seed: runSeed, results, alerts };
  if (extras.seeds) summary.seeds = extras.seeds;
  if (extras.coverage) summary.coverage = coverageReport(tests.program, counts);
  return summary;
}
