// `jadpo serve`'s HTTP adapter over a production app (docs/production.md), shared with a build's
// `server.mjs`:
//   POST /actions/<name>   run an action (bearer token)     GET /health   200 while the process is up
//   GET  /ready            200, 503 while draining           GET /metrics  Prometheus text
// An action request gets the first answer that applies, in this order: 401 without the token,
// 503 while draining, 404 for no such action, 415 for a body that isn't JSON, 413 past
// `--max-body`, 400 for bad JSON or parameters, 503 past `--concurrency`, then the action's
// outcome (its failure's status, 504 past `--request-timeout`, 500 for a fault, else 200). A body
// not sent within `--request-timeout` gets Node's own 408, and its log line says so.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { nowMs } from "@jadpo/compiler";
import type { ProductionApp, ProductionOutcome } from "@jadpo/runtime/app";
import type { TestTimeout } from "@jadpo/runtime";
import { actionNameOf } from "../../http/action-path.ts";
import { isJsonRequest, readBody, type BodyRead } from "../../http/body.ts";
import { errorBody, sendJson } from "../../http/reply.ts";
import { STATUS_OF_KIND } from "../../http/statuses.ts";
import { authorized } from "./access.ts";
import type { MetricsText, ServeMetrics } from "./metrics.ts";
import { givenRequestId, RequestAi, requestLine, type LoggedFailure } from "./request-log.ts";

export interface ServeConfig {
  /** The bearer token every action request needs; null with `--no-auth`. */
  token: string | null;
  concurrency: number;
  maxBody: number;
  requestTimeout: TestTimeout;
}

export interface ServeHooks {
  /** Writes one whole log line. */
  log(line: string): void;
  metrics: ServeMetrics;
  /** What `/metrics` answers: this process's metrics, or the sum over the workers; null when that can't be had now. */
  metricsText(): Promise<MetricsText | null>;
}

export interface ServeServer {
  server: Server;
  /** From now on: `/ready` is 503 and new actions are answered 503 `draining`. */
  drain(): void;
  /** Resolves once no action is running. */
  idle(): Promise<void>;
  /** Stops every action running, as past its time limit (they are answered 504). */
  stopAll(): void;
  /**
   * Stops listening and resolves once every connection has closed. A connection still open after
   * `cutAfterMs` is cut then: its client is still sending a request (or sends nothing), and the
   * server's own time limits on that stop with the listening.
   */
  close(cutAfterMs: number): Promise<void>;
}

/** How long a client may take to send a request's headers. */
const HEADERS_TIMEOUT_MS = 10_000;

/** An answer to an action request: its status, body and what the log line says of it. */
interface Answer {
  status: number;
  body: unknown;
  failure: LoggedFailure | null;
  headers?: Record<string, string>;
}

function refusal(status: number, code: string, message: string, requestId: string, headers?: Record<string, string>): Answer {
  return { status, body: errorBody(code, message, requestId), failure: { code }, ...(headers ? { headers } : {}) };
}

function outcomeAnswer(outcome: ProductionOutcome, requestId: string, limit: string): Answer {
  switch (outcome.kind) {
    case "success":
      return { status: 200, body: { result: outcome.value }, failure: null };
    case "failure": {
      const { failure } = outcome;
      // AiLoopLimit is Unavailable, so its status is 503, as every failure's is its kind's.
      return refusal(STATUS_OF_KIND[failure.kind], failure.code, failure.message, requestId);
    }
    case "stopped":
      return refusal(504, "request_timeout", `The action took longer than ${limit}`, requestId);
    case "fault":
      // The fault's message can quote a value: it goes to no one, and the log has its rule and place.
      return {
        status: 500,
        body: errorBody("runtime_fault", "The action failed unexpectedly.", requestId),
        failure: { code: "runtime_fault", rule: outcome.rule, at: outcome.at },
      };
  }
}

/**
 * A body that could not be read. A client too slow to send it got Node's own 408 and its
 * connection closed: the log line says so rather than the 400 of a body cut short.
 */
function unreadBody(read: Extract<BodyRead, { ok: false }>, requestId: string): Answer {
  switch (read.cause) {
    case "too_large":
      return refusal(413, "payload_too_large", read.problem, requestId);
    case "timed_out":
      return refusal(408, "client_timeout", read.problem, requestId);
    case "not_utf8":
    case "unreadable":
      return refusal(400, "invalid_request", read.problem, requestId);
  }
}

const RETRY = { "retry-after": "1" };

