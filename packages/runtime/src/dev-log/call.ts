// One line of the development call log (`.jadpo/dev/calls.jsonl`, docs/dev-call-log.md): what a
// `jadpo dev` call asked and where its answer came from. Never a key: the dev backend redacts
// every echo of it before a line is written.
import type { JsonValue } from "../values/value.ts";

/** Where the answer came from: a recording by name, a generated default, or the real model (the sandbox). */
export type DevCallSource = "generated" | "model" | `recording ${string}`;

/**
 * `success`, or `failure <Name>` with the failure the call ended in (`failure AiRefused`), or
 * `stopped`: the action stopped while a tool prompt's call was still calling tools (a tool's
 * runtime fault, or the action's time limit).
 */
export type DevCallOutcome = "success" | "stopped" | `failure ${string}`;

export interface DevCall {
  /** `call_1`, `call_2`, … in the order the calls were logged. */
  id: string;
  /** When the call started, ISO 8601 in UTC (`2026-01-01T09:30:00.000Z`). */
  time: string;
  prompt: string;
  /** The prompt's version when it was called (`answer_question@b44ecc53`). */
  version: string;
  /** The prompt's values record as JSON, as recordings write values (`toJson` of the values type). */
  values: { [field: string]: JsonValue };
  source: DevCallSource;
  /** Why the answer came from `source` when that is not the obvious place (`the sandbox's per_day limit of 50 is reached`). */
  reason?: string;
  /** Asks of the prompt, the correction included. */
  attempts: number;
  duration_ms: number;
  outcome: DevCallOutcome;
  /** A tool prompt's call: each step that called tools, in order (absent for a prompt without tools, or a call that called none). */
  steps?: DevStep[];
  /** What was answered: a recording's answer as recorded (placeholders and all), a generated or decoded value as JSON, or the model's text when it didn't decode. Absent for a failure. */
  answer?: JsonValue;
  /** The action request the call served, when it did not succeed: its HTTP status and failure code. */
  request?: DevCallRequest;
  /** The requests sent again after a transport failure (the connection's `retries:`), in order; absent when none was. */
  retries?: DevRetry[];
  /** The tokens the call used, summed over its requests: the model's reported usage, else the estimate. */
  usage?: DevUsage;
}

/**
 * One retry: what the request before it failed with — its HTTP status, or for a connection that
 * failed, the error (`ECONNREFUSED`) — and how long it waited before it was sent.
 */
export interface DevRetry {
  status?: number;
  error?: string;
  wait_ms: number;
}

/** `2 retries: HTTP 503 waited 1000 ms, ECONNREFUSED waited 2000 ms` — how the terminal and `/_dev` say a call's retries. */
export function retriesText(retries: readonly DevRetry[]): string {
  const each = retries.map((r) => `${r.status !== undefined ? `HTTP ${r.status}` : r.error ?? "a failed connection"} waited ${r.wait_ms} ms`);
  return `${retries.length} ${retries.length === 1 ? "retry" : "retries"}: ${each.join(", ")}`;
}

/** Input and output tokens; `estimated` when some request's usage was not reported by a model, but counted as ⌈code points / 4⌉. */
export interface DevUsage {
  input_tokens: number;
  output_tokens: number;
  estimated?: true;
}

/** One step of a tool prompt's call that called tools. */
export interface DevStep {
  calls: DevToolCall[];
  /** Calls left out of the line once the steps reached LOGGED_STEPS_MAX. */
  more_calls?: number;
}

/**
 * One tool call: the tool as the model named it, its arguments (decoded, as JSON; or the text
 * the model wrote when they didn't decode), and what went back — `result`, or `error` (the
 * tool's failure, or why the call was bad).
 */
export interface DevToolCall {
  tool: string;
  arguments: JsonValue;
  result?: JsonValue;
  error?: JsonValue;
}

/** An action request that did not succeed (`POST /actions/answer_customer` → 503 `assistant_unavailable`). */
export interface DevCallRequest {
  action: string;
  status: number;
  code: string;
}

/** What the caller logs; the log gives it its id. */
export type NewDevCall = Omit<DevCall, "id">;

const ID = /^call_([1-9][0-9]*)$/;

