// The main side of the pool: starts worker threads (each loads the project once, in parallel
// with the main thread's own check), and relays their messages to whoever schedules the run.
import { createRequire } from "node:module";
import type { Worker } from "node:worker_threads";
import type { TestOutcome } from "./outcome.ts";
import type { FromWorker, ToWorker, WorkerInit } from "./pool-protocol.ts";

export interface PoolWorker {
  readonly id: number;
  send(message: ToWorker): void;
}

export interface PoolListener {
  ready(worker: PoolWorker, planKey: string): void;
  outcomes(worker: PoolWorker, batch: number, outcomes: TestOutcome[]): void;
  /** The worker can't be used (couldn't load, crashed, exited): its batch in flight must run elsewhere. */
  gone(worker: PoolWorker, reason: string): void;
}

export interface Pool {
  /** Messages that arrived before a listener was attached are replayed to it. */
  listen(listener: PoolListener): void;
  /** Terminates every worker; callers must always close the pool, or the process stays alive. */
  close(): Promise<void>;
}

type Pending = { kind: "ready"; planKey: string } | { kind: "outcomes"; batch: number; outcomes: TestOutcome[] } | { kind: "gone"; reason: string };

/** Starts `count` workers from the bundled worker entry at `workerUrl`. */
export function startPool(workerUrl: URL, count: number, init: WorkerInit): Pool {
  // Loaded here, not at import: a run on one thread starts no pool and never loads worker_threads.
  const { Worker: Thread } = createRequire(import.meta.url)("node:worker_threads") as typeof import("node:worker_threads");
  let listener: PoolListener | null = null;
  const backlog: { worker: PoolWorker; event: Pending }[] = [];
  const threads: Worker[] = [];
  let closing = false;

  const deliver = (worker: PoolWorker, event: Pending): void => {
    if (!listener) {
      backlog.push({ worker, event });
      return;
    }
    if (event.kind === "ready") listener.ready(worker, event.planKey);
    else if (event.kind === "outcomes") listener.outcomes(worker, event.batch, event.outcomes);
    else listener.gone(worker, event.reason);
  };

  for (let id = 0; id < count; id++) {
    const thread = new Thread(workerUrl, { workerData: init, stdout: false, stderr: false });
    threads.push(thread);
    let gone = false;
    const worker: PoolWorker = { id, send: (message) => thread.postMessage(message) };
    const leave = (reason: string): void => {
      if (gone || closing) return;
      gone = true;
      deliver(worker, { kind: "gone", reason });
    };
    thread.on("message", (message: FromWorker) => {
      if (message.type === "ready") deliver(worker, { kind: "ready", planKey: message.planKey });
      else if (message.type === "outcomes") deliver(worker, { kind: "outcomes", batch: message.batch, outcomes: message.outcomes });
      else leave(message.reason);
    });
    thread.on("error", (error) => leave(error instanceof Error ? error.message : String(error)));
    thread.on("exit", (code) => leave(`exited with code ${code}`));
  }

  return {
    listen(next) {
      listener = next;
      for (const { worker, event } of backlog.splice(0)) deliver(worker, event);
    },
    async close() {
      closing = true;
      await Promise.all(threads.map((thread) => thread.terminate()));
    },
  };
}
