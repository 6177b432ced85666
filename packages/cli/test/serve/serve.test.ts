// `jadpo serve` in this process (docs/production.md), against the testing model server: every row
// of the status table, `/health`, `/ready`, `/metrics` read by a Prometheus text parser, request
// ids, the log lines (never a key, a value or an answer), bad requests and slow clients, and what
// stops it from starting.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOP_ORDERS, startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { copyExample, retryAtOnce } from "../support/example.ts";
import { runJadpoHere, waitUntil } from "../support/jadpo.ts";
import { Served, send, TOKEN } from "./served.ts";

const KEY = "sk-serve-test-key-0123456789";
const QUESTION = "Is the seeded rye baked with sesame?";
const REPLY = "Yes: the seeded rye has sesame seeds.";
const ANSWER = JSON.stringify({ resolved_by_articles: true, reply: REPLY });

let model: FakeModelServer;
let example: string;
let shop: string;
const folders: string[] = [];

/** A project from files, in a temp folder. */
function projectOf(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "jadpo-serve-"));
  folders.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const CONNECTION = 'connection model {\n    capability: ai\n    driver: openai_compatible\n    base_url: env("MODEL_URL")\n    model: "m"\n    key: env("MODEL_KEY", "")\n}\n';

beforeAll(async () => {
  model = await startFakeModelServer({ kind: "answer", text: ANSWER });
  example = copyExample("jadpo-serve-example-");
  // These tests count retries and stop them, but don't time them (the driver's tests do).
  retryAtOnce(example);
  folders.push(example);
  shop = projectOf({
    "app.jadpo": CONNECTION,
    "domains/shop/shop.jadpo": [
      'failure NoSuchOrder { kind: NotFound  message: "No such order." }',
      'failure OrderBusy { kind: Conflict  message: "The order is being changed." }',
      'prompt chat(topic: Text) {\n    text: "Talk about {topic}"\n}',
      "action find(code: Text) fails NoSuchOrder, OrderBusy -> Text {",
      '    if code == "none" {',
      "        reject NoSuchOrder",
      "    }",
      '    if code == "busy" {',
      "        reject OrderBusy",
      "    }",
      "    return code",
      "}",
      "action share(n: Int) -> Int {",
      "    return 100 / n",
      "}",
      "action talk(topic: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable -> Text {",
      "    return attempt ai.generate(Chat { topic: topic }, as: Text)",
      "}",
      "",
    ].join("\n"),
    "domains/orders/orders.jadpo": [
      SHOP_ORDERS,
      'prompt order_question(question: Text) {\n    text: "Question: {question}"\n    tools: {\n        find_order: "Finds an order by its code, such as ABC-1234."\n    }\n    max_steps: 2\n}',
      "action ask_order(question: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable, AiLoopLimit -> Reply {",
      "    return attempt ai.generate(OrderQuestion { question: question }, as: Reply)",
      "}",
      "",
    ].join("\n"),
  });
});