/** The number of `call_7`, or null for anything else. */
export function callNumber(id: string): number | null {
  const m = ID.exec(id);
  if (m === null) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) ? n : null;
}

/** How much of an answer, as JSON text, one line keeps (UTF-16 code units). */
export const LOGGED_ANSWER_MAX = 64 * 1024;

/** How much of a call's steps, as JSON text of their tool names, arguments and results, one line keeps. */
export const LOGGED_STEPS_MAX = 64 * 1024;

/** A tool name longer than this is kept as its start (a model can name anything). */
const LOGGED_TOOL_MAX = 200;

/** `value`, or when its JSON text is longer than `max`, a text of its start saying how long it was. */
function cut(value: JsonValue, max: number, what: string): JsonValue {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (text.length <= max) return value;
  return `${text.slice(0, max)}… (cut: the ${what} is ${text.length} characters)`;
}

function jsonLength(value: JsonValue): number {
  return typeof value === "string" ? value.length : JSON.stringify(value).length;
}

/**
 * The steps as one line keeps them: tool names, arguments and results kept whole while their text
 * fits in LOGGED_STEPS_MAX, the value that doesn't cut to what is left, and the calls after it left
 * out and counted (`more_calls`), so no line grows with what the model or the tools sent.
 */
function capSteps(steps: readonly DevStep[]): DevStep[] {
  let room = LOGGED_STEPS_MAX;
  const take = (value: JsonValue, what: string): JsonValue => {
    const kept = cut(value, Math.max(room, 0), what);
    room -= jsonLength(kept);
    return kept;
  };
  return steps.map((step) => {
    const calls: DevToolCall[] = [];
    let more = step.more_calls ?? 0;
    for (const call of step.calls) {
      if (room <= 0) {
        more++;
        continue;
      }
      const kept: DevToolCall = { tool: cut(call.tool, LOGGED_TOOL_MAX, "name") as string, arguments: take(call.arguments, "arguments") };
      if (call.result !== undefined) kept.result = take(call.result, "result");
      if (call.error !== undefined) kept.error = take(call.error, "error");
      calls.push(kept);
    }
    return more > 0 ? { calls, more_calls: more } : { calls };
  });
}

/**
 * The entry as one line keeps it: an answer longer than LOGGED_ANSWER_MAX as JSON text becomes a
 * text of its start, saying how long it was, and the steps are bounded likewise, so no line grows
 * with the model's answer.
 */
export function capCall<T extends NewDevCall>(entry: T): T {
  const capped = entry.steps === undefined ? entry : { ...entry, steps: capSteps(entry.steps) };
  if (capped.answer === undefined) return capped;
  const answer = cut(capped.answer, LOGGED_ANSWER_MAX, "answer");
  return answer === capped.answer ? capped : { ...capped, answer };
}

/** The line's text, keys in the documented order, without the final newline. */
export function formatCallLine(call: DevCall): string {
  const ordered: Record<string, unknown> = {
    id: call.id,
    time: call.time,
    prompt: call.prompt,
    version: call.version,
    values: call.values,
    source: call.source,
  };
  if (call.reason !== undefined) ordered["reason"] = call.reason;
  ordered["attempts"] = call.attempts;
  ordered["duration_ms"] = call.duration_ms;
  ordered["outcome"] = call.outcome;
  if (call.steps !== undefined) ordered["steps"] = call.steps.map(stepJson);
  if (call.answer !== undefined) ordered["answer"] = call.answer;
  if (call.request !== undefined) ordered["request"] = { action: call.request.action, status: call.request.status, code: call.request.code };
  if (call.retries !== undefined) ordered["retries"] = call.retries.map(retryJson);
  if (call.usage !== undefined) ordered["usage"] = usageJson(call.usage);
  return JSON.stringify(ordered);
}

function retryJson(retry: DevRetry): unknown {
  return {
    ...(retry.status === undefined ? {} : { status: retry.status }),
    ...(retry.error === undefined ? {} : { error: retry.error }),
    wait_ms: retry.wait_ms,
  };
}

function usageJson(usage: DevUsage): unknown {
  return { input_tokens: usage.input_tokens, output_tokens: usage.output_tokens, ...(usage.estimated ? { estimated: true } : {}) };
}

