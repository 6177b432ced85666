// Serving an app until told to stop (docs/production.md), for `jadpo serve` and a build's
// `server.mjs` alike: the flags and the token checked, the app loaded, the URL printed first,
// one log line per request, and on a stop a drain — `/ready` turns 503, new actions are refused,
// the actions running finish (or are stopped past `--drain`) — then exit 0. With `--workers N`
// the primary process forks N workers that each do all of this on the one port.
import { diagnostic, nowMs, renderErrorPlain, type Diagnostic } from "@jadpo/compiler";
import type { MissingSetting, ProductionApp } from "@jadpo/runtime/app";
import type { CliContext } from "../../context.ts";
import { byteSize, durationMs, timeLimit } from "../../options.ts";
import { reportUsage } from "../../usage.ts";
import { listenOn, listenProblem } from "../../listen-problem.ts";
import { isLoopback, TOKEN_VARIABLE } from "./access.ts";
import { runPrimary, isServeWorker, tellPrimary, askPrimaryForMetrics } from "./cluster.ts";
import { serveMetrics } from "./metrics.ts";
import { createServeServer } from "./server.ts";

export interface ServeOptions {
  port: number;
  host: string;
  /** False with `--no-auth`. */
  auth: boolean;
  concurrency: number;
  /** `1MiB` (checked by the flag's parser). */
  maxBody: string;
  /** `60s` (checked by the flag's parser). */
  requestTimeout: string;
  drain: string;
  workers: number;
}

/** Loads the app to serve, printing why it can't (its diagnostics); null then. */
export type LoadApp = () => Promise<ProductionApp | null>;

/** The diagnostic of a connection setting the environment lacks: `ai.key_missing` for the key. */
function missingSetting(missing: MissingSetting): Diagnostic {
  const { connection, setting, variable } = missing;
  if (variable === null) return diagnostic("ai.setting_missing", null, { variant: "absent", connection, setting });
  if (setting === "key") return diagnostic("ai.key_missing", null, { connection, variable });
  return diagnostic("ai.setting_missing", null, { variant: "unset", connection, setting, variable });
}

/**
 * The app `create` makes, or null once the connection setting the environment lacks is printed
 * (the runtime's fault carries it as `missing`; the build's `app.mjs` has its own copy of the class).
 */
export function appOrMissingSetting(create: () => ProductionApp, context: CliContext): ProductionApp | null {
  try {
    return create();
  } catch (error) {
    const missing = (error as { missing?: MissingSetting } | null)?.missing;
    if (missing === undefined) throw error;
    context.stderr.write(`${renderErrorPlain(missingSetting(missing))}\n`);
    return null;
  }
}

/** `http://127.0.0.1:8080`, `http://[::1]:8080`. */
function urlOf(host: string, port: number): string {
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/**
 * Why serving can't start with these flags and this environment, printed (exit 2 for a usage
 * error, 1 otherwise); null when it can. Checked before anything is loaded.
 */
function refusal(options: ServeOptions, context: CliContext): boolean {
  if (!options.auth && !isLoopback(options.host)) {
    reportUsage(context, diagnostic("cli.bad_option", null, {
      flag: "--host", takes: "a loopback address with --no-auth (127.0.0.1, ::1 or localhost)", value: options.host, example: "127.0.0.1",
    }));
    return true;
  }
  if (options.auth && (context.env[TOKEN_VARIABLE] ?? "") === "") {
    context.stderr.write(`${renderErrorPlain(diagnostic("cli.serve_token_missing", null))}\n`);
    context.exitCode = 1;
    return true;
  }
  return false;
}

/** Exit 1 when the app can't be loaded, unless its loader said it was a usage error (2). */
function failedToLoad(context: CliContext): void {
  if (context.exitCode === 0) context.exitCode = 1;
}

function waitFor(stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (stop.aborted) return resolve();
    stop.addEventListener("abort", () => resolve(), { once: true });
  });
}

/** Serves until `stop` aborts, then drains and returns. Sets `context.exitCode`. */
export async function startServing(options: ServeOptions, context: CliContext, load: LoadApp, stop: AbortSignal): Promise<void> {
  if (refusal(options, context)) return;
  const worker = isServeWorker();
  if (options.workers > 1 && !worker) {
    // The primary loads the app once, so a problem is printed once, before any worker starts.
    const app = await load();
    if (app === null) return failedToLoad(context);
    await app.close();
    context.exitCode = await runPrimary(options.workers, context, stop);
    return;
  }
  const app = await load();
  if (app === null) return failedToLoad(context);
  const metrics = serveMetrics({ worker });
  const serving = createServeServer(app, {
    token: options.auth ? (context.env[TOKEN_VARIABLE] ?? null) : null,
    concurrency: options.concurrency,
    maxBody: byteSize(options.maxBody)!,
    requestTimeout: timeLimit(options.requestTimeout),
  }, {
    log: (line) => context.stdout.write(`${line}\n`),
    metrics,
    metricsText: async () => (worker ? askPrimaryForMetrics() : { text: await metrics.text(), contentType: metrics.contentType }),
  });
  const { server } = serving;
  const listening = await listenOn(server, options.port, options.host);
  if (!listening.ok) {
    reportUsage(context, listenProblem(options.port, listening.code, options.host));
    context.exitCode = 1;
    await app.close();
    return;
  }
  const url = urlOf(options.host, listening.port);
  if (worker) tellPrimary({ jadpo: "listening", url });
  else context.stdout.write(`${url}\n`);

  await waitFor(stop);
  serving.drain();
  const drainMs = durationMs(options.drain)!;
  const drainEnd = nowMs() + drainMs;
  const drained = await Promise.race([
    serving.idle().then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), drainMs).unref()),
  ]);
  if (!drained) {
    serving.stopAll();
    await serving.idle();
  }
  // A client still sending its request when the drain ends is let go then, so the exit waits for no one.
  await serving.close(Math.max(0, drainEnd - nowMs()));
  await app.close();
  context.exitCode = 0;
}
