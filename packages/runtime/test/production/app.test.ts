// A built app's createApp, against the testing model server: the example app's action succeeds,
// fails as a value, rejects a bad input with JadpoInputError and a provider error with JadpoFault;
// settings missing from `env` stop createApp; a key the model echoes never reaches a result;
// close() waits for the calls running. Each runs the program a build ships, written and read back.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { diagnostic, renderErrorPlain, type CheckedProgram } from "@jadpo/compiler";
import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { createApp, JadpoFault, JadpoInputError, PRODUCTION_APP, type JadpoApp } from "../../src/production/index.ts";
import { decodeProgram, encodeProgram } from "../../src/production/program-codec.ts";
import { programForBuild } from "../../src/production/prune.ts";
import { APP, filesUnder, projectOf, type ProjectFiles } from "../../src/testing/project.ts";
import { SHOP_ASK, SHOP_BROKEN, SHOP_ORDERS } from "../../src/testing/shop.ts";
import { callWords, type AiCallRecord } from "../../src/production/backend.ts";
import { startFakeModelServer, type FakeModelServer } from "../../src/testing/openai-server.ts";

const example = fileURLToPath(new URL("../../../../examples/support", import.meta.url));

/** The program a build of `files` ships, as app.mjs reads it back. */
function shipped(files: ProjectFiles): CheckedProgram {
  const { program, replaced } = programForBuild(projectOf(files).program);
  return decodeProgram(encodeProgram(program, replaced)) as CheckedProgram;
}

const program = shipped(filesUnder(example));
const ANSWER = JSON.stringify({ resolved_by_articles: true, reply: "The seeded rye has sesame." });

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({ kind: "answer", text: ANSWER });
});
afterAll(() => server.close());