/** `retries` read back; null when they aren't retries. */
function parseRetries(raw: unknown): DevRetry[] | null {
  if (!Array.isArray(raw)) return null;
  const retries: DevRetry[] = [];
  for (const retry of raw) {
    if (!isRecord(retry) || !isCount(retry.wait_ms)) return null;
    if (retry.status !== undefined && !isCount(retry.status)) return null;
    if (retry.error !== undefined && typeof retry.error !== "string") return null;
    retries.push(retryJson(retry as unknown as DevRetry) as DevRetry);
  }
  return retries;
}

/** `usage` read back; null when it isn't usage. */
function parseUsage(raw: unknown): DevUsage | null {
  if (!isRecord(raw) || !isCount(raw.input_tokens) || !isCount(raw.output_tokens)) return null;
  if (raw.estimated !== undefined && raw.estimated !== true) return null;
  return raw.estimated === true
    ? { input_tokens: raw.input_tokens, output_tokens: raw.output_tokens, estimated: true }
    : { input_tokens: raw.input_tokens, output_tokens: raw.output_tokens };
}

/** A step with its keys in the documented order. */
function stepJson(step: DevStep): unknown {
  const calls = step.calls.map((call) => {
    const ordered: Record<string, unknown> = { tool: call.tool, arguments: call.arguments };
    if (call.result !== undefined) ordered["result"] = call.result;
    if (call.error !== undefined) ordered["error"] = call.error;
    return ordered;
  });
  return step.more_calls === undefined ? { calls } : { calls, more_calls: step.more_calls };
}

/** `steps` read back; null when they aren't steps (the call is still read, without them). */
function parseSteps(raw: unknown): DevStep[] | null {
  if (!Array.isArray(raw)) return null;
  const steps: DevStep[] = [];
  for (const step of raw) {
    if (!isRecord(step) || !Array.isArray(step.calls)) return null;
    const calls: DevToolCall[] = [];
    for (const call of step.calls) {
      if (!isRecord(call) || typeof call.tool !== "string" || !Object.hasOwn(call, "arguments")) return null;
      const read: DevToolCall = { tool: call.tool, arguments: call.arguments as JsonValue };
      if (call.result !== undefined) read.result = call.result as JsonValue;
      if (call.error !== undefined) read.error = call.error as JsonValue;
      calls.push(read);
    }
    steps.push(isCount(step.more_calls) ? { calls, more_calls: step.more_calls } : { calls });
  }
  return steps;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

/**
 * One line read back, or null when it isn't a call (a line cut short by a crash, or edited by
 * hand): the log is the tool's own state, so a bad line is skipped, never an error.
 */
export function parseCallLine(line: string): DevCall | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const { id, time, prompt, version, values, source, reason, attempts, duration_ms, outcome, steps, answer, request, retries, usage } = parsed;
  if (typeof id !== "string" || callNumber(id) === null) return null;
  if (typeof time !== "string" || typeof prompt !== "string" || typeof version !== "string") return null;
  if (!isRecord(values)) return null;
  if (typeof source !== "string" || !(source === "generated" || source === "model" || source.startsWith("recording "))) return null;
  if (reason !== undefined && typeof reason !== "string") return null;
  if (!isCount(attempts) || !isCount(duration_ms)) return null;
  if (typeof outcome !== "string" || !(outcome === "success" || outcome === "stopped" || outcome.startsWith("failure "))) return null;
  const call: DevCall = {
    id, time, prompt, version,
    values: values as { [field: string]: JsonValue },
    source: source as DevCallSource,
    attempts, duration_ms,
    outcome: outcome as DevCallOutcome,
  };
  if (reason !== undefined) call.reason = reason;
  const stepsRead = steps === undefined ? null : parseSteps(steps);
  if (stepsRead !== null) call.steps = stepsRead;
  if (answer !== undefined) call.answer = answer as JsonValue;
  if (isRecord(request) && typeof request.action === "string" && isCount(request.status) && typeof request.code === "string") {
    call.request = { action: request.action, status: request.status, code: request.code };
  }
  const retriesRead = retries === undefined ? null : parseRetries(retries);
  if (retriesRead !== null) call.retries = retriesRead;
  const usageRead = usage === undefined ? null : parseUsage(usage);
  if (usageRead !== null) call.usage = usageRead;
  return call;
}
