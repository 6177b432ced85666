// `jadpo test --watch`: run, then, whenever source, test or recording files of the project change
// (a burst of changes is one rerun), rerun only the tests those files affect (affected.ts). After
// each run a status line says what happened: `watching · changed <file> · 3 tests rerun`. On a
// terminal, `a` reruns every test and `q` quits (with the last run's exit code). The watch starts
// before the first run, so an edit made while it runs is not missed.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { CliContext } from "../../context.ts";
import { watchProject } from "../../watch-project.ts";

/** What one run did, for the status line: how many tests ran (null: compile errors, or a file it couldn't write). */
export interface RunDone {
  ran: number | null;
}

/** What is watched: the project's root, and the report files a run writes (`--output`), which are not changes. */
export interface Watched {
  root: string;
  cwd: string;
  outputs: string[];
  displayPath: (file: string) => string;
}

const QUIET_MS = 100;

const tests = (n: number) => `${n} test${n === 1 ? "" : "s"}`;

/** `watching · changed domains/x.jadpo · 3 tests rerun` (and the first run's and `a`'s forms). */
function statusLine(changed: string[] | "all" | null, done: RunDone, displayPath: (file: string) => string, keys: boolean): string {
  const ran = done.ran === null ? "no tests" : tests(done.ran);
  const hint = keys ? " · a rerun all · q quit" : "";
  if (changed === null) return `watching · ${ran} run${hint}`;
  if (changed === "all") return `watching · all ${ran} rerun${hint}`;
  return `watching · changed ${changed.map(displayPath).join(", ")} · ${ran} rerun${hint}`;
}

/**
 * An editor's or tool's scratch file that came and went during the burst (`sed -i`'s `sedXYZ`,
 * vim's `4913`): gone now, and not a source, test or recording file.
 */
function isScratch(root: string, path: string): boolean {
  return !/\.(jadpo|jadpotest|json)$/.test(path) && !existsSync(join(root, path));
}

/** Runs now and after each burst of changes, one run at a time; resolves when `q` is pressed (else never). */
export function watchAndRun(watched: Watched, context: CliContext, runOnce: (changed: string[] | null) => Promise<RunDone>): Promise<void> {
  const outputs = new Set(watched.outputs.map((file) => resolve(watched.cwd, file)));
  const isOwnOutput = (file: string) => outputs.has(resolve(watched.root, file));
  const toStdout = watched.outputs.length === 0;
  return new Promise<void>((quit) => {
    let running = false;
    /** Changes seen while a run was going on (or "all" for `a`), run next. */
    let next: Set<string> | "all" | null = null;
    let first = true;
    let stopKeys: (() => void) | null = null;
    let watcher: ReturnType<typeof watchProject> = null;

    const rerun = async (): Promise<void> => {
      if (running) return;
      running = true;
      while (first || next !== null) {
        const what: string[] | "all" | null = first ? null : next === "all" ? "all" : [...next!].sort();
        next = null;
        if (!first && toStdout) context.stdout.write("\n");
        first = false;
        const done = await runOnce(Array.isArray(what) ? what : null);
        context.stdout.write(`${statusLine(what, done, watched.displayPath, stopKeys !== null)}\n`);
      }
      running = false;
    };
    const queue = (changed: string[] | "all"): void => {
      if (changed === "all" || next === "all") next = "all";
      else next = new Set([...(next ?? []), ...changed]);
      void rerun();
    };

    watcher = watchProject(watched.root, (changed) => {
      const real = changed.filter((path) => !isScratch(watched.root, path));
      if (real.length > 0) queue(real);
    }, { quietMs: QUIET_MS, ignore: isOwnOutput });
    stopKeys = context.keys?.listen((key) => {
      if (key === "a") queue("all");
      if (key === "q" || key === "\u0003") {
        if (key === "\u0003") context.exitCode = 130;
        stopKeys?.();
        watcher?.close();
        quit();
      }
    }) ?? null;
    void rerun();
  });
}
