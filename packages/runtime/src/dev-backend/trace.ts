// One `jadpo dev` AI call while it goes on: what its call-log line will say (docs/dev-call-log.md).
// A tool prompt's call gathers a line's `steps` as its loop runs them.
import type { PromptInfo } from "@jadpo/compiler";
import type { ToolCallRun } from "../ai/backend.ts";
import type { DevCallOutcome, DevCallSource, DevRetry, DevStep, DevToolCall, DevUsage } from "../dev-log/call.ts";
import type { Rng } from "../seed.ts";
import { toJson } from "../values/json.ts";
import type { JsonValue } from "../values/value.ts";

export interface Trace {
  prompt: PromptInfo;
  values: { [field: string]: JsonValue };
  /** The values' digest, matched against recordings' `asked.values`; null without a recording key. */
  digest: string | null;
  seed: number;
  /** The asking code's call depth: a tool's own AI calls are deeper than the loop that runs it. */
  depth: number;
  started: number;
  /** When it settled, or last moved on (the log line is written when the request ends). */
  ended: number;
  attempts: number;
  source: DevCallSource;
  reason: string | undefined;
  answer: JsonValue | undefined;
  /** A tool prompt's steps that called tools, as the log shows them. */
  steps: DevStep[];
  /** Every retry the driver sent for the call's requests, in order. */
  retries: DevRetry[];
  /** The tokens its requests used so far (`estimated` once one of them was). */
  usage: DevUsage;
  /** The call's generated stream (unscripted tool arguments, then the answer), made on first use. */
  defaults: Rng | null;
  /** How it ended; undefined while it goes on. */
  outcome: DevCallOutcome | undefined;
}

/** One tool call as a log line shows it: the tool, its arguments (as decoded, else as written), what went back. */
function loggedCall(run: ToolCallRun): DevToolCall {
  const args: JsonValue = run.tool !== null && run.args !== null
    ? toJson(run.tool.argsType, run.args)
    : run.call.kind === "text" ? run.call.text : null;
  // What went back is the loop's own canonical JSON: `{"result":…}` or `{"error":…}`.
  const back = JSON.parse(run.result) as { result?: JsonValue; error?: JsonValue };
  const call: DevToolCall = { tool: run.call.tool, arguments: args };
  if (back.result !== undefined) call.result = back.result;
  if (back.error !== undefined) call.error = back.error;
  return call;
}

export function loggedStep(runs: readonly ToolCallRun[]): DevStep {
  return { calls: runs.map(loggedCall) };
}
