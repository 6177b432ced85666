// When projects are checked while the user types. A change starts a short wait, DEBOUNCE_MS;
// each further change restarts it, so a burst of keystrokes makes one check, after the last key,
// and no check is started only for the next key to drop it. A project whose last check took at
// most QUICK_CHECK_MS waits only that long: it is checked at each key.
// The check runs in steps of at most SLICE_MS, handing the thread back between them, so hover,
// completion and every other request are answered from the last complete check meanwhile and
// never wait behind one. A change arriving during a check makes it stale: it stops at its next
// step and its work is dropped (parses of unchanged files are kept for the next one).
import { nowMs, type Steps } from "@jadpo/compiler";

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
/** A check that works this little costs too little to wait for a pause: the next is made at once. */
export const QUICK_CHECK_MS = 15;
/** The longest a check holds the thread before requests get their turn. */
export const SLICE_MS = 8;

interface State<C> {
  timer: NodeJS.Timeout | null;
  /** The generation a running check compiles, or null. */
  running: number | null;
  /** How long the last complete check worked, its slices' time without what ran between them (null before the first). */
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
    const last = state.lastMs ?? DEBOUNCE_MS;
    state.timer = setTimeout(() => this.start(project), last <= QUICK_CHECK_MS ? last : DEBOUNCE_MS);
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
    let worked = 0;
    const slice = () => {
      if (project.generation !== generation) {
        // Stale: a newer change is waiting for its own check (already timed or running).
        if (state.running === generation) state.running = null;
        return;
      }
      const started = nowMs();
      const until = started + SLICE_MS;
      try {
        while (nowMs() < until) {
          const next = steps.next();
          if (next.done) {
            state.running = null;
            state.lastMs = worked + nowMs() - started;
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
      worked += nowMs() - started;
      setImmediate(slice);
    };
    slice();
  }
}
