// Starting a split run (split.ts): the workers start at once, each compiling the app and its
// share of the test files while this thread compiles the rest; the run goes ahead split only
// when every thread compiled without a diagnostic. Otherwise this thread compiles the whole
// project, as an unsplit run does, so what is reported never depends on the split.
import { snapshotProject } from "@jadpo/compiler";
import { mergePlans, startPool, type Pool, type PoolWorker, type RunExtras, type SharedEntry, type SplitWorkers } from "@jadpo/runtime";
import { nodeHost } from "../../node-host.ts";
import { loadTestProject, type LoadedProject, type TestLoad } from "./project.ts";
import { planSplit, readProjectFile } from "./split.ts";
import { workerEntry } from "./worker-entry.ts";

export interface SplitRun {
  workers: SplitWorkers;
  /** The text of a file another thread compiled (for code frames). */
  readFile: (file: string) => Uint8Array | null;
}

/** A worker's answer once it compiled its share: its entries, or null when it can't run them. */
type Answer = { worker: PoolWorker; entries: SharedEntry[] } | null;

function answers(pool: Pool, count: number): Promise<Answer[]> {
  return new Promise((resolve) => {
    const got: (Answer | undefined)[] = new Array(count).fill(undefined);
    let left = count;
    const settle = (id: number, answer: Answer): void => {
      if (got[id] !== undefined) return;
      got[id] = answer;
      if (--left === 0) resolve(got as Answer[]);
    };
    pool.listen({
      ready: (worker, _key, entries) => settle(worker.id, entries ? { worker, entries } : null),
      outcomes: () => {},
      gone: (worker) => settle(worker.id, null),
    });
  });
}

/**
 * The project of a run, compiled split when that pays (null: not split, compile as usual).
 * `JADPO_SPLIT_BYTES` sets a worker's start-up in bytes of test source (see split.ts; tests use 0).
 */
export async function startSplit(
  prepared: { load: TestLoad; workers: number; seed: number; extras: RunExtras }, env: Readonly<Record<string, string | undefined>>,
): Promise<{ project: LoadedProject; run: SplitRun | null } | null> {
  const entry = workerEntry();
  if (prepared.workers < 2 || entry === null) return null;
  const { load } = prepared;
  const snapshot = snapshotProject(nodeHost, load.root);
  const minBytes = env.JADPO_SPLIT_BYTES === undefined ? undefined : Number(env.JADPO_SPLIT_BYTES);
  const plan = planSplit(snapshot, prepared.workers, minBytes);
  // Not worth splitting: the snapshot already read every file, so compile from it.
  if (plan === null) return { project: loadTestProject(load, snapshot.host), run: null };

  const shareOf = (index: number): TestLoad => ({ ...load, split: { shared: plan.shared, mine: plan.shares[index] } });
  const count = plan.shares.length - 1;
  const pool = startPool(entry, count, (id) => ({ runSeed: prepared.seed, extras: prepared.extras, split: true, load: shareOf(id + 1) }));
  const whole = (): LoadedProject => loadTestProject(load, snapshot.host);
  const mine = loadTestProject(shareOf(0), snapshot.host);
  const clean = mine.tests !== null && mine.compiled.diagnostics.length === 0 && mine.compiled.omitted === 0;
  const others = clean ? await answers(pool, count) : [];
  if (!clean || others.some((answer) => answer === null) || mine.tests === null) {
    await pool.close();
    return { project: whole(), run: null };
  }
  const shares = others as NonNullable<Answer>[];
  const plan0 = mergePlans(mine.tests.plan, shares.map((answer) => answer.entries));
  const project: LoadedProject = { ...mine, tests: { ...mine.tests, plan: plan0 } };
  const workers: SplitWorkers = { pool, workers: shares.map((answer) => answer.worker), recover: () => whole().tests };
  return { project, run: { workers, readFile: readProjectFile(snapshot.host, load.root) } };
}
