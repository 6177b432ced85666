// A tool prompt's recording keeps its tool-calling steps (docs/testing.md, "Recordings of tool
// prompts"): `"steps":[{"calls":[{"arguments":{…},"tool":"find_order"}]}]`, in order, before the
// answer. Only calls whose arguments decoded are kept, with placeholders as in answers; a step left
// with no call is left out. Read back, each call's tool must be one of the prompt's and its
// arguments, filled, must decode as that tool's arguments type — checked like an answer, with the
// problem's path naming where in the file it is (`steps[0].calls[1].arguments.code`).
import type { PromptInfo, ToolInfo } from "@jadpo/compiler";
import type { ToolCallRun } from "../ai/backend.ts";
import { decodeValue, errorUnder, type DecodeError } from "../ai/decode.ts";
import type { Rng } from "../seed.ts";
import type { JsonValue, Value } from "../values/value.ts";
import { applyPlaceholders, fillPlaceholders, type PlaceholderField } from "./placeholders.ts";
import { THE_ANSWER } from "@jadpo/compiler";

/** One recorded call, as the file holds it (placeholders and all). */
export interface RecordedCall {
  tool: string;
  arguments: JsonValue;
}

/** One recorded step: the calls it made, in order (at least one). */
export type RecordedStep = RecordedCall[];

export type StepsRead = { ok: true; steps: RecordedStep[] } | { ok: false; problem: string };

const isObject = (v: JsonValue | undefined): v is { [key: string]: JsonValue } => typeof v === "object" && v !== null && !Array.isArray(v);

/** `steps` read strictly: the steps, or the phrase saying what is wrong with them. */
export function readSteps(json: JsonValue): StepsRead {
  if (!Array.isArray(json)) return { ok: false, problem: "its `steps` is not a list" };
  const steps: RecordedStep[] = [];
  for (const [i, step] of json.entries()) {
    const at = `\`steps[${i}]\``;
    if (!isObject(step) || Object.keys(step).some((k) => k !== "calls")) return { ok: false, problem: `its ${at} is not an object with only \`calls\`` };
    const calls = step["calls"];
    if (!Array.isArray(calls) || calls.length === 0) return { ok: false, problem: `its ${at} has no \`calls\` list with a call in it` };
    const read: RecordedCall[] = [];
    for (const [j, call] of calls.entries()) {
      const where = `\`steps[${i}].calls[${j}]\``;
      if (!isObject(call) || !Object.hasOwn(call, "arguments") || Object.keys(call).some((k) => k !== "arguments" && k !== "tool")) {
        return { ok: false, problem: `its ${where} is not an object with \`arguments\` and \`tool\`` };
      }
      const tool = call["tool"];
      if (typeof tool !== "string" || tool === "") return { ok: false, problem: `its ${where} names no \`tool\`` };
      read.push({ tool, arguments: call["arguments"] as JsonValue });
    }
    steps.push(read);
  }
  return { ok: true, steps };
}

/** One decoded call: the tool and its arguments, valid for it. */
export interface DecodedCall {
  tool: ToolInfo;
  args: Value;
}

export type StepsDecoded = { ok: true; steps: DecodedCall[][] } | { ok: false; error: DecodeError };

/**
 * Every step's calls decoded for `prompt`: each `tool` one of its tools, each call's arguments
 * filled from `rng` (in order, before the answer's) and decoded as the tool's arguments type.
 */
export function decodeSteps(prompt: PromptInfo, steps: readonly RecordedStep[], rng: Rng): StepsDecoded {
  const decoded: DecodedCall[][] = [];
  for (const [i, step] of steps.entries()) {
    const calls: DecodedCall[] = [];
    for (const [j, call] of step.entries()) {
      const at = `steps[${i}].calls[${j}]`;
      const tool = prompt.tools.find((t) => t.name === call.tool);
      if (tool === undefined) {
        const names = prompt.tools.map((t) => t.name).join(", ");
        return { ok: false, error: { rule: "member", path: `${at}.tool`, expected: names === "" ? "no tool: the prompt has none" : `one of the prompt's tools (${names})`, found: JSON.stringify(call.tool) } };
      }
      const filled = fillPlaceholders(tool.argsType, call.arguments, rng);
      if (!filled.ok) return { ok: false, error: errorUnder(`${at}.arguments`, filled.error) };
      const value = decodeValue(tool.argsType, filled.json);
      if (!value.ok) return { ok: false, error: errorUnder(`${at}.arguments`, value.error) };
      calls.push({ tool, args: value.value });
    }
    decoded.push(calls);
  }
  return { ok: true, steps: decoded };
}

/** The steps as the file writes them: `[{"calls":[{"arguments":{…},"tool":"find_order"}]}]`. */
export function stepsFileJson(steps: readonly RecordedStep[]): JsonValue[] {
  return steps.map((calls) => ({ calls: calls.map((c) => ({ arguments: c.arguments, tool: c.tool })) }));
}

/** The steps a loop ran, as a recording keeps them: decoded calls only, placeholders in, empty steps left out. */
export function recordSteps(ran: readonly (readonly ToolCallRun[])[]): { steps: RecordedStep[]; count: number; fields: PlaceholderField[] } {
  let count = 0;
  const fields: PlaceholderField[] = [];
  const steps: RecordedStep[] = [];
  for (const runs of ran) {
    const calls: RecordedCall[] = [];
    for (const run of runs) {
      if (run.tool === null || run.args === null) continue;
      const placed = applyPlaceholders(run.tool.argsType, run.args);
      count += placed.count;
      for (const f of placed.fields) {
        const path = f.path === THE_ANSWER ? run.tool.name : `${run.tool.name}.${f.path}`;
        if (!fields.some((seen) => seen.path === path)) fields.push({ path, placeholder: f.placeholder });
      }
      calls.push({ tool: run.tool.name, arguments: placed.json });
    }
    if (calls.length > 0) steps.push(calls);
  }
  return { steps, count, fields };
}
