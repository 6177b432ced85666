// `jadpo test --watch`: run, then run again whenever a source, test or recording file of the
// project changes (a burst of changes is one rerun). The watch starts before the first run, so an
// edit made while it runs is not missed. Ends with the process (Ctrl-C).
import { resolve } from "node:path";
import type { CliContext } from "../../context.ts";
import { watchProject } from "../../watch-project.ts";

/** What is watched: the project's root, and the report file a run writes (`--output`), if any. */
export interface Watched {
  root: string;
  cwd: string;
  output: string | undefined;
}

const QUIET_MS = 100;

/** Calls `runOnce` now and after each burst of changes, one run at a time; never returns. */
export function watchAndRun(watched: Watched, context: CliContext, runOnce: () => Promise<void>): Promise<never> {
  // The report file a run writes is not a change of the project.
  const isOwnOutput = (file: string) => watched.output !== undefined && resolve(watched.cwd, watched.output) === resolve(watched.root, file);
  return new Promise<never>(() => {
    let running = false;
    let again = false;
    let first = true;
    const rerun = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      do {
        again = false;
        if (!first && watched.output === undefined) context.stdout.write("\n");
        first = false;
        await runOnce();
      } while (again);
      running = false;
    };
    watchProject(watched.root, () => void rerun(), { quietMs: QUIET_MS, ignore: isOwnOutput });
    void rerun();
  });
}
