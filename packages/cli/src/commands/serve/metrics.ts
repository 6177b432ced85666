// `GET /metrics` in Prometheus's text format (docs/production.md), kept with prom-client. Labels
// take only names the app declares (an action, a prompt), `-` for a path naming no action, and
// the outcome and status words, so no request can grow the set of series.
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry } from "prom-client";
import { callWords, type AiCallRecord } from "@jadpo/runtime/app";

/** Metrics as `/metrics` answers them. */
export interface MetricsText {
  text: string;
  contentType: string;
}

export interface ServeMetrics {
  /** One action request answered (any status), and how long it took. */
  request(action: string, status: number, seconds: number): void;
  aiCall(call: AiCallRecord): void;
  /** An action started (+1) or ended (-1). */
  inFlight(change: 1 | -1): void;
  /** This process's metrics, as text. */
  text(): Promise<string>;
  readonly contentType: string;
}

/** Seconds: from a fast answer to the default request timeout and past it. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** This process's metrics. In a worker of `--workers N`, the primary can read them (clusterMetrics). */
export function serveMetrics(options: { worker: boolean }): ServeMetrics {
  const registry = new Registry();
  if (options.worker) {
    // prom-client's protocol: the registry answers the primary's requests once an aggregator exists here.
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry();
  }
  const requests = new Counter({ name: "jadpo_requests_total", help: "Action requests answered, by action and HTTP status.", labelNames: ["action", "status"], registers: [registry] });
  const duration = new Histogram({
    name: "jadpo_request_duration_seconds", help: "How long action requests took to answer, by action.", labelNames: ["action"], buckets: DURATION_BUCKETS, registers: [registry],
  });
  const aiCalls = new Counter({ name: "jadpo_ai_calls_total", help: "AI calls that ended, by prompt and how they ended; a call that retried counts under retried too.", labelNames: ["prompt", "outcome"], registers: [registry] });
  const retries = new Counter({ name: "jadpo_ai_retries_total", help: "Model requests sent again after a transport failure, by prompt.", labelNames: ["prompt"], registers: [registry] });
  const tokens = new Counter({
    name: "jadpo_ai_tokens_total", help: "Tokens of model requests (input) and answers (output): as the model reports them, else estimated.", labelNames: ["prompt", "kind"], registers: [registry],
  });
  const inFlight = new Gauge({ name: "jadpo_requests_in_flight", help: "Actions running now.", registers: [registry] });
  return {
    request(action, status, seconds) {
      requests.inc({ action, status: String(status) });
      duration.observe({ action }, seconds);
    },
    aiCall(call) {
      for (const outcome of callWords(call)) aiCalls.inc({ prompt: call.prompt, outcome });
      if (call.retries > 0) retries.inc({ prompt: call.prompt }, call.retries);
      if (call.inputTokens > 0) tokens.inc({ prompt: call.prompt, kind: "input" }, call.inputTokens);
      if (call.outputTokens > 0) tokens.inc({ prompt: call.prompt, kind: "output" }, call.outputTokens);
    },
    inFlight(change) {
      inFlight.inc(change);
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/** The primary's sum of its workers' metrics (counters and histograms summed, gauges too). */
export function clusterMetrics(): { text(): Promise<string>; contentType: string } {
  const aggregator = new AggregatorRegistry();
  return { text: () => aggregator.clusterMetrics(), contentType: aggregator.contentType };
}
