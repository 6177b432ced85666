// `jadpo dev [path] [--port N]`: serve the project's actions on 127.0.0.1 with the development
// call log (SPEC 12). The work is in ../dev/, loaded only when the command runs (a fast `--help`).
// Ctrl-C and SIGTERM stop it cleanly.
import type { Command } from "commander";
import type { CliContext } from "../context.ts";
import type { ColorMode } from "../terminal.ts";
import { flag } from "../options.ts";

interface DevCommandOptions {
  port: number;
  color: ColorMode;
}

export function registerDev(program: Command, context: CliContext): void {
  program
    .command("dev")
    .description("serve the project's actions locally, with the development call log")
    .argument("[path]", "the project, or a file or folder in it (default: the current directory)")
    .addOption(flag("port"))
    .action(async (path: string | undefined, _options: unknown, command: Command) => {
      const { runDev } = await import("../dev/run.ts");
      const stop = new AbortController();
      // `on`, not `once`: a handler that stays registered keeps other libraries' exit hooks
      // (proper-lockfile's) from re-raising the signal while the server closes.
      const onSignal = () => stop.abort();
      process.on("SIGINT", onSignal);
      process.on("SIGTERM", onSignal);
      try {
        await runDev(path, command.optsWithGlobals<DevCommandOptions>(), context, stop.signal);
      } finally {
        process.off("SIGINT", onSignal);
        process.off("SIGTERM", onSignal);
      }
      // A model request still in flight would keep the process alive until its timeout: once
      // the server is closed, give output a moment to drain, then leave.
      if (stop.signal.aborted) setTimeout(() => process.exit(context.exitCode), 500).unref();
    });
}
