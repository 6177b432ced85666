// One line of the development call log (`.jadpo/dev/calls.jsonl`, docs/dev-call-log.md): what a
// `jadpo dev` call asked and where its answer came from. Never a key: the dev backend redacts
// every echo of it before a line is written.
import type { JsonValue } from "../values/value.ts";

/** Where the answer came from: a recording by name, a generated default, or the real model (the sandbox). */
export type DevCallSource = "generated" | "model" | `recording ${string}`;

/** `success`, or `failure <Name>` with the failure the call ended in (`failure AiRefused`). */
export type DevCallOutcome = "success" | `failure ${string}`;

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
  /** What was answered: a recording's answer as recorded (placeholders and all), a generated or decoded value as JSON, or the model's text when it didn't decode. Absent for a failure. */
  answer?: JsonValue;
  /** The action request the call served, when it did not succeed: its HTTP status and failure code. */
  request?: DevCallRequest;
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

/**
 * The entry as one line keeps it: an answer longer than LOGGED_ANSWER_MAX as JSON text becomes a
 * text of its start, saying how long it was, so no line grows with the model's answer.
 */
export function capCall<T extends NewDevCall>(entry: T): T {
  if (entry.answer === undefined) return entry;
  const text = typeof entry.answer === "string" ? entry.answer : JSON.stringify(entry.answer);
  if (text.length <= LOGGED_ANSWER_MAX) return entry;
  return { ...entry, answer: `${text.slice(0, LOGGED_ANSWER_MAX)}… (cut: the answer is ${text.length} characters)` };
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
  if (call.answer !== undefined) ordered["answer"] = call.answer;
  if (call.request !== undefined) ordered["request"] = { action: call.request.action, status: call.request.status, code: call.request.code };
  return JSON.stringify(ordered);
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
  const { id, time, prompt, version, values, source, reason, attempts, duration_ms, outcome, answer, request } = parsed;
  if (typeof id !== "string" || callNumber(id) === null) return null;
  if (typeof time !== "string" || typeof prompt !== "string" || typeof version !== "string") return null;
  if (!isRecord(values)) return null;
  if (typeof source !== "string" || !(source === "generated" || source === "model" || source.startsWith("recording "))) return null;
  if (reason !== undefined && typeof reason !== "string") return null;
  if (!isCount(attempts) || !isCount(duration_ms)) return null;
  if (typeof outcome !== "string" || !(outcome === "success" || outcome.startsWith("failure "))) return null;
  const call: DevCall = {
    id, time, prompt, version,
    values: values as { [field: string]: JsonValue },
    source: source as DevCallSource,
    attempts, duration_ms,
    outcome: outcome as DevCallOutcome,
  };
  if (reason !== undefined) call.reason = reason;
  if (answer !== undefined) call.answer = answer as JsonValue;
  if (isRecord(request) && typeof request.action === "string" && isCount(request.status) && typeof request.code === "string") {
    call.request = { action: request.action, status: request.status, code: request.code };
  }
  return call;
}
