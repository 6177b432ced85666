// `ai.generate` of a prompt with tools (docs/ai.md): the loop above the backend. The backend answers
// one step; here each tool call's arguments are decoded as the tool's arguments type (the answer's
// decoding, every constraint), the tool runs as an ordinary call in the caller's context (so its
// own AI calls are answered like any other), and what it gave back — as canonical JSON — goes with
// the next step. A final answer decodes as `T` with at most one correction; running out of steps
// is AiLoopLimit. Each tool call's outcome and the call's own are counted here (`--coverage`); the
// call's own is told to the backend too.
// Written once as a generator that yields what must happen outside it (ask the model, run a
// tool), so the synchronous fake and an awaiting backend share every rule.
import { THE_ANSWER, type FailureInfo, type PromptInfo, type Span, type ToolInfo, type Type } from "@jadpo/compiler";
import type { Correction, GenerateCall, GenerateReply, LoopTurn, ToolCallReply, ToolCallRun } from "../ai/backend.ts";
import { decodeAnswer, formatDecodeErrorDetail, type DecodeError } from "../ai/decode.ts";
import { BAD_CALL, calledOutcome, failedOutcome, LOOP_LIMIT } from "../ai/outcomes.ts";
import { canonicalJson, toJson } from "../values/json.ts";
import type { JsonValue, Value } from "../values/value.ts";
import { FailureSignal, InternalFault } from "../signals.ts";
import type { Invoke } from "./closure.ts";
import type { Callable, ProgramState } from "./compile-state.ts";
import { countRetried, endGenerate, type RunContext, type SentAttempt } from "./context.ts";

/** How a decode error names a tool call's whole arguments. */
export const THE_ARGUMENTS = "the arguments";

/** What the loop needs done outside it. */
type Need =
  | { kind: "ask"; reply: () => GenerateReply | Promise<GenerateReply> }
  | { kind: "tool"; tool: ToolInfo; args: Value };

/** A tool's outcome, as the loop is told it. */
type ToolOutcome = { ok: true; value: Value } | { ok: false; failure: FailureInfo };

type Loop = Generator<Need, Value, unknown>;

/** A call's arguments, decoded as `type`; errors name the top level `the arguments`. */
export function decodeArguments(type: Type, text: string): { ok: true; value: Value } | { ok: false; error: DecodeError } {
  const decoded = decodeAnswer(type, text);
  if (decoded.ok) return decoded;
  const error = decoded.error;
  return { ok: false, error: error.path === THE_ANSWER ? { ...error, path: THE_ARGUMENTS } : error };
}

/** What goes back to the model for one call: always wrapped, so a result's own `error` field is never taken for a failure. */
function resultText(json: { [key: string]: JsonValue }): string {
  return canonicalJson(json);
}

function decodeProblem(text: string): string {
  return resultText({ error: { decode: text } });
}

function* runCall(prompt: PromptInfo, index: number, span: Span, call: ToolCallReply, c: RunContext): Generator<Need, ToolCallRun, unknown> {
  const toolIndex = prompt.tools.findIndex((t) => t.name === call.tool);
  if (toolIndex < 0) {
    c.ai.count?.(span, BAD_CALL);
    return { call, tool: null, args: null, result: decodeProblem(`unknown tool \`${call.tool}\``), ok: false };
  }
  const tool = prompt.tools[toolIndex];
  let args: Value;
  if (call.kind === "value") args = call.value;
  else {
    const decoded = decodeArguments(tool.argsType, call.text);
    if (!decoded.ok) {
      c.ai.count?.(span, BAD_CALL);
      return { call, tool, args: null, result: decodeProblem(formatDecodeErrorDetail(decoded.error)), ok: false };
    }
    args = decoded.value;
  }
  ((c.ai.called[index] ??= prompt.tools.map(() => []))[toolIndex]).push(args);
  c.ai.count?.(span, calledOutcome(tool.name));
  const outcome = (yield { kind: "tool", tool, args }) as ToolOutcome;
  if (outcome.ok) return { call, tool, args, result: resultText({ result: toJson(tool.result, outcome.value) }), ok: true };
  c.ai.count?.(span, failedOutcome(tool.name));
  const f = outcome.failure;
  return { call, tool, args, result: resultText({ error: { code: f.code, failure: f.name, message: f.message } }), ok: false };
}

