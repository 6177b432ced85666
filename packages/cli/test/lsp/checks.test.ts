// When the editor server checks (checks.ts), on a scripted project whose compile takes a known
// number of steps, each longer than a slice: a burst of changes makes one check after it; a
// change during a check drops it before its next step and the next check is of the newest text;
// a request for the current check starts it at once; the last complete check is answered while a
// newer one runs; a check that throws fails its waiters and the next change checks again.
import { describe, expect, test } from "vitest";
import { Checks, SLICE_MS, type Checkable } from "../../src/lsp/checks.ts";

/** Busy for longer than a slice, so each step is a slice of its own. */
function busy(): void {
  const until = performance.now() + SLICE_MS + 1;
  while (performance.now() < until);
}

class Scripted implements Checkable<string> {
  generation = 0;
  private last: string | null = null;
  private lastGeneration = -1;
  /** Each compile's generation and how many of its steps ran. */
  readonly runs: { generation: number; steps: number }[] = [];
  /** Called at each step (`run`, step index) before the step's work. */
  onStep: (generation: number, step: number) => void = () => {};

  constructor(private readonly steps: number) {}

  invalidate(): void {
    this.generation++;
  }
  latest(): string | null {
    return this.last;
  }
  upToDate(): boolean {
    return this.last !== null && this.lastGeneration === this.generation;
  }
  *compile(): Generator<void, string> {
    const generation = this.generation;
    const run = { generation, steps: 0 };
    this.runs.push(run);
    for (let i = 0; i < this.steps; i++) {
      this.onStep(generation, i);
      busy();
      run.steps++;
      yield;
    }
    this.last = `compile of generation ${generation}`;
    this.lastGeneration = generation;
    return this.last;
  }
}

function checker(project: Scripted) {
  const published: string[] = [];
  const failures: string[] = [];
  const checks = new Checks<Scripted, string>((_, compiled) => void published.push(compiled), (_, error) => void failures.push(String(error)));
  const next = () => new Promise<string>((resolve) => {
    const before = published.length;
    const poll = () => (published.length > before ? resolve(published[published.length - 1]) : setTimeout(poll, 5));
    poll();
  });
  return { checks, published, failures, next };
}

describe("checks while typing", () => {
  test("a burst of changes makes one check, of the last change, once the changes pause (every time)", async () => {
    const project = new Scripted(3);
    const { checks, published, next } = checker(project);
    for (let i = 0; i < 5; i++) checks.changed(project);
    expect(project.runs).toEqual([]); // nothing before the pause
    expect(await next()).toBe("compile of generation 5");
    expect(project.runs).toEqual([{ generation: 5, steps: 3 }]);
    expect(published).toEqual(["compile of generation 5"]);
    // Once a check's cost is known (longer than a quick one), a burst is still one check.
    for (let i = 0; i < 5; i++) checks.changed(project);
    expect(await next()).toBe("compile of generation 10");
    expect(project.runs.map((r) => r.generation)).toEqual([5, 10]);
  });

  test("a change during a check drops it at its next step; the next check is of the newest change", async () => {
    const project = new Scripted(4);
    const { checks, published, next } = checker(project);
    // The change arrives while step 1 of the first check runs (as a message between two slices).
    project.onStep = (generation, step) => {
      if (generation === 1 && step === 1) setImmediate(() => checks.changed(project));
    };
    checks.changed(project);
    expect(await next()).toBe("compile of generation 2");
    expect(project.runs).toEqual([{ generation: 1, steps: 2 }, { generation: 2, steps: 4 }]);
    expect(published).toEqual(["compile of generation 2"]);
  });

  test("requests: the last complete check at once while a newer one runs; `current` waits for, and starts, the newest", async () => {
    const project = new Scripted(3);
    const { checks, next } = checker(project);
    checks.changed(project);
    await next();
    checks.changed(project);
    // The newer check hasn't started (the pause isn't over): the last complete one answers.
    expect(await checks.latest(project)).toBe("compile of generation 1");
    // Asking for the current check starts it without waiting for the pause.
    expect(await checks.current(project)).toBe("compile of generation 2");
    expect(project.runs.map((r) => r.generation)).toEqual([1, 2]);
    expect(await checks.current(project)).toBe("compile of generation 2"); // up to date: no new check
    expect(project.runs.length).toBe(2);
  });

  test("a check that throws fails the requests waiting for it; the next change checks again", async () => {
    const project = new Scripted(2);
    const { checks, failures, next } = checker(project);
    project.onStep = (generation) => {
      if (generation === 1) throw new Error("a fault in the compiler");
    };
    checks.changed(project);
    await expect(checks.current(project)).rejects.toThrow("a fault in the compiler");
    expect(failures).toEqual(["Error: a fault in the compiler"]);
    checks.changed(project);
    expect(await next()).toBe("compile of generation 2");
  });
});