afterAll(async () => {
  await model.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function serving<T>(root: string, use: (s: Served) => Promise<T>, options: Parameters<typeof Served.start>[1] = {}, env: Record<string, string> = {}): Promise<T> {
  const served = await Served.start(root, options, { JADPO_AI_BASE_URL: model.url, MODEL_URL: model.url, JADPO_AI_KEY: KEY, ...env });
  try {
    return await use(served);
  } finally {
    expect(await served.close()).toBe(0);
  }
}

describe("jadpo serve's access", () => {
  it("answers 401 without the token or with a wrong one, and 200 with it", async () => {
    model.setBehaviour({ kind: "answer", text: ANSWER });
    await serving(example, async (s) => {
      for (const headers of [{}, { authorization: "Bearer wrong-token" }, { authorization: TOKEN }] as Record<string, string>[]) {
        const refused = await send(s.url, "POST", "/actions/answer_customer", { body: { question: QUESTION }, headers: { "content-type": "application/json", ...headers } });
        expect(refused.status).toBe(401);
        expect(refused.headers["www-authenticate"]).toBe("Bearer");
        expect(refused.json).toMatchObject({ error: { code: "unauthorized" } });
      }
      // Before anything else: an unknown action or a wrong method is 401 too without the token.
      expect((await send(s.url, "GET", "/actions/nothing")).status).toBe(401);
      const ok = await s.call("answer_customer", { question: QUESTION });
      expect(ok.status).toBe(200);
      expect(ok.json).toEqual({ result: { resolved_by_articles: true, reply: REPLY } });
      // The key goes to the model, never back.
      expect(model.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
    });
  });

  it("refuses to start without JADPO_SERVE_TOKEN (cli.serve_token_missing, exit 1)", async () => {
    const run = await runJadpoHere(["serve"], { cwd: example });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe([
      "error: `JADPO_SERVE_TOKEN` is not set, so the app's actions would answer anyone",
      "  reason: Every request to an action must carry the token as `Authorization: Bearer <token>`; with no token set, there is nothing to check it against.",
      "  next: Set `JADPO_SERVE_TOKEN` to a long random secret (`openssl rand -hex 32` makes one), or pass `--no-auth` with a loopback `--host` to serve only this machine (human)",
      "  rule: cli.serve_token_missing",
      "",
    ].join("\n"));
  });

  it("takes --no-auth only with a loopback --host (cli.bad_option, exit 2)", async () => {
    const run = await runJadpoHere(["serve", "--no-auth", "--host", "0.0.0.0"], { cwd: example });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("error: `--host` takes a loopback address with --no-auth (127.0.0.1, ::1 or localhost), not `0.0.0.0`");
    await serving(example, async (s) => {
      const res = await send(s.url, "POST", "/actions/answer_customer", { body: { question: QUESTION }, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(200);
    }, { auth: false }, { JADPO_SERVE_TOKEN: "" });
  });
});

describe("jadpo serve's answers, in the order they apply", () => {
  it("maps each failure to its kind's status and code, and a fault to 500 with its rule and place in the log", async () => {
    model.setBehaviour({ kind: "refuse" });
    await serving(shop, async (s) => {
      expect(await s.call("find", { code: "none" })).toMatchObject({ status: 404, json: { error: { code: "no_such_order", message: "No such order." } } });
      expect(await s.call("find", { code: "busy" })).toMatchObject({ status: 409, json: { error: { code: "order_busy" } } });
      expect(await s.call("find", { code: "A-1" })).toMatchObject({ status: 200, json: { result: "A-1" } });
      expect(await s.call("talk", { topic: "bread" })).toMatchObject({ status: 422, json: { error: { code: "ai_refused", message: "The model refused to answer." } } });
      const fault = await s.call("share", { n: 0 });
      expect(fault.status).toBe(500);
      expect(fault.json).toEqual({ error: { code: "runtime_fault", message: "The action failed unexpectedly.", request_id: fault.headers["x-request-id"] } });
      expect(s.lines.at(-1)).toMatchObject({ action: "share", status: 500, level: "error", failure: { code: "runtime_fault", rule: "runtime.fault", at: "domains/shop/shop.jadpo:16:12" } });
      // A provider's error no AI failure covers (a wrong key) is a fault of the call: 500, its words kept from the caller.
      model.setBehaviour({ kind: "error", status: 401, body: { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } } });
      const wrongKey = await s.call("talk", { topic: "bread" });
      expect(wrongKey).toMatchObject({ status: 500, json: { error: { code: "runtime_fault", message: "The action failed unexpectedly." } } });
      expect(s.lines.at(-1)).toMatchObject({ action: "talk", status: 500, failure: { code: "runtime_fault", rule: "ai.model_error", at: expect.stringMatching(/^domains\/shop\/shop\.jadpo:19:\d+$/) } });
      expect(s.stdout).not.toContain("Incorrect API key");
    });
  });

  it("answers an AiLoopLimit the action lets escape with 503, its code, and counts the call as loop_limit and what it called", async () => {
    model.setBehaviour({ kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "ABC-1234" } }] });
    await serving(shop, async (s) => {
      const res = await s.call("ask_order", { question: "Is ABC-1234 ready?" });
      expect(res).toMatchObject({ status: 503, json: { error: { code: "ai_loop_limit", message: "The model took every step the prompt allows without answering." } } });
      expect(s.lines.at(-1)).toMatchObject({ action: "ask_order", status: 503, ai_calls: 1, failure: { code: "ai_loop_limit" } });
      const families = new Map(parsePrometheusTextFormat((await s.get("/metrics")).text).map((family) => [family.name, family]));
      expect(families.get("jadpo_ai_calls_total")?.metrics).toEqual([
        { labels: { prompt: "order_question", outcome: "loop_limit" }, value: "1" },
        { labels: { prompt: "order_question", outcome: "called find_order" }, value: "1" },
      ]);
    });
  });

  it("answers 404, 415, 413 and 400 for what isn't an action request it can run", async () => {
    await serving(example, async (s) => {
      expect(await s.call("answer_custmer", { question: QUESTION })).toMatchObject({ status: 404, json: { error: { code: "unknown_action" } } });
      expect(await send(s.url, "GET", "/actions/answer_customer", { headers: { authorization: `Bearer ${TOKEN}` } })).toMatchObject({ status: 404, json: { error: { code: "not_found" } } });
      expect(await s.get("/_dev")).toMatchObject({ status: 404, json: { error: { code: "not_found" } } });
      expect(await s.call("answer_customer", "question=x", { "content-type": "text/plain" })).toMatchObject({ status: 415, json: { error: { code: "unsupported_media_type" } } });
      expect(await s.call("answer_customer", { question: "x".repeat(100) })).toMatchObject({ status: 413, json: { error: { code: "payload_too_large" } } });
      expect(await s.call("answer_customer", "{ not json")).toMatchObject({ status: 400, json: { error: { code: "invalid_request" } } });
      const bad = await s.call("answer_customer", { question: "" });
      expect(bad).toMatchObject({ status: 400, json: { error: { code: "invalid_request", message: "`min_length` on `question`: expected at least 1 character, got 0 characters" } } });
      // The 401 comes before all of these.
      expect((await send(s.url, "POST", "/actions/answer_custmer", { body: "x", headers: { "content-type": "text/plain" } })).status).toBe(401);
    }, { maxBody: "64" });
  });

  it("answers 503 past --concurrency, with Retry-After", async () => {
    model.setBehaviour({ kind: "slow", delayMs: 400, then: { kind: "answer", text: ANSWER } });
    await serving(example, async (s) => {
      const asked = model.requests.length;
      const first = s.call("answer_customer", { question: QUESTION });
      await waitUntil("the first action to ask the model", () => model.requests.length > asked);
      const second = await s.call("answer_customer", { question: QUESTION });
      expect(second.status).toBe(503);
      expect(second.headers["retry-after"]).toBe("1");
      expect(second.json).toMatchObject({ error: { code: "overloaded" } });
      expect((await first).status).toBe(200);
    }, { concurrency: 1 });
  });

  it("answers 504 past --request-timeout, and the action stops", async () => {
    model.setBehaviour({ kind: "slow", delayMs: 30_000, then: { kind: "answer", text: ANSWER } });
    await serving(example, async (s) => {
      const res = await s.call("answer_customer", { question: QUESTION });
      expect(res.status).toBe(504);
      expect(res.json).toMatchObject({ error: { code: "request_timeout", message: "The action took longer than 200ms" } });
      // The call the stop cut short counts as timed out, with its time so far and what it sent.
      const line = s.lines.at(-1)!;
      expect(line).toMatchObject({ status: 504, ai_calls: 1, output_tokens: 0, failure: { code: "request_timeout" } });
      expect(line.ai_ms).toBeGreaterThan(0);
      expect(line.input_tokens).toBeGreaterThan(0);
      const families = new Map(parsePrometheusTextFormat((await s.get("/metrics")).text).map((family) => [family.name, family]));
      expect(families.get("jadpo_ai_calls_total")?.metrics).toEqual([{ labels: { prompt: "answer_question", outcome: "timed_out" }, value: "1" }]);
      expect(families.get("jadpo_ai_tokens_total")?.metrics).toEqual([{ labels: { prompt: "answer_question", kind: "input" }, value: String(line.input_tokens) }]);
    }, { requestTimeout: "200ms" });
  });

  it("drains: /ready turns 503, new actions get 503 draining, the running one finishes", async () => {
    model.setBehaviour({ kind: "slow", delayMs: 500, then: { kind: "answer", text: ANSWER } });
    const s = await Served.start(example, {}, { JADPO_AI_BASE_URL: model.url });
    expect(await s.get("/ready")).toMatchObject({ status: 200, json: { status: "ready" } });
    expect(await s.get("/health")).toMatchObject({ status: 200, json: { status: "ok" } });
    const asked = model.requests.length;
    const running = s.call("answer_customer", { question: QUESTION });
    await waitUntil("the action to ask the model", () => model.requests.length > asked);
    const closed = s.close();
    expect(await s.get("/ready")).toMatchObject({ status: 503, json: { status: "draining" } });
    const refused = await s.call("answer_customer", { question: QUESTION });
    expect(refused).toMatchObject({ status: 503, headers: { "retry-after": "1" }, json: { error: { code: "draining" } } });
    expect((await running).status).toBe(200);
    expect(await closed).toBe(0);
  });

  it("past --drain, stops an action waiting to retry: it gets 504, and serve exits 0 without waiting the Retry-After out", async () => {
    // A Retry-After of 10 minutes, cut to the connection's 30 s timeout: only the stop ends the wait.
    model.setBehaviour({ kind: "rate_limit", retryAfter: "600" });
    const s = await Served.start(example, { drain: "100ms" }, { JADPO_AI_BASE_URL: model.url });
    const asked = model.requests.length;
    const running = s.call("answer_customer", { question: QUESTION });
    await waitUntil("the action to ask the model", () => model.requests.length > asked);
    expect(await s.close()).toBe(0);
    expect(await running).toMatchObject({ status: 504, json: { error: { code: "request_timeout" } } });
    expect(model.requests.length - asked).toBe(1);
    // Stopped while waiting: one call, timed out; its one send was rate-limited, so no tokens, and no retry was sent.
    expect(s.lines.at(-1)).toMatchObject({ status: 504, ai_calls: 1, input_tokens: 0, output_tokens: 0, failure: { code: "request_timeout" } });
  });

  it("lets go, at the end of --drain, a client still sending its request or sending nothing, so serve exits 0", async () => {
    const s = await Served.start(example, { drain: "200ms" }, { JADPO_AI_BASE_URL: model.url });
    const { port } = new URL(s.url);
    /** A client that sends `first` and then nothing; resolves once connected, with its end. */
    const open = (first: string) => new Promise<{ closed: Promise<void> }>((connected) => {
      const socket = connect(Number(port), "127.0.0.1", () => connected({ closed }));
      const closed = new Promise<void>((resolve) => socket.on("error", () => {}).on("close", () => resolve()));
      socket.write(first);
    });
    // Half its headers; and its headers with half the body they announce.
    const silent = await open("POST /actions/answer_customer HTTP/1.1\r\nHost: x\r\n");
    const body = await open(`POST /actions/answer_customer HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"que`);
    // The server took both before the drain starts: it answers a later connection.
    expect((await s.get("/health")).status).toBe(200);
    expect(await s.close()).toBe(0);
    await Promise.all([silent.closed, body.closed]);
  });
});

describe("jadpo serve's operations", () => {
  it("counts requests in /metrics, in Prometheus's text format, a path naming no action as `-`", async () => {
    model.setBehaviour({ kind: "answer", text: ANSWER });
    await serving(example, async (s) => {
      await s.call("answer_customer", { question: QUESTION });
      await s.call("no_such_action", {});
      const res = await s.get("/metrics");
      expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      const families = new Map(parsePrometheusTextFormat(res.text).map((family) => [family.name, family]));
      expect(families.get("jadpo_requests_total")?.metrics).toEqual(expect.arrayContaining([
        { labels: { action: "answer_customer", status: "200" }, value: "1" },
        { labels: { action: "-", status: "404" }, value: "1" },
      ]));
      expect(families.get("jadpo_request_duration_seconds")?.type).toBe("HISTOGRAM");
      expect(families.get("jadpo_ai_calls_total")?.metrics).toEqual([{ labels: { prompt: "answer_question", outcome: "success" }, value: "1" }]);
      const tokens = families.get("jadpo_ai_tokens_total")?.metrics ?? [];
      expect(tokens.map((m) => m.labels)).toEqual([{ prompt: "answer_question", kind: "input" }, { prompt: "answer_question", kind: "output" }]);
      expect(families.get("jadpo_requests_in_flight")?.metrics).toEqual([{ value: "0" }]);
      expect(families.has("jadpo_ai_retries_total")).toBe(true);
    });
  });

  it("counts the driver's retries and the model's usage: a 503, then a 429 with Retry-After: 0, then the answer", async () => {
    model.setBehaviour({ kind: "script", steps: [
      { kind: "unavailable" },
      { kind: "rate_limit", retryAfter: "0" },
      { kind: "answer", text: ANSWER, usage: { prompt_tokens: 151, completion_tokens: 23 } },
    ] });
    await serving(example, async (s) => {
      const asked = model.requests.length;
      const res = await s.call("answer_customer", { question: QUESTION });
      expect(res).toMatchObject({ status: 200, json: { result: { resolved_by_articles: true, reply: REPLY } } });
      expect(model.requests.length - asked).toBe(3);
      const families = new Map(parsePrometheusTextFormat((await s.get("/metrics")).text).map((family) => [family.name, family]));
      expect(families.get("jadpo_ai_retries_total")?.metrics).toEqual([{ labels: { prompt: "answer_question" }, value: "2" }]);
      expect(families.get("jadpo_ai_calls_total")?.metrics).toEqual([
        { labels: { prompt: "answer_question", outcome: "success" }, value: "1" },
        { labels: { prompt: "answer_question", outcome: "retried" }, value: "1" },
      ]);
      expect(families.get("jadpo_ai_tokens_total")?.metrics).toEqual([
        { labels: { prompt: "answer_question", kind: "input" }, value: "151" },
        { labels: { prompt: "answer_question", kind: "output" }, value: "23" },
      ]);
      expect(s.lines).toMatchObject([{ action: "answer_customer", status: 200, ai_calls: 1, input_tokens: 151, output_tokens: 23, failure: null }]);
    });
  });

  it("counts the estimate when the model reports no usage, the same in the log and the metrics", async () => {
    model.setBehaviour({ kind: "answer", text: "Rye 🍞🍞🍞🍞", usage: null });
    await serving(shop, async (s) => {
      expect(await s.call("talk", { topic: "🥐".repeat(8) })).toMatchObject({ status: 200, json: { result: "Rye 🍞🍞🍞🍞" } });
      // The request: the prompt's system text and "Talk about 🥐…"; its tokens, a quarter of its code points.
      const sent = (model.requests.at(-1)!.messages as Array<{ content: string }>).map((m) => m.content).join("");
      const tokens = { input: Math.ceil([...sent].length / 4), output: Math.ceil([..."Rye 🍞🍞🍞🍞"].length / 4) };
      const families = new Map(parsePrometheusTextFormat((await s.get("/metrics")).text).map((family) => [family.name, family]));
      expect(families.get("jadpo_ai_tokens_total")?.metrics).toEqual([
        { labels: { prompt: "chat", kind: "input" }, value: String(tokens.input) },
        { labels: { prompt: "chat", kind: "output" }, value: String(tokens.output) },
      ]);
      expect(s.lines).toMatchObject([{ action: "talk", status: 200, ai_calls: 1, input_tokens: tokens.input, output_tokens: tokens.output }]);
    });
  });

  it("echoes a good X-Request-Id and makes one for a bad or missing one", async () => {
    await serving(example, async (s) => {
      const given = await s.call("answer_customer", { question: QUESTION }, { "x-request-id": "lb-42:abc.DEF_9" });
      expect(given.headers["x-request-id"]).toBe("lb-42:abc.DEF_9");
      expect(given.json).toMatchObject({});
      const bad = await s.call("answer_custmer", {}, { "x-request-id": "has spaces" });
      expect(bad.headers["x-request-id"]).toMatch(/^req_[0-9a-f]{16}$/);
      expect(bad.json).toMatchObject({ error: { request_id: bad.headers["x-request-id"] } });
      expect(s.lines.map((l) => l.request_id)).toEqual(["lb-42:abc.DEF_9", bad.headers["x-request-id"]]);
    });
  });

  it("logs one line per request with exactly its fields, and never a key, a value or an answer", async () => {
    model.setBehaviour({ kind: "answer", text: JSON.stringify({ resolved_by_articles: true, reply: `Here is my key: ${KEY}` }) });
    await serving(example, async (s) => {
      const res = await s.call("answer_customer", { question: QUESTION });
      expect(res.json).toEqual({ result: { resolved_by_articles: true, reply: "Here is my key: ***" } });
      await s.call("answer_customer", { question: "" });
      await s.call("answer_customer", { question: QUESTION }, { authorization: `Bearer ${KEY}` });
      const [first] = s.lines;
      expect(Object.keys(first)).toEqual(["time", "level", "request_id", "action", "status", "ms", "ai_calls", "ai_ms", "input_tokens", "output_tokens", "failure"]);
      expect(first).toMatchObject({ level: "info", action: "answer_customer", status: 200, ai_calls: 1, failure: null });
      expect(s.lines.map((l) => l.status)).toEqual([200, 400, 401]);
      const all = `${s.stdout}${s.stderr}`;
      for (const secret of [KEY, KEY.slice(0, 12), QUESTION, "Here is my key", "seeded rye", TOKEN, "You answer bakery customers"]) expect(all).not.toContain(secret);
    }, {}, { JADPO_AI_KEY: KEY });
  });

  it("survives bad requests and slow clients", async () => {
    model.setBehaviour({ kind: "answer", text: ANSWER });
    await serving(example, async (s) => {
      const { port } = new URL(s.url);
      // A client that sends half its headers and waits.
      const slow = connect(Number(port), "127.0.0.1");
      slow.write("POST /actions/answer_customer HTTP/1.1\r\nHost: x\r\n");
      // A client that sends what isn't HTTP.
      const garbage = connect(Number(port), "127.0.0.1");
      const reply = new Promise<string>((resolve) => {
        let text = "";
        garbage.setEncoding("utf8").on("data", (chunk: string) => void (text += chunk)).on("close", () => resolve(text));
      });
      garbage.write("\u0000\u0001 not http at all\r\n\r\n");
      expect(await reply).toMatch(/^HTTP\/1\.1 400 Bad Request/);
      expect((await s.call("answer_customer", { question: QUESTION })).status).toBe(200);
      slow.destroy();
    });
  });
});

describe("what stops jadpo serve from starting", () => {
  it("prints the compile errors and exits 1", async () => {
    const broken = projectOf({ "app.jadpo": "", "domains/a/a.jadpo": "action broken() -> Int {\n    return \"text\"\n}\n" });
    const run = await runJadpoHere(["serve", "--port", "0"], { cwd: broken, env: { JADPO_SERVE_TOKEN: TOKEN } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/rule: type\.mismatch\nserve failed: 1 compile error\n$/);
  });

  const SETTING_REASON =
    "  reason: A served or built app reads its connection's settings from the environment when it starts, so a deployment missing one stops at once rather than at its first call.";
  const KEYED = CONNECTION.replace('env("MODEL_KEY", "")', 'env("MODEL_KEY")');
  it.each([
    {
      what: "ai.key_missing when the connection's key variable is unset (never a value)",
      app: KEYED,
      env: { MODEL_URL: "http://127.0.0.1:9/v1" },
      stderr: [
        "error: The key for `model` is not set: `MODEL_KEY` is not in the environment",
        "  reason: The key is read from the environment when the model is asked, and never stored.",
        "  next: Set `MODEL_KEY` in your environment and run the command again (human)",
        "  rule: ai.key_missing",
      ],
    },
    {
      what: "ai.setting_missing when a setting's variable is unset",
      app: KEYED,
      env: { MODEL_KEY: "k" },
      stderr: [
        "error: `MODEL_URL` is not set, so the connection `model`'s base_url can't be read",
        SETTING_REASON,
        "  next: Set `MODEL_URL` in the environment the app runs in, or give the connection's `env(\"MODEL_URL\", …)` a default (human)",
        "  rule: ai.setting_missing",
      ],
    },
    {
      what: "ai.setting_missing when the connection has no model to ask",
      app: "connection model {\n    capability: ai\n    driver: openai_compatible\n}\n",
      env: {},
      stderr: [
        "error: The connection `model` has no `model`",
        SETTING_REASON,
        "  next: Give the connection a `model` entry (human)",
        "  rule: ai.setting_missing",
      ],
    },
  ])("is $what", async ({ app, env, stderr }) => {
    const cwd = projectOf({ "app.jadpo": app, "domains/a/a.jadpo": "action ping() -> Int {\n    return 1\n}\n" });
    const run = await runJadpoHere(["serve", "--port", "0"], { cwd, env: { JADPO_SERVE_TOKEN: TOKEN, ...env } });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`${stderr.join("\n")}\n`);
  });
});