function* toolLoop(p: ProgramState, prompt: PromptInfo, asType: Type, span: Span, values: Value, c: RunContext): Loop {
  const index = p.promptIndex.get(prompt) ?? -1;
  const { unreadable, loop_limit: loopLimit } = p.program.aiFailures;
  const backend = c.ai.backend;
  (c.ai.requests[index] ??= []).push(values);
  const depth = c.depth;
  let correction: Correction | undefined;
  let corrected = false;
  /** The call's turns so far: what a real model is sent again at each later step. */
  const earlier: LoopTurn[] = [];
  /** A recording's replies for the steps after this one. */
  let replayed: GenerateReply[] = [];
  /** What the last step's tool calls gave back, sent with this step; none after a step that called none. */
  let toolResults: string[] = [];
  const steps: SentAttempt[] = [];
  let retried = false;
  for (let step = 1; ; step++) {
    // A next step is needed: past the limit, the call ends here (a pending correction is not asked for).
    if (step > prompt.maxSteps) {
      endGenerate(c, span, prompt, asType, depth, LOOP_LIMIT);
      throw new FailureSignal(loopLimit);
    }
    const sent: SentAttempt = { values, asType };
    if (correction) sent.correction = correction;
    if (toolResults.length > 0) sent.toolResults = toolResults;
    sent.steps = steps;
    steps.push(sent);
    (c.ai.sent[index] ??= []).push(sent);
    const call: GenerateCall = {
      prompt, values, asType, attempt: step, depth, span,
      ...(correction ? { correction } : {}),
      ...(earlier.length > 0 ? { earlier: earlier.slice() } : {}),
    };
    const next = replayed.shift();
    let reply = arrive(c, next ?? ((yield { kind: "ask", reply: () => backend.generate(call) }) as GenerateReply));
    if (reply.kind === "replay") {
      if (next !== undefined) throw new InternalFault("a recording's step replays another recording");
      // The retries it took to reach the recording were this step's.
      const retries = reply.retries;
      [reply, ...replayed] = reply.steps;
      if (reply === undefined || reply.kind === "replay") throw new InternalFault("a recording replays no step");
      if (retries) reply = { ...reply, retries };
    }
    sent.reply = reply;
    retried = countRetried(c, span, reply, retried);
    if (correction) earlier.push({ kind: "correction", correction });
    correction = undefined;
    toolResults = [];
    switch (reply.kind) {
      case "calls": {
        const runs: ToolCallRun[] = [];
        for (const one of reply.calls) runs.push(yield* runCall(prompt, index, span, one, c));
        earlier.push({ kind: "tools", calls: runs });
        toolResults = runs.map((run) => run.result);
        backend.toolsRan?.(call, runs);
        continue;
      }
      case "failure":
        endGenerate(c, span, prompt, asType, depth, reply.failure);
        throw new FailureSignal(p.program.aiFailures[reply.failure]);
      case "value":
        endGenerate(c, span, prompt, asType, depth, corrected ? "corrected" : "success", reply.value);
        return reply.value;
      case "undecodable":
      case "text": {
        const decoded = reply.kind === "text" ? decodeAnswer(asType, reply.text) : { ok: false as const, error: reply.error };
        if (decoded.ok) {
          endGenerate(c, span, prompt, asType, depth, corrected ? "corrected" : "success", decoded.value);
          return decoded.value;
        }
        if (corrected) {
          endGenerate(c, span, prompt, asType, depth, "unreadable");
          throw new FailureSignal(unreadable);
        }
        corrected = true;
        correction = { answer: reply.text, error: decoded.error };
        continue;
      }
      default:
        return reply satisfies never;
    }
  }
}

function arrive(c: RunContext, reply: GenerateReply): GenerateReply {
  if (reply.afterMs !== undefined && reply.afterMs > 0) c.clock += reply.afterMs;
  return reply;
}

/** The tool's outcome: its value, or one of its failures (sent back, never escaping the call). */
function toolOutcome(err: unknown): ToolOutcome {
  if (err instanceof FailureSignal) return { ok: false, failure: err.failure };
  throw err; // a runtime fault inside a tool is a fault of the whole call
}

/** Runs one tool as an ordinary call; waits only if the tool does. */
function runTool(tool: Callable, args: Value, c: RunContext): ToolOutcome | Promise<ToolOutcome> {
  let result: Value | Promise<Value>;
  try {
    result = tool.call([args], c);
  } catch (err) {
    return toolOutcome(err);
  }
  if (result instanceof Promise) return result.then((value): ToolOutcome => ({ ok: true, value }), toolOutcome);
  return { ok: true, value: result };
}

/** `ai.generate(values, as: T)` of a prompt with tools. */
export function toolGenerateInvoke(p: ProgramState, prompt: PromptInfo, asType: Type, span: Span): Invoke {
  const callableOf = (tool: ToolInfo) => {
    const target = tool.decl.kind === "action" ? p.actions.get(tool.decl) : p.functions.get(tool.decl);
    if (!target) throw new InternalFault(`the tool \`${tool.name}\` was not compiled`);
    return target;
  };
  /** What the loop is told next: the step's reply, or the tool's outcome. */
  const answer = (need: Need, c: RunContext) => (need.kind === "ask" ? need.reply() : runTool(callableOf(need.tool), need.args, c));
  if (p.aiMode === "sync") {
    return {
      async: false,
      call([values], c) {
        const loop = toolLoop(p, prompt, asType, span, values, c);
        let input: unknown;
        for (;;) {
          const next = loop.next(input);
          if (next.done) return next.value;
          input = answer(next.value, c);
          if (input instanceof Promise) throw new InternalFault("the AI backend answered `ai.generate` asynchronously where the program was compiled for a synchronous one");
        }
      },
    };
  }
  return {
    async: true,
    async call([values], c) {
      const loop = toolLoop(p, prompt, asType, span, values, c);
      let input: unknown;
      for (;;) {
        const next = loop.next(input);
        if (next.done) return next.value;
        input = await answer(next.value, c);
      }
    },
  };
}

/** `ai.<prompt>.steps`: a tool prompt's model turns so far, corrections included. */
export function stepsOf(p: ProgramState, prompt: PromptInfo): (c: RunContext) => Value {
  const index = p.promptIndex.get(prompt) ?? -1;
  return (c) => c.ai.sent[index]?.length ?? 0;
}

/** `ai.<prompt>.called.<tool>`: a snapshot of the decoded arguments of each call of the tool. */
export function calledOf(p: ProgramState, prompt: PromptInfo, tool: ToolInfo): (c: RunContext) => Value {
  const index = p.promptIndex.get(prompt) ?? -1;
  const toolIndex = prompt.tools.indexOf(tool);
  return (c) => c.ai.called[index]?.[toolIndex]?.slice() ?? [];
}
