// The worker side of the pool: load the project once, then run whatever batches of plan
// indices the main thread sends, answering each with its outcomes in the same order.
import type { MessagePort } from "node:worker_threads";
import type { LoadedTests } from "./execute.ts";
import type { TestOutcome } from "./outcome.ts";
import { planKey } from "./plan-key.ts";
import type { FromWorker, ToWorker, WorkerInit } from "./pool-protocol.ts";

/** Loads the project the init describes; a text when it can't (compile errors, missing files). */
export type LoadForWorker = (load: unknown) => LoadedTests | string;

export function serveTests(port: MessagePort, init: WorkerInit, load: LoadForWorker): void {
  const send = (message: FromWorker): void => port.postMessage(message);
  let loaded: LoadedTests | string;
  try {
    loaded = load(init.load);
  } catch (error) {
    loaded = error instanceof Error ? error.message : String(error);
  }
  if (typeof loaded === "string") {
    send({ type: "unavailable", reason: loaded });
    return;
  }
  const tests = loaded;
  send({ type: "ready", planKey: planKey(tests.plan) });
  port.on("message", async (message: ToWorker) => {
    if (message.type !== "run") return;
    const outcomes: TestOutcome[] = [];
    for (const index of message.indices) {
      const done = tests.run(tests.plan[index], init.runSeed, init.extras);
      outcomes.push(done instanceof Promise ? await done : done);
    }
    send({ type: "outcomes", batch: message.batch, outcomes });
  });
}