export function createServeServer(app: ProductionApp, config: ServeConfig, hooks: ServeHooks): ServeServer {
  let draining = false;
  let inFlight = 0;
  let idleWaiters: Array<() => void> = [];
  const stopAll = new AbortController();

  /** An authorized request's answer (route checks the token first). */
  async function runAction(name: string, req: IncomingMessage, requestId: string, ai: RequestAi): Promise<Answer> {
    if (draining) return refusal(503, "draining", "The server is shutting down: send the request again", requestId, RETRY);
    if (!app.actions.has(name)) return refusal(404, "unknown_action", `\`${name}\` is not an action of this app`, requestId);
    if (!isJsonRequest(req)) return refusal(415, "unsupported_media_type", "Send the parameters as JSON, with `Content-Type: application/json`", requestId);
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > config.maxBody) return refusal(413, "payload_too_large", `The request body is larger than ${config.maxBody} bytes`, requestId);
    const body = await readBody(req, { bytes: config.maxBody, problem: `The request body is larger than ${config.maxBody} bytes` });
    if (!body.ok) return unreadBody(body, requestId);
    let input: unknown;
    try {
      input = body.text.trim() === "" ? {} : JSON.parse(body.text);
    } catch (e) {
      return refusal(400, "invalid_request", `The request body is not JSON${e instanceof SyntaxError ? `: ${e.message}` : ""}`, requestId);
    }
    const prepared = app.prepare(name, input);
    if (!prepared.ok) return refusal(400, "invalid_request", prepared.problem.message, requestId);
    if (inFlight >= config.concurrency) return refusal(503, "overloaded", `${config.concurrency} actions are running already: send the request again`, requestId, RETRY);
    inFlight++;
    hooks.metrics.inFlight(1);
    try {
      const outcome = await app.run(prepared.call, {
        timeoutMs: config.requestTimeout.ms, limit: config.requestTimeout.text, stop: stopAll.signal, onAiCall: (call) => {
          ai.add(call);
          hooks.metrics.aiCall(call);
        },
      });
      return outcomeAnswer(outcome, requestId, config.requestTimeout.text);
    } finally {
      inFlight--;
      hooks.metrics.inFlight(-1);
      if (inFlight === 0) for (const wake of idleWaiters.splice(0)) wake();
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = nowMs();
    const requestId = givenRequestId(req.headers["x-request-id"]) ?? `req_${randomBytes(8).toString("hex")}`;
    res.setHeader("x-request-id", requestId);
    // A client kept alive while the server drains is told to go elsewhere next time.
    if (draining) res.setHeader("connection", "close");
    const method = req.method ?? "GET";
    const path = (req.url ?? "/").split("?")[0];
    const name = actionNameOf(path);
    const ai = new RequestAi();
    let answer: Answer;
    if (path.startsWith("/actions/") || path === "/actions") {
      // The token is checked before anything else, what the path or method says included.
      if (!authorized(req, config.token)) {
        answer = refusal(401, "unauthorized", "Send the server's token as `Authorization: Bearer <token>`", requestId, { "www-authenticate": "Bearer" });
      } else if (method !== "POST" || name === null) {
        answer = refusal(404, "not_found", `Nothing answers ${method} ${path}; actions take POST /actions/<name>`, requestId);
      } else {
        answer = await runAction(name, req, requestId, ai);
      }
    } else if (method === "GET" && path === "/health") {
      return sendJson(res, 200, { status: "ok" });
    } else if (method === "GET" && path === "/ready") {
      return draining ? sendJson(res, 503, { status: "draining" }) : sendJson(res, 200, { status: "ready" });
    } else if (method === "GET" && path === "/metrics") {
      const metrics = await hooks.metricsText();
      if (metrics === null) {
        // Not one worker's counts instead of the sum: Prometheus would take them for counters reset.
        res.setHeader("retry-after", "1");
        return sendJson(res, 503, errorBody("metrics_unavailable", "The workers' metrics could not be summed in time: ask again", requestId));
      }
      res.writeHead(200, { "content-type": metrics.contentType, "content-length": Buffer.byteLength(metrics.text), "cache-control": "no-store" });
      res.end(metrics.text);
      return;
    } else {
      answer = refusal(404, "not_found", `Nothing answers ${method} ${path}`, requestId);
    }
    // A path naming no action counts as `-`, so strangers can't grow the metrics' label set.
    const action = name !== null && app.actions.has(name) ? name : "-";
    const seconds = (nowMs() - started) / 1000;
    hooks.log(requestLine({ requestId, action, status: answer.status, ms: seconds * 1000, ai, failure: answer.failure }));
    hooks.metrics.request(action, answer.status, seconds);
    for (const [header, value] of Object.entries(answer.headers ?? {})) res.setHeader(header, value);
    sendJson(res, answer.status, answer.body);
  }

  const server = createServer({ headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.requestTimeout.ms), requestTimeout: config.requestTimeout.ms, connectionsCheckingInterval: 1000 }, (req, res) => {
    route(req, res).catch((error: unknown) => {
      hooks.log(JSON.stringify({ time: new Date().toISOString(), level: "error", message: `jadpo hit an internal error answering a request: ${error instanceof Error ? error.message : String(error)}` }));
      if (!res.headersSent) sendJson(res, 500, errorBody("internal_error", "jadpo hit an internal error answering this request", "-"));
      else res.destroy();
    });
  });
  // A client that sends nothing for this long is let go.
  server.keepAliveTimeout = 5_000;
  return {
    server,
    drain: () => {
      draining = true;
    },
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    stopAll: () => stopAll.abort(),
    close: (cutAfterMs) => new Promise<void>((resolve) => {
      // Every answer is written by now (close follows idle); connections that go idle after their
      // answer close themselves.
      const cut = setTimeout(() => server.closeAllConnections(), cutAfterMs);
      server.close(() => {
        clearTimeout(cut);
        resolve();
      });
      server.closeIdleConnections();
    }),
  };
}
