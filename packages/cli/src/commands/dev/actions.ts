// `POST /actions/<name>` (docs/dev.md): the parameters decoded, the action run with `jadpo dev`'s AI
// backend, and its outcome as HTTP — `200 {"result": …}`, or a failure with its kind's status.
// What the terminal prints about the request comes back with it.
import { randomInt } from "node:crypto";
import { diagnostic, renderErrorPlain } from "@jadpo/compiler";
import { callAction, toJson, type JsonValue, type TestTimeout } from "@jadpo/runtime";
import type { DevCall } from "@jadpo/runtime/dev";
import { redactJson, type KeyEcho } from "@jadpo/runtime/drivers";
import { STATUS_OF_KIND } from "../../http/statuses.ts";
import { errorBody } from "../../http/reply.ts";
import type { DevBuild } from "./build.ts";
import { readParams } from "./params.ts";

export interface ActionAnswer {
  status: number;
  body: unknown;
  /** The calls the request logged. */
  calls: DevCall[];
  /** A diagnostic to print (a runtime fault), or null. */
  problem: string | null;
  /** The request failed in jadpo itself: the error, for an internal-error report. */
  internalError?: unknown;
}

/** An answer that refuses the request before any action runs: no calls, no problem. */
export function refusal(status: number, code: string, message: string, requestId: string): ActionAnswer {
  return { status, body: errorBody(code, message, requestId), calls: [], problem: null };
}

function unknownAction(build: DevBuild, name: string, requestId: string): ActionAnswer {
  const names = [...build.actions.keys()];
  const known = names.length === 0 ? "the project has no actions" : `its actions are ${names.map((n) => `\`${n}\``).join(", ")}`;
  return refusal(404, "unknown_action", `\`${name}\` is not an action of this project; ${known}`, requestId);
}

/**
 * A model can repeat its key into a text the action returns; the answer goes to whoever called,
 * so the key is replaced by `***` there as everywhere else jadpo shows text.
 */
function withoutKey(result: JsonValue, echo: KeyEcho): JsonValue {
  return redactJson(result, echo);
}

/** Runs the action `name` of `build` with the request's body. Never throws. */
export async function answerAction(
  build: DevBuild, name: string, bodyText: string, requestId: string, displayPath: (file: string) => string,
  timeout?: TestTimeout,
): Promise<ActionAnswer> {
  const action = build.actions.get(name);
  if (action === undefined) return unknownAction(build, name, requestId);
  const params = readParams(action, bodyText);
  if (!params.ok) return refusal(400, "invalid_request", params.message, requestId);

  const backend = build.ai.forRequest();
  const outcome = await callAction(build.compiled, action.decl, params.args, {
    backend,
    // `random.int` in a dev request is as random as in production.
    seed: randomInt(0, 2 ** 32 - 1),
    clockStart: Date.now(),
    timeout,
  });
  const answer = answerOf(outcome, action.result, requestId, displayPath, build.ai.echo);
  // The request's calls are logged now, marked with its status and code when it did not succeed.
  await backend.end(answer.status === 200 ? null : { action: name, status: answer.status, code: errorCode(answer.body) });
  return { ...answer, calls: backend.calls };
}

function errorCode(body: unknown): string {
  const error = (body as { error?: { code?: unknown } } | null)?.error;
  return typeof error?.code === "string" ? error.code : "unknown";
}

function answerOf(
  outcome: Awaited<ReturnType<typeof callAction>>, resultType: Parameters<typeof toJson>[0], requestId: string, displayPath: (file: string) => string, echo: KeyEcho,
): ActionAnswer {
  const calls: DevCall[] = [];
  switch (outcome.kind) {
    case "success":
      return { status: 200, body: { result: withoutKey(toJson(resultType, outcome.value), echo) }, calls, problem: null };
    case "failure": {
      const { failure } = outcome;
      return { status: STATUS_OF_KIND[failure.kind], body: errorBody(failure.code, failure.message, requestId), calls, problem: null };
    }
    case "fault": {
      const { fault } = outcome;
      const d = diagnostic("runtime.fault", fault.span, fault.args);
      return {
        status: 500,
        body: errorBody("runtime_fault", echo.redact(fault.problem), requestId),
        calls,
        // A fault can quote a value the model gave: the terminal gets it without the key.
        problem: echo.redact(renderErrorPlain(d, { displayPath })),
      };
    }
    case "internal_error":
      return {
        status: 500,
        body: errorBody("internal_error", "jadpo hit an internal error running this action", requestId),
        calls,
        problem: null,
        internalError: outcome.error,
      };
  }
}
