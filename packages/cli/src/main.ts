// `jadpo`: argv → the commander program → an exit code. Any unexpected exception becomes a
// `toolchain.internal_error` with a saved report.
import { once } from "node:events";
import { processContext } from "./context.ts";
import { runCli } from "./program.ts";
import { reportInternalError } from "./internal-error.ts";

// No top-level await: `jadpo test` and `jadpo check` run this file as a script (build/README.md).
void main();

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const context = processContext();
  // An exception that escapes a callback (a server, a timer) leaves the process in an unknown
  // state: report it and stop.
  const crash = (error: unknown) => process.exit(reportInternalError(error, argv, context));
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
  try {
    process.exitCode = await runCli(argv, context);
  } catch (error) {
    process.exitCode = reportInternalError(error, argv, context);
  }
  // The command is done (long-running ones return only when stopped): leave as soon as the output
  // is written, rather than wait while Node tears the heap down (about 25 ms after a large check).
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  process.exit();
}

async function drained(stream: NodeJS.WriteStream): Promise<void> {
  if (stream.writableNeedDrain) await once(stream, "drain");
}
