// The driver's side of a tool prompt, over HTTP against the testing model server: the tools sent
// with their arguments type's JSON Schema, the model's `tool_calls` read, each answered by a
// `role: tool` message with its `tool_call_id` and the loop's canonical JSON, earlier steps kept
// in the conversation — the loop itself running above, as every backend runs it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AiBackend, GenerateCall, GenerateReply } from "../../src/ai/backend.ts";
import { jsonSchemaOf } from "../../src/ai/json-schema.ts";
import { callPrompt } from "../../src/exec/call-action.ts";
import { createOpenAiDriver, type OpenAiDriverOptions } from "../../src/drivers/openai-compatible.ts";
import { stepReply, stepRequest } from "../../src/drivers/step.ts";
import type { AiDriver } from "../../src/drivers/types.ts";
import { startFakeModelServer, type Behaviour, type FakeModelServer } from "../../src/testing/openai-server.ts";
import { toolProject } from "../tools/tool-project.ts";
import { NO_RETRIES } from "./no-retries.ts";

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({ kind: "answer", text: "x" });
});
afterAll(async () => {
  await server.close();
});

function driver(over: Partial<OpenAiDriverOptions> = {}): AiDriver {
  return createOpenAiDriver({ baseUrl: server.url, model: "m", apiKey: null, timeoutMs: 5000, maxAnswerBytes: 1024 * 1024, embeddingDimensions: 4, retries: NO_RETRIES, ...over });
}

/** Every step asked of the model through the driver; a failure the model gave is the call's. */
function modelBackend(d: AiDriver): AiBackend {
  const unused = (): never => {
    throw new Error("not asked");
  };
  return {
    async generate(call: GenerateCall): Promise<GenerateReply> {
      const result = await d.complete(stepRequest(call));
      if (result.ok) return stepReply(result.value);
      if (result.failure === "unreachable" || result.failure === "model_error") throw new Error(result.message);
      return { kind: "failure", failure: result.failure };
    },
    stream: unused,
    embed: unused,
  };
}

const project = toolProject("", "async");
const prompt = project.program.prompts.get("order_question")!;
const asType = prompt.asTypes[0];

/** Runs the prompt's loop against the server scripted with `steps`; the call's outcome and each request the server saw. */
async function loop(steps: Behaviour[]) {
  server.setBehaviour({ kind: "script", steps });
  server.requests.length = 0;
  const outcome = await callPrompt(project.compiled, prompt, asType, { question: "Is ABC-1234 ready?" }, {
    backend: modelBackend(driver()), seed: 1, clockStart: 0,
  });
  return { outcome, requests: server.requests.slice() };
}

const ANSWER = '{"reply":"Ready.","status_known":true}';

