// The dev server's routes (docs/dev.md), over node:http:
//   POST /actions/<name>   run an action        GET /health          200
//   GET  /_dev             the call log page    GET /_dev/calls.json the same calls as JSON
// Each request takes the build current when it arrives, so a rebuild never changes a request halfway.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { MAX_FILE_BYTES } from "@jadpo/compiler";
import type { TestTimeout } from "@jadpo/runtime";
import { readRecentCalls, type DevCall, type UsageCounter } from "@jadpo/runtime/dev";
import { redactJson } from "@jadpo/runtime/drivers";
import { answerAction, refusal, type ActionAnswer } from "./actions.ts";
import type { DevBuild } from "./build.ts";
import { actionNameOf } from "../../http/action-path.ts";
import { isJsonRequest, readBody, type BodyLimit } from "../../http/body.ts";
import { sendError, sendHtml, sendJson } from "../../http/reply.ts";
import { foreignRequest } from "./foreign-request.ts";
import { renderCallsPage, type FailedRequest } from "./page.ts";

export interface DevServerState {
  root: string;
  /** The project's name, as the page's header shows it. */
  project: string;
  /** Action requests that did not succeed while this server ran, oldest first. */
  failed?(): readonly FailedRequest[];
  displayPath: (file: string) => string;
  usage: UsageCounter;
  /** The wall time each action request may take. */
  actionTimeout: TestTimeout;
  /** The build serving now; null before the first good build. */
  current(): DevBuild | null;
  /** After each action request (the terminal prints it). */
  onAnswer(method: string, path: string, answer: ActionAnswer): void;
  /** An unexpected exception while answering a request: reported and saved, never silent. */
  onInternalError(error: unknown): void;
  /** The newest calls, newest first. Default: `readRecentCalls`. */
  readCalls?(root: string): Promise<DevCall[]>;
}

/** A body may hold what a source file or recording may. */
const BODY_LIMIT: BodyLimit = { bytes: MAX_FILE_BYTES, problem: "The request body is larger than 16 MiB" };

function requestId(): string {
  return `req_${randomBytes(6).toString("hex")}`;
}

/** `local_model: 3 of 50 sandbox model requests today (UTC)`, or null without a sandbox. */
function budgetLine(state: DevServerState): string | null {
  const connection = state.current()?.program.connection ?? null;
  if (connection === null || connection.sandbox.length === 0) return null;
  const limit = connection.perDay === null ? "no limit on" : `${connection.perDay}`;
  return `${connection.name}: ${state.usage.today(connection.name)} of ${limit} sandbox model requests today (UTC)`;
}

/**
 * The log's newest calls, oldest first. Read in chunks that let other requests through, and
 * bounded, so no page waits on the whole log; a line written before the key was redacted is
 * shown redacted.
 */
async function calls(state: DevServerState): Promise<DevCall[]> {
  const newest = await (state.readCalls ?? readRecentCalls)(state.root);
  const build = state.current();
  return (build === null ? newest : redactJson(newest, build.ai.echo)).reverse();
}

async function route(state: DevServerState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? "GET";
  const path = (req.url ?? "/").split("?")[0];
  const id = requestId();

  const foreign = foreignRequest(req);
  if (foreign !== null) return sendError(res, foreign.status, foreign.code, foreign.message, id);

  const name = actionNameOf(path);
  if (name !== null) {
    // Every answer to an action request is printed and listed on /_dev, refusals included.
    // Printed first, so whoever reads the answer finds its lines in the terminal already.
    const respond = (answer: ActionAnswer): void => {
      state.onAnswer(method, path, answer);
      sendJson(res, answer.status, answer.body);
    };
    const refuse = (status: number, code: string, message: string): void => respond(refusal(status, code, message, id));
    if (method !== "POST") {
      res.setHeader("allow", "POST");
      return refuse(405, "method_not_allowed", `Call an action with POST ${path}`);
    }
    if (!isJsonRequest(req)) {
      return refuse(415, "unsupported_media_type", "Send the parameters as JSON, with `Content-Type: application/json`");
    }
    const body = await readBody(req, BODY_LIMIT);
    if (!body.ok) return refuse(400, "invalid_request", body.problem);
    const build = state.current();
    if (build === null) {
      return refuse(503, "not_built", "The project doesn't compile yet: correct the errors `jadpo dev` printed, and it rebuilds");
    }
    return respond(await answerAction(build, name, body.text, id, state.displayPath, state.actionTimeout));
  }
  if (method !== "GET" && method !== "HEAD") {
    return sendError(res, 404, "not_found", `Nothing answers ${method} ${path}; actions take POST /actions/<name>`, id);
  }
  switch (path) {
    case "/health":
      return sendJson(res, 200, { status: "ok", build: state.current() === null ? "failed" : "ok" });
    case "/_dev":
    case "/_dev/":
      return sendHtml(res, 200, renderCallsPage(await calls(state), { project: state.project, budget: budgetLine(state), failed: state.failed?.() ?? [] }));
    case "/_dev/calls.json":
      return sendJson(res, 200, { calls: (await calls(state)).reverse(), failed_requests: [...(state.failed?.() ?? [])].reverse() });
    default:
      return sendError(res, 404, "not_found", `Nothing answers GET ${path}; the call log is at /_dev`, id);
  }
}

export function createDevServer(state: DevServerState): Server {
  return createServer((req, res) => {
    route(state, req, res).catch((error: unknown) => {
      state.onInternalError(error);
      if (!res.headersSent) sendError(res, 500, "internal_error", "jadpo hit an internal error answering this request", requestId());
      else res.destroy();
    });
  });
}
