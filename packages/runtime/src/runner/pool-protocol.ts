// Messages between the main thread and a test worker. Only plan indices and results cross:
// each worker loads, checks and compiles the project itself, once, and builds the same plan.
import type { RunExtras } from "./execute.ts";
import type { TestOutcome } from "./outcome.ts";

/** `workerData` of a test worker. `load` is opaque to the pool: the entry that starts the worker reads it. */
export interface WorkerInit {
  runSeed: number;
  /** `--seeds` and `--coverage`, as the main thread runs them. */
  extras?: RunExtras;
  load: unknown;
}

export type ToWorker = { type: "run"; batch: number; indices: number[] };

export type FromWorker =
  /** Loaded: the plan's size and key, so the main thread can refuse a worker that saw other files. */
  | { type: "ready"; planKey: string }
  /** Couldn't load the project (it changed, or it doesn't compile): the main thread runs without it. */
  | { type: "unavailable"; reason: string }
  | { type: "outcomes"; batch: number; outcomes: TestOutcome[] };
