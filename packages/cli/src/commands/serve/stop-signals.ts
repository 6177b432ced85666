// Running until SIGTERM or SIGINT, for `jadpo serve` and `server.mjs`: a signal starts the drain;
// once serving returns, the process leaves (a model request still open would keep it alive).
import type { CliContext } from "../../context.ts";

export async function untilSignalled(context: CliContext, serve: (stop: AbortSignal) => Promise<void>): Promise<void> {
  const stop = new AbortController();
  // `on`, not `once`: a second signal during the drain must not kill the process by default.
  const onSignal = () => stop.abort();
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  await serve(stop.signal);
  if (stop.signal.aborted) {
    // Drained: the handlers stay, so another signal while the process leaves changes nothing.
    setTimeout(() => process.exit(context.exitCode), 200).unref();
    return;
  }
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
}