describe("a tool prompt through the openai_compatible driver", () => {
  it("sends the tools, answers each call with a tool message by its id, and keeps every earlier step", async () => {
    const { outcome, requests } = await loop([
      { kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "ABC-1234" }, id: "c1" }, { name: "opening_hours", arguments: "{}", id: "c2" }] },
      { kind: "tool_calls", calls: [{ name: "find_order", arguments: '{"code":"ZZZ-0000"}', id: "c3" }] },
      { kind: "answer", text: ANSWER },
    ]);
    expect(outcome).toEqual({ kind: "success", value: { reply: "Ready.", status_known: true } });
    expect(requests).toHaveLength(3);
    const [orderQuery, noInput] = prompt.tools.map((t) => t.argsType);
    expect(requests[0].tools).toEqual([
      { type: "function", function: { name: "find_order", description: "Finds an order by its code, such as ABC-1234.", parameters: jsonSchemaOf(orderQuery) } },
      { type: "function", function: { name: "opening_hours", description: "Today's opening hours.", parameters: jsonSchemaOf(noInput) } },
    ]);
    // The same schema function the answer format uses, with the arguments type's constraints.
    expect(requests[0].tools?.[0]).toMatchObject({ function: { parameters: { type: "object", required: ["code"], properties: { code: { type: "string", pattern: "^(?:[A-Z]{3}-[0-9]{4})$" } } } } });
    expect(requests.every((r) => JSON.stringify(r.tools) === JSON.stringify(requests[0].tools))).toBe(true);
    const firstStep = [
      { role: "assistant", content: null, tool_calls: [
        { id: "c1", type: "function", function: { name: "find_order", arguments: '{"code":"ABC-1234"}' } },
        { id: "c2", type: "function", function: { name: "opening_hours", arguments: "{}" } },
      ] },
      { role: "tool", tool_call_id: "c1", content: '{"result":{"code":"ABC-1234","ready":true}}' },
      { role: "tool", tool_call_id: "c2", content: '{"result":"9 to 5"}' },
    ];
    expect(requests[0].messages.map((m) => (m as { role: string }).role)).toEqual(["system", "user"]);
    expect(requests[1].messages.slice(2)).toEqual(firstStep);
    expect(requests[2].messages.slice(2)).toEqual([
      ...firstStep,
      { role: "assistant", content: null, tool_calls: [{ id: "c3", type: "function", function: { name: "find_order", arguments: '{"code":"ZZZ-0000"}' } }] },
      { role: "tool", tool_call_id: "c3", content: '{"error":{"code":"order_not_found","failure":"OrderNotFound","message":"No such order."}}' },
    ]);
  });

  it("sends a bad call's decode error back, and a correction stays in the conversation before later steps", async () => {
    const { outcome, requests } = await loop([
      { kind: "answer", text: "Sure, it's ready!" },
      { kind: "tool_calls", calls: [{ name: "find_order", arguments: '{"code": 5}', id: "bad" }, { name: "find_orders", arguments: "{}", id: "none" }] },
      { kind: "answer", text: ANSWER },
    ]);
    expect(outcome.kind).toBe("success");
    const roles = (i: number) => requests[i].messages.map((m) => (m as { role: string }).role);
    expect(roles(1)).toEqual(["system", "user", "assistant", "user"]);
    expect(requests[1].messages[2]).toEqual({ role: "assistant", content: "Sure, it's ready!" });
    expect(roles(2)).toEqual(["system", "user", "assistant", "user", "assistant", "tool", "tool"]);
    expect(requests[2].messages.slice(5)).toEqual([
      { role: "tool", tool_call_id: "bad", content: '{"error":{"decode":"`type` on `code`: expected OrderCode, got Int"}}' },
      { role: "tool", tool_call_id: "none", content: '{"error":{"decode":"unknown tool `find_orders`"}}' },
    ]);
  });

  it("gives a call without an id one unique in its step, and reads arguments sent as an object", async () => {
    server.setBehaviour({ kind: "json", body: { choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: [
      { type: "function", function: { name: "find_order", arguments: { code: "ABC-1234" } } },
      { type: "function", function: { name: "opening_hours" } },
    ] } }] } });
    const result = await driver().complete({ system: "", user: "q", answerFormat: null, tools: [{ name: "find_order", description: "d", parameters: {} }] });
    expect(result).toEqual({ ok: true, value: { kind: "tool_calls", calls: [
      { id: "call_1", tool: "find_order", arguments: '{"code":"ABC-1234"}' },
      { id: "call_2", tool: "opening_hours", arguments: "" },
    ] } });
  });

  const failures: Array<[string, unknown, string, string]> = [
    ["tool calls when the prompt gives none", [{ id: "c", type: "function", function: { name: "t", arguments: "{}" } }], "model_error", "the model called a tool, but the prompt gives it none"],
  ];
  const withTools: Array<[string, unknown, string, string]> = [
    ["`tool_calls` that isn't a list", { id: "c" }, "model_error", "the model's `tool_calls` is not a list"],
    ["a call without `function`", [{ id: "c", type: "function" }], "model_error", "the model's tool call 1 has no `function`"],
    ["a call of another type", [{ id: "c", type: "custom", function: { name: "t" } }], "model_error", 'the model\'s tool call 1 is of type "custom", not "function"'],
    ["a call naming no tool", [{ id: "c", type: "function", function: { arguments: "{}" } }], "model_error", "the model's tool call 1 names no tool"],
    ["calls longer than max_answer", [{ id: "c", type: "function", function: { name: "t", arguments: `"${"x".repeat(2000)}"` } }], "too_long", "the model's tool calls are longer than max_answer (1000 bytes)"],
  ];
  for (const [what, calls, word, message] of [...failures, ...withTools]) {
    it(`${what} → ${word}`, async () => {
      server.setBehaviour({ kind: "json", body: { choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: calls } }] } });
      const tools = failures.some(([w]) => w === what) ? {} : { tools: [{ name: "t", description: "d", parameters: {} }] };
      expect(await driver({ maxAnswerBytes: 1000 }).complete({ system: "", user: "q", answerFormat: null, ...tools })).toEqual({ ok: false, failure: word, message });
    });
  }

  it("sends no `tools` key for a prompt without tools", async () => {
    server.setBehaviour({ kind: "answer", text: "ok" });
    await driver().complete({ system: "", user: "q", answerFormat: null });
    expect(server.requests[server.requests.length - 1].tools).toBeNull();
    expect(Object.keys(server.requests[server.requests.length - 1].body as object)).toEqual(["model", "messages"]);
  });
});