async function withApp<T>(env: Record<string, string>, use: (app: JadpoApp) => Promise<T>): Promise<T> {
  const app = createApp(program, { env: { JADPO_AI_BASE_URL: server.url, ...env } });
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

/**
 * Runs `action` and stops it once the model has seen `requests` requests (the last one then in
 * flight), with the AI calls reported by the time the outcome came back.
 */
async function stoppedAt(program: CheckedProgram, action: string, input: unknown, requests: number): Promise<AiCallRecord[]> {
  const before = server.requests.length;
  const production = createApp(program, { env: { MODEL_URL: server.url } })[PRODUCTION_APP];
  const prepared = production.prepare(action, input);
  if (!prepared.ok) throw new Error(prepared.problem.message);
  const calls: AiCallRecord[] = [];
  const stop = new AbortController();
  const running = production.run(prepared.call, { stop: stop.signal, onAiCall: (c) => calls.push(c) });
  await vi.waitFor(() => expect(server.requests.length - before).toBe(requests), { timeout: 30_000 });
  stop.abort();
  await expect(running).resolves.toEqual({ kind: "stopped" });
  const reported = [...calls];
  await production.close();
  // Counted once, when stopped: nothing more once the action ended.
  expect(calls).toEqual(reported);
  return reported;
}

describe("createApp of the example", () => {
  it("answers with the action's value, sending the model the rendered prompt", async () => {
    server.setBehaviour({ kind: "answer", text: ANSWER });
    const before = server.requests.length;
    const result = await withApp({}, (app) => app.actions.answer_customer({ question: "Does the rye contain sesame?" }));
    expect(result).toEqual({ ok: true, value: { resolved_by_articles: true, reply: "The seeded rye has sesame." } });
    const sent = server.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0].body)).toContain("Question: Does the rye contain sesame?");
    expect(sent[0].headers.authorization).toBeUndefined();
  });

  it("gives an action's failure as a value", async () => {
    server.setBehaviour({ kind: "refuse" });
    const result = await withApp({}, (app) => app.actions.answer_customer({ question: "Sesame?" }));
    expect(result).toEqual({
      ok: false,
      failure: { name: "AssistantUnavailable", code: "assistant_unavailable", kind: "Unavailable", message: "The assistant can't answer right now." },
    });
  });

  it("rejects an input that doesn't decode with JadpoInputError, its rule and path those of the decode error", async () => {
    await withApp({}, async (app) => {
      const tooShort = await app.actions.answer_customer({ question: "" }).catch((e: unknown) => e);
      expect(tooShort).toBeInstanceOf(JadpoInputError);
      expect(tooShort).toMatchObject({ name: "JadpoInputError", rule: "min_length", path: "question" });
      expect((tooShort as Error).message).toBe("`min_length` on `question`: expected at least 1 character, got 0 characters");
      await expect(app.actions.answer_customer({ question: "x", tone: 1 })).rejects.toMatchObject({ rule: "unknown", path: "tone" });
      await expect(app.actions.answer_customer({})).rejects.toMatchObject({ rule: "missing", path: "question" });
      await expect(app.actions.answer_customer([] as never)).rejects.toMatchObject({ rule: "type", path: "the input" });
    });
  });

  it("rejects with JadpoFault, naming the call's location, when the model answers with an error no AI failure covers", async () => {
    server.setBehaviour({ kind: "error", status: 401, body: { error: { message: "Incorrect API key provided: sk-abcdefghijkl", type: "invalid_request_error", code: "invalid_api_key" } } });
    const error = await withApp({ JADPO_AI_KEY: "sk-abcdefghijkl" }, (app) => app.actions.answer_customer({ question: "Sesame?" }).catch((e: unknown) => e));
    expect(error).toBeInstanceOf(JadpoFault);
    expect((error as Error).name).toBe("JadpoFault");
    expect((error as Error).message).toMatch(/^Asking the model failed: the model answered with HTTP 401: Incorrect API key provided: \*\*\* \(domains\/support\/actions\/answer_customer\.jadpo:10:18\)$/);
  });

  it("words the fault of a model's error as the catalogue does", () => {
    const span = { file: "domains/a/a.jadpo", line: 3, column: 12, start: 0, end: 0 };
    expect(renderErrorPlain(diagnostic("runtime.fault", span, { variant: "model_error", error: "the model answered with HTTP 404" }))).toBe([
      "error: Asking the model failed: the model answered with HTTP 404 --> domains/a/a.jadpo:3:12",
      "  reason: A runtime fault stops the program where a value breaks a rule that only running can check.",
      "  next: Check the connection's model, base_url and key in the environment the app runs with (agent)",
      "  rule: runtime.fault",
    ].join("\n"));
  });

  it("redacts a key the model echoes from the result", async () => {
    const key = "sk-live-0123456789abcdef";
    server.setBehaviour({ kind: "answer", text: JSON.stringify({ resolved_by_articles: false, reply: `My key is ${key}.` }) });
    const result = await withApp({ JADPO_AI_KEY: key }, (app) => app.actions.answer_customer({ question: "Your key?" }));
    expect(result).toEqual({ ok: true, value: { resolved_by_articles: false, reply: "My key is ***." } });
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${key}`);
  });

  it("waits in close() for the calls running, then refuses new ones", async () => {
    server.setBehaviour({ kind: "slow", delayMs: 300, then: { kind: "answer", text: ANSWER } });
    const app = createApp(program, { env: { JADPO_AI_BASE_URL: server.url } });
    const running = app.actions.answer_customer({ question: "Slow?" });
    let answered = false;
    void running.then(() => (answered = true));
    await app.close();
    expect(answered).toBe(true);
    await expect(running).resolves.toMatchObject({ ok: true });
    await expect(app.actions.answer_customer({ question: "After?" })).rejects.toThrow(JadpoFault);
  });
});

describe("a prompt with tools, in production", () => {
  const shop = shipped({
    "app.jadpo": `${APP}connection model {\n    capability: ai\n    driver: openai_compatible\n    base_url: env("MODEL_URL")\n    model: "m"\n}\n`,
    "domains/shop/shop.jadpo": `${SHOP_ORDERS}
prompt order_question(question: Text) {
    text: "Question: {question}"
    tools: {
        find_order: "Finds an order by its code, such as ABC-1234."
    }
    max_steps: 2
}
${SHOP_ASK}${SHOP_BROKEN}`,
  });

  /** Runs the shop's `action` to its end: its outcome, and the AI calls it reported. */
  async function ranShop(action: string, input: unknown): Promise<{ outcome: unknown; calls: AiCallRecord[] }> {
    const calls: AiCallRecord[] = [];
    const app = createApp(shop, { env: { MODEL_URL: server.url } })[PRODUCTION_APP];
    const prepared = app.prepare(action, input);
    if (!prepared.ok) throw new Error(prepared.problem.message);
    const outcome = await app.run(prepared.call, { onAiCall: (c) => calls.push(c) });
    await app.close();
    return { outcome, calls };
  }

  it("runs the real loop through the driver: the model's tool call runs the action, its result goes back, and the answer decodes", async () => {
    server.setBehaviour({ kind: "script", steps: [
      { kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "ABC-1234" } }] },
      { kind: "answer", text: JSON.stringify({ reply: "Ready.", status_known: true }) },
    ] });
    const before = server.requests.length;
    const calls: AiCallRecord[] = [];
    const app = createApp(shop, { env: { MODEL_URL: server.url } })[PRODUCTION_APP];
    const prepared = app.prepare("ask", { question: "Is ABC-1234 ready?" });
    if (!prepared.ok) throw new Error(prepared.problem.message);
    await expect(app.run(prepared.call, { onAiCall: (c) => calls.push(c) })).resolves.toEqual({ kind: "success", value: { reply: "Ready.", status_known: true } });
    await app.close();
    const [first, second] = server.requests.slice(before);
    expect(first.tools).toHaveLength(1);
    expect(JSON.stringify(second.messages)).toContain(JSON.stringify('{"result":{"code":"ABC-1234","ready":true}}'));
    expect(calls.map((c) => [c.prompt, ...callWords(c)])).toEqual([["order_question", "success", "called find_order"]]);
  });

  it("counts what the call did with its tools: a tool that failed, and a call of no tool of the prompt", async () => {
    server.setBehaviour({ kind: "script", steps: [
      { kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "ZZZ-0000" } }, { name: "cancel_order", arguments: { code: "ABC-1234" } }] },
      { kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "ABC-1234" } }] },
    ] });
    const calls: AiCallRecord[] = [];
    const app = createApp(shop, { env: { MODEL_URL: server.url } })[PRODUCTION_APP];
    const prepared = app.prepare("ask", { question: "Cancel ZZZ-0000?" });
    if (!prepared.ok) throw new Error(prepared.problem.message);
    await app.run(prepared.call, { onAiCall: (c) => calls.push(c) });
    await app.close();
    // Each word once per call, in the order coverage lists them: the ending, then per tool, then `bad call`.
    expect(calls.map(callWords)).toEqual([["loop_limit", "called find_order", "find_order failed", "bad call"]]);
    expect(JSON.stringify(calls)).not.toContain("ZZZ-0000");
  });

  it("fails with AiLoopLimit when the model calls tools at every step, and reports the call's outcome as loop_limit", async () => {
    server.setBehaviour({ kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "ABC-1234" } }] });
    const calls: AiCallRecord[] = [];
    const app = createApp(shop, { env: { MODEL_URL: server.url } })[PRODUCTION_APP];
    const prepared = app.prepare("ask", { question: "Is ABC-1234 ready?" });
    if (!prepared.ok) throw new Error(prepared.problem.message);
    await expect(app.run(prepared.call, { onAiCall: (c) => calls.push(c) })).resolves.toMatchObject({ kind: "failure", failure: { name: "Unanswered" } });
    await app.close();
    expect(calls.map((c) => [c.prompt, ...callWords(c)])).toEqual([["order_question", "loop_limit", "called find_order"]]);
  });

  it("reports loop_limit when the last step's answer doesn't decode: its correction would be a step past max_steps", async () => {
    server.setBehaviour({ kind: "script", steps: [
      { kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "ABC-1234" } }] },
      { kind: "answer", text: "Ready, I think." },
    ] });
    const { outcome, calls } = await ranShop("ask", { question: "Is ABC-1234 ready?" });
    expect(outcome).toMatchObject({ kind: "failure", failure: { name: "Unanswered" } });
    expect(calls.map((c) => [c.prompt, ...callWords(c)])).toEqual([["order_question", "loop_limit", "called find_order"]]);
  });

  it("reports no outcome for a call whose tool stopped the action with a fault: the fault ended it, not the loop", async () => {
    server.setBehaviour({ kind: "tool_calls", calls: [{ name: "broken", arguments: { code: "ABC-1234" } }] });
    const { outcome, calls } = await ranShop("ask_broken", { question: "?" });
    expect(outcome).toMatchObject({ kind: "fault" });
    expect(calls).toEqual([]);
  });

  it("counts a loop stopped at a later step as timed_out, not loop_limit: the steps done, and the estimate of the one in flight", async () => {
    server.setBehaviour({ kind: "script", steps: [
      { kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "ABC-1234" } }], usage: { prompt_tokens: 40, completion_tokens: 7 } },
      { kind: "slow", delayMs: 30_000, then: { kind: "answer", text: JSON.stringify({ reply: "Ready.", status_known: true }) } },
    ] });
    const calls = await stoppedAt(shop, "ask", { question: "Is ABC-1234 ready?" }, 2);
    expect(calls.map((c) => [c.prompt, ...callWords(c)])).toEqual([["order_question", "timed_out", "called find_order"]]);
    expect(calls[0]).toMatchObject({ retries: 0, outputTokens: 7 });
    expect(calls[0].inputTokens).toBeGreaterThan(40);
  });
});

describe("a call past its time limit", () => {
  it("is stopped at once, and its model request is aborted", async () => {
    // A model that never answers: a request ends only when the app aborts it. On a busy machine the
    // 50 ms may pass before the request even connects, so the test waits for every connection the
    // server saw to close rather than for one to arrive.
    const open = new Set<Socket>();
    const silent = createServer(() => {});
    silent.on("connection", (socket) => {
      open.add(socket);
      socket.once("close", () => open.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
    const app = createApp(program, { env: { JADPO_AI_BASE_URL: url } })[PRODUCTION_APP];
    const prepared = app.prepare("answer_customer", { question: "Still there?" });
    if (!prepared.ok) throw new Error(prepared.problem.message);
    await expect(app.run(prepared.call, { timeoutMs: 50, limit: "50ms" })).resolves.toEqual({ kind: "stopped" });
    await vi.waitFor(() => expect(open.size).toBe(0), { timeout: 30_000 });
    await app.close();
    silent.close();
  });
});

describe("createApp's settings", () => {
  const keyed = (key: string) => ({
    "app.jadpo": `connection model {\n    capability: ai\n    driver: openai_compatible\n    model: "m"\n    key: ${key}\n}\n`,
    "domains/a/a.jadpo": "action ping() -> Text {\n    return \"pong\"\n}\n",
  });

  it("throws JadpoFault naming a variable the connection needs and `env` lacks, never a value", () => {
    const app = shipped(keyed(`env("SHOP_AI_KEY")`));
    expect(() => createApp(app, { env: { OTHER: "secret-value" } })).toThrow(JadpoFault);
    expect(() => createApp(app, { env: { OTHER: "secret-value" } })).toThrow(
      "`SHOP_AI_KEY` is not set: the connection `model` reads its key from it",
    );
  });

  it("needs `env` itself", () => {
    expect(() => createApp(shipped(keyed(`""`)), undefined as never)).toThrow(/createApp takes `\{ env \}`/);
  });

  it("calls an action without parameters with no input or {}", async () => {
    const app = createApp(shipped(keyed(`env("SHOP_AI_KEY", "")`)), { env: {} });
    await expect(app.actions.ping()).resolves.toEqual({ ok: true, value: "pong" });
    await expect(app.actions.ping({})).resolves.toEqual({ ok: true, value: "pong" });
    await app.close();
  });
});

describe("retries and usage in production", () => {
  /** A project whose one action asks a Text prompt: "Talk about <topic>". */
  const talk = (connection: string) => shipped({
    "app.jadpo": `${APP}connection model {\n    capability: ai\n    driver: openai_compatible\n    base_url: env("MODEL_URL")\n    model: "m"\n${connection}}\n`,
    "domains/a/a.jadpo": [
      'prompt chat(topic: Text) {\n    text: "Talk about {topic}"\n}',
      "action talk(topic: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable -> Text {",
      "    return attempt ai.generate(Chat { topic: topic }, as: Text)",
      "}",
      "",
    ].join("\n"),
  });
  const quick = talk("    retries: { max: 2  backoff: 10ms }\n");

  /** Runs `talk` on `app`, with the AI calls it reported. */
  async function talkOn(program: CheckedProgram, topic: string, timeoutMs?: number): Promise<{ outcome: unknown; calls: AiCallRecord[] }> {
    const app = createApp(program, { env: { MODEL_URL: server.url } })[PRODUCTION_APP];
    const prepared = app.prepare("talk", { topic });
    if (!prepared.ok) throw new Error(prepared.problem.message);
    const calls: AiCallRecord[] = [];
    const outcome = await app.run(prepared.call, { onAiCall: (c) => calls.push(c), ...(timeoutMs === undefined ? {} : { timeoutMs, limit: `${timeoutMs}ms` }) });
    await app.close();
    return { outcome, calls };
  }

  it("reports the driver's retries and the model's usage, and a call that retried counts under `retried` too", async () => {
    server.setBehaviour({ kind: "script", steps: [
      { kind: "unavailable" },
      { kind: "rate_limit", retryAfter: "0" },
      { kind: "answer", text: "Rye.", usage: { prompt_tokens: 120, completion_tokens: 30 } },
    ] });
    const before = server.requests.length;
    const { outcome, calls } = await talkOn(quick, "bread");
    expect(outcome).toEqual({ kind: "success", value: "Rye." });
    expect(server.requests.length - before).toBe(3);
    expect(calls).toMatchObject([{ prompt: "chat", outcome: "success", retries: 2, inputTokens: 120, outputTokens: 30 }]);
    expect(callWords(calls[0])).toEqual(["success", "retried"]);
  });

  it("counts nothing for a request whose retries ran out in transport, and surfaces it as the failure it stands for", async () => {
    server.setBehaviour({ kind: "unavailable" });
    const { outcome, calls } = await talkOn(quick, "bread");
    expect(outcome).toMatchObject({ kind: "failure", failure: { name: "AiTimedOut" } });
    expect(calls).toMatchObject([{ prompt: "chat", outcome: "timed_out", retries: 2, inputTokens: 0, outputTokens: 0 }]);
    expect(callWords(calls[0])).toEqual(["timed_out", "retried"]);
  });

  it("estimates the tokens a model doesn't report from code points, as tests count them", async () => {
    // Eight croissants are 8 code points but 16 UTF-16 units: the counts tell them apart.
    const topic = "🥐".repeat(8);
    const answer = "🍞🍞🍞🍞 fresh";
    server.setBehaviour({ kind: "answer", text: answer, usage: null });
    const { calls } = await talkOn(quick, topic);
    // What was sent: the prompt's system text and its text (a Text answer has no answer format).
    const sent = (server.requests.at(-1)!.messages as Array<{ role: string; content: string }>);
    expect(sent.map((m) => m.role)).toEqual(["system", "user"]);
    expect(sent[1].content).toBe(`Talk about ${topic}`);
    const text = sent.map((m) => m.content).join("");
    const points = (t: string) => [...t].length;
    expect(calls).toMatchObject([{
      prompt: "chat", outcome: "success", retries: 0,
      inputTokens: Math.ceil(points(text) / 4), outputTokens: Math.ceil(points(answer) / 4),
    }]);
    expect([calls[0].inputTokens, calls[0].outputTokens]).not.toEqual([Math.ceil(text.length / 4), Math.ceil(answer.length / 4)]);
    expect(callWords(calls[0])).toEqual(["success"]);
  });

  it("stops the wait before a retry when the action is stopped, so close() doesn't wait it out", async () => {
    // A 10-minute Retry-After the connection's timeout allows: only the stop ends the wait.
    server.setBehaviour({ kind: "rate_limit", retryAfter: "600" });
    const before = server.requests.length;
    const { outcome, calls } = await talkOn(talk("    timeout: 10m\n"), "bread", 100);
    expect(outcome).toEqual({ kind: "stopped" });
    // talkOn's close() returned: the action ended, its retry never sent.
    expect(server.requests.length - before).toBe(1);
    // Stopped while waiting: the one send failed in transport (no tokens), and no retry was sent.
    expect(calls).toMatchObject([{ prompt: "chat", outcome: "timed_out", retries: 0, inputTokens: 0, outputTokens: 0 }]);
  });
});

describe("a call the action's stop cuts short", () => {
  const app = shipped({
    "app.jadpo": `${APP}connection model {\n    capability: ai\n    driver: openai_compatible\n    base_url: env("MODEL_URL")\n    model: "m"\n    retries: { max: 2  backoff: 10ms }\n}\n`,
    "domains/a/a.jadpo": [
      'prompt chat(topic: Text) {\n    text: "Talk about {topic}"\n}',
      'prompt tell(topic: Text) {\n    text: "Tell of {topic}"\n}',
      "action talk(topic: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable -> Text {",
      "    return attempt ai.generate(Chat { topic: topic }, as: Text)",
      "}",
      "action told(topic: Text) -> Text {",
      "    var streamed = ai.stream(Tell { topic: topic })",
      "    return streamed.text",
      "}",
      "action embedded(topic: Text) -> Int {",
      "    return match ai.embed(topic) {",
      "        success(e) => list.count(e)",
      "        failure _ => 0",
      "    }",
      "}",
      "",
    ].join("\n"),
  });
  const SLOW = { kind: "slow", delayMs: 30_000, then: { kind: "answer", text: "Rye." } } as const;

  /** The calls `action` reports when the model answers at once with no usage: the estimate's figures. */
  async function answered(action: string, input: unknown): Promise<AiCallRecord[]> {
    server.setBehaviour({ kind: "answer", text: "Rye.", usage: null });
    const production = createApp(app, { env: { MODEL_URL: server.url } })[PRODUCTION_APP];
    const prepared = production.prepare(action, input);
    if (!prepared.ok) throw new Error(prepared.problem.message);
    const calls: AiCallRecord[] = [];
    await production.run(prepared.call, { onAiCall: (c) => calls.push(c) });
    await production.close();
    return calls;
  }

  it("counts a generate call stopped mid-request as timed_out, with its time, its retries so far and the estimate of what it sent", async () => {
    const [done] = await answered("talk", { topic: "bread" });
    server.setBehaviour({ kind: "script", steps: [{ kind: "unavailable" }, SLOW] });
    const calls = await stoppedAt(app, "talk", { topic: "bread" }, 2);
    expect(calls).toMatchObject([{ prompt: "chat", outcome: "timed_out", retries: 1, inputTokens: done.inputTokens, outputTokens: 0 }]);
    expect(calls[0].inputTokens).toBeGreaterThan(0);
    expect(calls[0].ms).toBeGreaterThan(0);
    expect(callWords(calls[0])).toEqual(["timed_out", "retried"]);
  });

  it("counts a stream and an embedding stopped mid-request as timed_out, with the estimate of what each sent", async () => {
    const [streamDone] = await answered("told", { topic: "bread" });
    const [embedDone] = await answered("embedded", { topic: "bread" });
    server.setBehaviour(SLOW);
    expect(await stoppedAt(app, "told", { topic: "bread" }, 1)).toMatchObject([
      { prompt: "tell", outcome: "timed_out", retries: 0, inputTokens: streamDone.inputTokens, outputTokens: 0 },
    ]);
    expect(await stoppedAt(app, "embedded", { topic: "bread" }, 1)).toMatchObject([
      { prompt: "embed", outcome: "timed_out", retries: 0, inputTokens: embedDone.inputTokens, outputTokens: 0 },
    ]);
    expect(streamDone.inputTokens).toBeGreaterThan(0);
    expect(embedDone.inputTokens).toBeGreaterThan(0);
  });
});
