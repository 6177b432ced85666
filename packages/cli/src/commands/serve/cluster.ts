// `--workers N` (docs/production.md): N processes serving on one port through node:cluster. The
// primary forks the workers with the same command line (one, then the others once it listens),
// prints the URL once (the first worker's), passes each worker's output on a whole line at a time,
// forwards SIGTERM and SIGINT, replaces a worker that dies while serving, and answers a worker's
// `/metrics` with the sum over all of them (or that it has none, when a worker doesn't give its own).
import cluster, { type Worker } from "node:cluster";
import type { Readable } from "node:stream";
import type { CliContext, Output } from "../../context.ts";
import { clusterMetrics, type MetricsText } from "./metrics.ts";

/** Marks a worker's environment, so the same command line serves instead of forking again. */
const WORKER_MARK = "JADPO_SERVE_WORKER";

type ToPrimary = { jadpo: "listening"; url: string } | { jadpo: "metrics-request"; id: number };
/** The sum over the workers, or null when the primary couldn't make it. */
type ToWorker = { jadpo: "metrics"; id: number; metrics: MetricsText | null };

function isMessage<T extends { jadpo: string }>(m: unknown, kind: T["jadpo"]): m is T {
  return typeof m === "object" && m !== null && (m as { jadpo?: unknown }).jadpo === kind;
}

export function isServeWorker(): boolean {
  return cluster.isWorker && process.env[WORKER_MARK] === "1";
}

export function tellPrimary(message: ToPrimary): void {
  process.send?.(message);
}

/** How long a worker's `/metrics` waits for the primary's sum before answering 503. */
export const METRICS_WAIT_MS = 5_000;

/** The worker's end of the channel to the primary: the process's own IPC. */
export interface PrimaryChannel {
  send(message: ToPrimary): void;
  on(event: "message", listener: (message: unknown) => void): void;
  off(event: "message", listener: (message: unknown) => void): void;
}

const processChannel: PrimaryChannel = {
  send: tellPrimary,
  on: (event, listener) => process.on(event, listener),
  off: (event, listener) => process.off(event, listener),
};

let nextMetricsRequest = 0;

/**
 * The sum of every worker's metrics, from the primary; null when it doesn't come within `waitMs`
 * (a worker stuck or still starting) or the primary couldn't make it.
 */
export function askPrimaryForMetrics(waitMs = METRICS_WAIT_MS, channel: PrimaryChannel = processChannel): Promise<MetricsText | null> {
  const id = nextMetricsRequest++;
  return new Promise((resolve) => {
    const settle = (metrics: MetricsText | null) => {
      clearTimeout(timer);
      channel.off("message", onMessage);
      resolve(metrics);
    };
    const onMessage = (m: unknown) => {
      if (isMessage<ToWorker>(m, "metrics") && m.id === id) settle(m.metrics);
    };
    const timer = setTimeout(() => settle(null), waitMs);
    channel.on("message", onMessage);
    channel.send({ jadpo: "metrics-request", id });
  });
}

/** Passes `stream`'s text to `out` a whole line at a time, so workers' lines never interleave. */
function passLines(stream: Readable | null, out: Output): void {
  if (stream === null) return;
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    const text = pending + chunk;
    const end = text.lastIndexOf("\n");
    if (end === -1) {
      pending = text;
      return;
    }
    out.write(text.slice(0, end + 1));
    pending = text.slice(end + 1);
  });
  stream.on("end", () => {
    if (pending !== "") out.write(`${pending}\n`);
    pending = "";
  });
}

/** Runs `count` workers until `stop` aborts and they have drained; the exit code. */
export async function runPrimary(count: number, context: CliContext, stop: AbortSignal): Promise<number> {
  cluster.setupPrimary({ silent: true });
  const metrics = clusterMetrics();
  const workers = new Set<Worker>();
  let urlPrinted = false;
  let stopping = false;
  let failed: (code: number) => void = () => {};
  const startupFailure = new Promise<number>((resolve) => (failed = resolve));

  const fork = (): void => {
    const worker = cluster.fork({ [WORKER_MARK]: "1" });
    workers.add(worker);
    let listening = false;
    passLines(worker.process.stdout, context.stdout);
    passLines(worker.process.stderr, context.stderr);
    worker.on("message", (m: unknown) => {
      if (isMessage<Extract<ToPrimary, { jadpo: "listening" }>>(m, "listening")) {
        listening = true;
        if (urlPrinted) return;
        context.stdout.write(`${m.url}\n`);
        urlPrinted = true;
        for (let i = 1; i < count; i++) fork();
      } else if (isMessage<Extract<ToPrimary, { jadpo: "metrics-request" }>>(m, "metrics-request")) {
        void metrics.text().then(
          (text) => worker.send({ jadpo: "metrics", id: m.id, metrics: { text, contentType: metrics.contentType } } satisfies ToWorker),
          () => worker.send({ jadpo: "metrics", id: m.id, metrics: null } satisfies ToWorker),
        );
      }
    });
    worker.on("exit", (code) => {
      workers.delete(worker);
      if (stopping) return;
      // One that never served can't serve (its output said why); one that served is replaced.
      if (!listening) failed(code === 0 ? 1 : (code ?? 1));
      else fork();
    });
  };
  // The others once the first listens: a port that can't be had is then said once, by the first.
  fork();

  const code = await Promise.race([startupFailure, new Promise<number>((resolve) => {
    if (stop.aborted) resolve(0);
    else stop.addEventListener("abort", () => resolve(0), { once: true });
  })]);
  stopping = true;
  // Its process closes once its output is passed on too.
  const exited = [...workers].map((worker) => new Promise<void>((resolve) => {
    if (worker.process.exitCode !== null || worker.process.signalCode !== null) resolve();
    else worker.process.once("close", () => resolve());
  }));
  for (const worker of workers) worker.process.kill("SIGTERM");
  await Promise.all(exited);
  return code;
}
