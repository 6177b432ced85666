// When projects are checked while the user types. A change starts a short wait (DEBOUNCE_MS, or
// twice as long as the last check took when that is shorter: a project that checks in 2 ms is
// checked at each key, and a check mostly starts where typing really paused, not to be dropped at
// the next key): each further change restarts it, so a burst of keystrokes makes one check,
// after the last key.
// The check runs in steps of at most SLICE_MS, handing the thread back between them, so hover,
// completion and every other request are answered from the last complete check meanwhile and
// never wait behind one. A change arriving during a check makes it stale: it stops at its next
// step and its work is dropped (parses of unchanged files are kept for the next one).
import type { Steps } from "@jadpo/compiler";

/** What is checked (an EditorProject): changes count as generations; a compile is taken in steps. */
export interface Checkable<C> {
  readonly generation: number;
  invalidate(): void;
  /** The last complete compile, and whether it saw the current generation. */
  latest(): C | null;
  upToDate(): boolean;
  compile(): Steps<C>;
}

/** A pause in the changes this long ends a burst of typing (Gleam's server waits 100 ms). */
export const DEBOUNCE_MS = 60;
/** How much longer than the last check took a pause must be before the next check (when under DEBOUNCE_MS). */
export const PAUSE_PER_CHECK = 2;
/** The longest a check holds the thread before requests get their turn. */
export const SLICE_MS = 8;

interface State<C> {
  timer: NodeJS.Timeout | null;
  /** The generation a running check compiles, or null. */
  running: number | null;
  /** How long the last complete check took, start to end (null before the first). */
  lastMs: number | null;
  /** Requests waiting for a check of the current generation. */
  waiting: { resolve: (compiled: C) => void; reject: (error: unknown) => void }[];
}

export class Checks<P extends Checkable<C>, C> {
  private readonly states = new Map<P, State<C>>();

  /**
   * `checked`: called with each complete, current check (to publish its diagnostics); `failed`:
   * with what a check threw (a fault of the toolchain: the requests waiting for it fail, the
   * server goes on).
   */
  constructor(
    private readonly checked: (project: P, compiled: C) => void,
    private readonly failed: (project: P, error: unknown) => void,
  ) {}

  private state(project: P): State<C> {
    let state = this.states.get(project);
    if (!state) this.states.set(project, (state = { timer: null, running: null, lastMs: null, waiting: [] }));
    return state;
  }

  /** Something the project reads changed: check it once the changes pause. */
  changed(project: P): void {
    project.invalidate();
    const state = this.state(project);
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => this.start(project), Math.min(DEBOUNCE_MS, PAUSE_PER_CHECK * (state.lastMs ?? DEBOUNCE_MS)));
  }

  /** A check of the project as it is now: the last one when it is current, else the next (started at once). */
  current(project: P): Promise<C> {
    const latest = project.latest();
    if (latest && project.upToDate()) return Promise.resolve(latest);
    const state = this.state(project);
    const promise = new Promise<C>((resolve, reject) => state.waiting.push({ resolve, reject }));
    if (state.running !== project.generation) this.start(project);
    return promise;
  }

  /** The last complete check, or (before the first has ended) the first. */
  latest(project: P): Promise<C> {
    const latest = project.latest();
    return latest ? Promise.resolve(latest) : this.current(project);
  }

  private start(project: P): void {
    const state = this.state(project);
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    const generation = project.generation;
    state.running = generation;
    const steps = project.compile();
    const started = performance.now();
    const slice = () => {
      if (project.generation !== generation) {
        // Stale: a newer change is waiting for its own check (already timed or running).
        if (state.running === generation) state.running = null;
        return;
      }
      const until = performance.now() + SLICE_MS;
      try {
        while (performance.now() < until) {
          const next = steps.next();
          if (next.done) {
            state.running = null;
            state.lastMs = performance.now() - started;
            for (const waiter of state.waiting.splice(0)) waiter.resolve(next.value);
            this.checked(project, next.value);
            return;
          }
        }
      } catch (error) {
        state.running = null;
        for (const waiter of state.waiting.splice(0)) waiter.reject(error);
        this.failed(project, error);
        return;
      }
      setImmediate(slice);
    };
    slice();
  }
}
