// `jadpo test --watch`: after the first run, run again whenever a source, test or recording file
// of the project changes (a burst of changes is one rerun). Ends with the process (Ctrl-C).
import { resolve } from "node:path";
import type { CliContext } from "../context.ts";
import { runOnce, type PreparedRun } from "./test-run.ts";
import { watchProject } from "../watch-project.ts";

/** The report file a run writes (`--output`) is not a change of the project. */
function isOwnOutput(file: string, prepared: PreparedRun): boolean {
  const output = prepared.options.output;
  return output !== undefined && resolve(prepared.load.cwd, output) === resolve(prepared.load.root, file);
}

const QUIET_MS = 100;

export function watchAndRun(prepared: PreparedRun, context: CliContext): Promise<never> {
  return new Promise<never>(() => {
    let running = false;
    let again = false;
    const rerun = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      do {
        again = false;
        if (prepared.options.output === undefined) context.stdout.write("\n");
        await runOnce(prepared, context);
      } while (again);
      running = false;
    };
    watchProject(prepared.load.root, () => void rerun(), { quietMs: QUIET_MS, ignore: (file) => isOwnOutput(file, prepared) });
  });
}
