// `jadpo test --watch`: after the first run, run again whenever a source, test or recording file
// of the project changes (a burst of changes is one rerun). Ends with the process (Ctrl-C).
import { watch } from "node:fs";
import { resolve } from "node:path";
import type { CliContext } from "../context.ts";
import { runOnce, type PreparedRun } from "./test-run.ts";

/** Changes that can change a run: Jadpo files and recordings, outside the tool's own folders. */
function matters(file: string, prepared: PreparedRun): boolean {
  const path = file.replace(/\\/g, "/");
  if (/(^|\/)(\.jadpo|node_modules|build)(\/|$)/.test(path) || path.startsWith(".")) return false;
  const output = prepared.options.output;
  if (output !== undefined && resolve(prepared.load.cwd, output) === resolve(prepared.load.root, path)) return false;
  return path.endsWith(".jadpo") || path.endsWith(".jadpotest") || path.endsWith(".json");
}

const QUIET_MS = 100;

export function watchAndRun(prepared: PreparedRun, context: CliContext): Promise<never> {
  return new Promise<never>(() => {
    let timer: NodeJS.Timeout | null = null;
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
    watch(prepared.load.root, { recursive: true }, (_event, file) => {
      if (file === null || !matters(String(file), prepared)) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void rerun(), QUIET_MS);
    });
  });
}
