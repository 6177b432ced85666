// When projects are checked while the user types. A change starts a short wait (DEBOUNCE_MS):
// each further change restarts it, so a burst of keystrokes makes one check, after the last key.
// The check runs in steps of at most SLICE_MS, handing the thread back between them, so hover,
// completion and every other request are answered from the last complete check meanwhile and
// never wait behind one. A change arriving during a check makes it stale: it stops at its next
// step and its work is dropped (parses of unchanged files are kept for the next one).
import type { Compiled, EditorProject } from "./project.ts";

/** A pause in the changes this long ends a burst of typing (Gleam's server waits 100 ms). */
export const DEBOUNCE_MS = 60;
/** The longest a check holds the thread before requests get their turn. */
export const SLICE_MS = 8;

interface State {
  timer: NodeJS.Timeout | null;
  /** The generation a running check compiles, or null. */
  running: number | null;
  /** Requests waiting for a check of the current generation. */
  waiting: ((compiled: Compiled) => void)[];
}

export class Checks {
  private readonly states = new Map<EditorProject, State>();

  /** `checked`: called with each complete, current check (to publish its diagnostics). */
  constructor(private readonly checked: (project: EditorProject, compiled: Compiled) => void) {}

  private state(project: EditorProject): State {
    let state = this.states.get(project);
    if (!state) this.states.set(project, (state = { timer: null, running: null, waiting: [] }));
    return state;
  }

  /** Something the project reads changed: check it once the changes pause. */
  changed(project: EditorProject): void {
    project.invalidate();
    const state = this.state(project);
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => this.start(project), DEBOUNCE_MS);
  }

  /** A check of the project as it is now: the last one when it is current, else the next (started at once). */
  current(project: EditorProject): Promise<Compiled> {
    const latest = project.latest();
    if (latest && project.upToDate()) return Promise.resolve(latest);
    const state = this.state(project);
    const promise = new Promise<Compiled>((resolve) => state.waiting.push(resolve));
    if (state.running !== project.generation) this.start(project);
    return promise;
  }

  /** The last complete check, or (before the first has ended) the first. */
  latest(project: EditorProject): Promise<Compiled> {
    const latest = project.latest();
    return latest ? Promise.resolve(latest) : this.current(project);
  }

  private start(project: EditorProject): void {
    const state = this.state(project);
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    const generation = project.generation;
    state.running = generation;
    const steps = project.compile();
    const slice = () => {
      if (project.generation !== generation) {
        // Stale: a newer change is waiting for its own check (already timed or running).
        if (state.running === generation) state.running = null;
        return;
      }
      const until = performance.now() + SLICE_MS;
      while (performance.now() < until) {
        const next = steps.next();
        if (next.done) {
          state.running = null;
          const waiting = state.waiting.splice(0);
          for (const resolve of waiting) resolve(next.value);
          this.checked(project, next.value);
          return;
        }
      }
      setImmediate(slice);
    };
    slice();
  }
}
