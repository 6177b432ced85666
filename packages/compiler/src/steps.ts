// Work done in steps: a generator that pauses (yields) between pieces of a long compile, so an
// editor can answer requests between them and drop the rest when a newer change made it stale.
// Driven to its end in one go, it is the same work as a plain call.

/** A computation that pauses between steps and returns `T`. */
export type Steps<T> = Generator<void, T>;

/** Runs every step and returns the result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
