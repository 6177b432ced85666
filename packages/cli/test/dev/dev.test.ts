// `jadpo dev` end to end (docs/dev.md), run in this process on temp copies of the example app: a
// local OpenAI-compatible stand-in as the sandboxed model, the call log, the per-day budget across
// requests, `ai record` from a dev call, rebuilds, and the /_dev page in a headless browser. The
// BUILT binary for what is about the process: the budget shared by two processes, and SIGTERM.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type AddressInfo } from "node:net";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { buildCli } from "../support/build-cli.ts";
import { copyExample, retryAtOnce } from "../support/example.ts";
import { runJadpoHere, waitUntil } from "../support/jadpo.ts";
import { RunningDev, callLog, closedPort, setPerDay, stopAll } from "./dev-server.ts";
import { browserPlan } from "./chromium.ts";

const MODEL_ANSWER = { resolved_by_articles: true, reply: "From the model." };
const roots: string[] = [];
const servers: FakeModelServer[] = [];

/** A copy of the example whose connection retries at once: these tests are not about the retries' waits. */
function project(): string {
  const root = copyExample("jadpo-dev-");
  retryAtOnce(root);
  roots.push(root);
  return root;
}

async function modelServer(): Promise<FakeModelServer> {
  const server = await startFakeModelServer({ kind: "answer", text: JSON.stringify(MODEL_ANSWER) });
  servers.push(server);
  return server;
}

/** The text of the user turns a model request carried. */
function userText(body: unknown): string {
  const messages = (body as { messages?: { role: string; content: string }[] }).messages ?? [];
  return messages.filter((m) => m.role === "user").map((m) => m.content).join("\n");
}

beforeAll(() => buildCli(), 120_000);

afterAll(async () => {
  await stopAll();
  await Promise.all(servers.map((s) => s.close()));
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe("jadpo dev on examples/support", () => {
  it("answers POST /actions/answer_customer with a SupportAnswer, and logs the call", async () => {
    const root = project();
    const dev = await RunningDev.start(root, { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    expect(dev.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const res = await dev.post("answer_customer", { question: "Do you deliver to Jersey?" });
    expect(res.status).toBe(200);
    // No model answers, so the sandboxed call is faked: the first current recording by name.
    expect(res.json.result.resolved_by_articles).toBe(false);
    expect(typeof res.json.result.reply).toBe("string");
    expect(Object.keys(res.json.result).sort()).toEqual(["reply", "resolved_by_articles"]);

    const [call] = callLog(root);
    expect(call).toMatchObject({
      id: "call_1",
      prompt: "answer_question",
      version: "answer_question@b44ecc53",
      values: { question: "Do you deliver to Jersey?", reader_locale: "en-GB" },
      source: "recording not_covered (no recording of these values)",
      attempts: 1,
      outcome: "success",
      answer: { reply: "{Text}", resolved_by_articles: false },
    });
    expect(call.reason).toMatch(/^the model can't be reached: /);
    // The connection's `retries:` (as often as by default, 1 ms then 2 ms apart) before it is faked.
    expect(call.retries).toEqual([{ error: "ECONNREFUSED", wait_ms: 1 }, { error: "ECONNREFUSED", wait_ms: 2 }]);
    expect(dev.stdout).toContain("call_1 answer_question ← recording not_covered (no recording of these values) · 1 attempt · 2 retries: ECONNREFUSED waited 1 ms, ECONNREFUSED waited 2 ms · ");
    // The attempt never reached the model, so the day's budget is untouched.
    expect(JSON.parse(readFileSync(join(root, ".jadpo/dev/usage.json"), "utf8")).connections.local_model.requests).toBe(0);
    await waitUntil("the sandbox line", () => dev.stdout.includes("▲ sandbox:"));
    expect(dev.stdout).toMatch(/▲ sandbox: the model of connection `local_model` at http:\/\/127\.0\.0\.1:\d+\/v1 doesn't answer: it can't be reached \(ECONNREFUSED\); sandboxed prompts are faked until it does \(`answer_question`\)\n/);

    const health = await dev.request("GET", "/health");
    expect(health.status).toBe(200);
    const listed = await dev.request("GET", "/_dev/calls.json");
    expect(listed.json.calls.map((c: { id: string }) => c.id)).toEqual(["call_1"]);
    expect(await dev.stop()).toBe(0);
    expect(dev.stdout).toContain("Stopped.");

    // Numbering continues after a restart.
    const again = await RunningDev.start(root, { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    expect((await again.post("answer_customer", { question: "Sesame?" })).status).toBe(200);
    expect(callLog(root).map((c) => c.id)).toEqual(["call_1", "call_2"]);
    await again.stop();
  });

  it("answers bad requests with the status and error body docs/dev.md gives", async () => {
    const root = project();
    const dev = await RunningDev.start(root, { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    const notJson = await dev.post("answer_customer", "{not json");
    expect(notJson.status).toBe(400);
    expect(notJson.json.error.code).toBe("invalid_request");
    expect(notJson.json.error.message).toMatch(/^The request body is not JSON/);
    expect(notJson.json.error.request_id).toMatch(/^req_[0-9a-f]{12}$/);

    const empty = await dev.post("answer_customer", { question: "" });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe("`min_length` on `question`: expected at least 1 character, got 0 characters");
    const missing = await dev.post("answer_customer", {});
    expect(missing.json.error.message).toBe("`missing` on `question`: `answer_customer` needs it");
    const extra = await dev.post("answer_customer", { question: "Hi", tone: "formal" });
    expect(extra.json.error.message).toBe("`unknown` on `tone`: expected a parameter of `answer_customer` (question)");
    const wrongType = await dev.post("answer_customer", { question: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.error.message).toMatch(/^`type` on `question`/);

    const unknown = await dev.post("answer_nobody", {});
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe("`answer_nobody` is not an action of this project; its actions are `answer_customer`, `answer_customer_order`, `look_up_order`, `nearest_article`, `embedded`");
    expect((await dev.request("GET", "/actions/answer_customer")).status).toBe(405);
    expect((await dev.request("GET", "/nowhere")).status).toBe(404);
    expect(callLog(root)).toEqual([]);
  });

  it("stops an action past --action-timeout with a runtime fault, prints it, and answers the next request", async () => {
    const root = project();
    writeFileSync(
      join(root, "domains/support/actions/slow.jadpo"),
      "function fib(n: Int) -> Int {\n    if n < 2 {\n        return n\n    }\n    return fib(n - 1) + fib(n - 2)\n}\n\naction slow(n: Int) -> Int {\n    return fib(n)\n}\n",
    );
    const dev = await RunningDev.start(root, { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` }, ["--action-timeout", "100ms"]);
    const slow = await dev.post("slow", { n: 60 });
    expect(slow.status).toBe(500);
    expect(slow.json.error).toMatchObject({ code: "runtime_fault", message: "The action ran longer than its time limit of 100ms" });
    await dev.jadpo.waitFor(/rule: runtime\.fault/);
    expect(dev.stdout).toContain("error: The action ran longer than its time limit of 100ms\n");
    const quick = await dev.post("slow", { n: 10 });
    expect(quick.status).toBe(200);
    expect(quick.json.result).toBe(55);
  });

  it("asks the local model for a sandboxed prompt: the answer comes from it and the log says model", async () => {
    const model = await modelServer();
    const root = project();
    const secret = "sk-test-DO-NOT-LEAK-1234567890";
    const dev = await RunningDev.start(root, { JADPO_AI_BASE_URL: model.url, JADPO_AI_KEY: secret });

    const res = await dev.post("answer_customer", { question: "Does your sourdough contain sesame?" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ result: MODEL_ANSWER });
    expect(model.requests).toHaveLength(1);
    expect(userText(model.requests[0].body)).toContain("Question: Does your sourdough contain sesame?");
    expect(model.requests[0].headers.authorization).toBe(`Bearer ${secret}`);
    expect(callLog(root)[0]).toMatchObject({ source: "model", attempts: 1, outcome: "success" });
    expect(callLog(root)[0].reason).toBeUndefined();

    // A correction is one more real request, and the call still says model.
    model.setBehaviour({
      kind: "answer",
      // The correction carries the rejected answer back: then the model answers in the type.
      text: (req) => (JSON.stringify(req.body).includes("Sure! No sesame.") ? JSON.stringify(MODEL_ANSWER) : "Sure! No sesame."),
    });
    const corrected = await dev.post("answer_customer", { question: "Sesame?" });
    expect(corrected.json).toEqual({ result: MODEL_ANSWER });
    expect(model.requests).toHaveLength(3);
    expect(callLog(root)[1]).toMatchObject({ source: "model", attempts: 2, outcome: "success" });

    // A refusal is the program's AiRefused: the action fails with its own failure's status.
    model.setBehaviour({ kind: "refuse" });
    const refused = await dev.post("answer_customer", { question: "Help me pick a lock" });
    expect(refused.status).toBe(503);
    expect(refused.json.error).toMatchObject({ code: "assistant_unavailable", message: "The assistant can't answer right now." });
    expect(callLog(root)[2]).toMatchObject({ source: "model", outcome: "failure AiRefused" });

    // The key is sent to the model and nowhere else.
    const page = await dev.request("GET", "/_dev");
    for (const text of [dev.stdout, dev.stderr, readFileSync(join(root, ".jadpo/dev/calls.jsonl"), "utf8"), readFileSync(join(root, ".jadpo/dev/usage.json"), "utf8"), page.text]) {
      expect(text).not.toContain(secret);
    }
  });

  it("with per_day: 3, 100 concurrent sandboxed requests send exactly 3 to the model; 97 are faked with the reason", async () => {
    const model = await modelServer();
    const root = project();
    setPerDay(root, 3);
    const dev = await RunningDev.start(root, { JADPO_AI_BASE_URL: model.url });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => dev.post("answer_customer", { question: `Question number ${i}?` })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(model.requests).toHaveLength(3);

    const log = callLog(root);
    expect(log).toHaveLength(100);
    expect(new Set(log.map((c) => c.id)).size).toBe(100);
    expect(log.filter((c) => c.source === "model")).toHaveLength(3);
    const faked = log.filter((c) => c.source !== "model");
    expect(faked).toHaveLength(97);
    for (const call of faked) {
      expect(call.source).toBe("recording not_covered (no recording of these values)");
      expect(call.reason).toMatch(/^the sandbox's per_day limit of 3 model requests is reached for \d{4}-\d{2}-\d{2} \(UTC\)$/);
    }
    const usage = JSON.parse(readFileSync(join(root, ".jadpo/dev/usage.json"), "utf8"));
    expect(usage.connections.local_model.requests).toBe(3);
  });

  it("keeps the budget exact across two dev processes on one project", async () => {
    const model = await modelServer();
    const root = project();
    setPerDay(root, 5);
    const [a, b] = await Promise.all([RunningDev.spawn(root, { JADPO_AI_BASE_URL: model.url }), RunningDev.spawn(root, { JADPO_AI_BASE_URL: model.url })]);
    const asks = Array.from({ length: 30 }, (_, i) => [a.post("answer_customer", { question: `A${i}?` }), b.post("answer_customer", { question: `B${i}?` })]).flat();
    expect((await Promise.all(asks)).every((r) => r.status === 200)).toBe(true);
    expect(model.requests).toHaveLength(5);
    const log = callLog(root);
    expect(log).toHaveLength(60);
    expect(new Set(log.map((c) => c.id)).size).toBe(60);
    expect(log.filter((c) => c.source === "model")).toHaveLength(5);
  });

  it("`jadpo ai record --as from_dev` after a dev call uses that call's values", async () => {
    const model = await modelServer();
    const root = project();
    const env = { JADPO_AI_BASE_URL: model.url };
    const dev = await RunningDev.start(root, env);
    expect((await dev.post("answer_customer", { question: "Do you deliver to Jersey?" })).status).toBe(200);
    const last = callLog(root).at(-1)!;
    const asked = model.requests.length;

    const record = await runJadpoHere(["ai", "record", "answer_question", "--as", "from_dev"], { cwd: root, env });
    expect(record.stderr).toBe("");
    expect(record.code).toBe(0);
    expect(record.stdout).toContain(`from      the last \`jadpo dev\` call, ${last.id}`);
    expect(model.requests).toHaveLength(asked + 1);
    expect(userText(model.requests[asked].body)).toContain("Question: Do you deliver to Jersey?");
    expect(existsSync(join(root, "domains/support/prompts/recordings/answer_question/from_dev.json"))).toBe(true);
  });

  it("prints a syntax error written while it runs, and keeps answering from the last good build", async () => {
    const root = project();
    const dev = await RunningDev.start(root, { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    const typesPath = join(root, "domains/support/types.jadpo");
    const good = readFileSync(typesPath, "utf8");
    writeFileSync(typesPath, `${good}\ntype Broken = Object {\n`);
    await waitUntil("the build error", () => dev.stdout.includes("still serving the last good build"));
    expect(dev.stdout).toMatch(/error: .* --> domains\/support\/types\.jadpo:\d+:\d+/);
    expect(dev.stdout).toContain("rule: syntax.");
    const res = await dev.post("answer_customer", { question: "Sesame?" });
    expect(res.status).toBe(200);
    expect(typeof res.json.result.resolved_by_articles).toBe("boolean");

    writeFileSync(typesPath, good);
    await waitUntil("the rebuild", () => dev.stdout.includes("✓ Rebuilt"));
    expect((await dev.post("answer_customer", { question: "Sesame?" })).status).toBe(200);
  });

  it("refuses a port already in use with cli.port_in_use (exit 1), serving nothing", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const run = await runJadpoHere(["dev", "--port", String(port)], { cwd: project() });
      expect(run).toEqual({
        code: 1,
        stdout: "",
        stderr: [
          `error: Port ${port} is already in use`,
          "  reason: Another program (perhaps another `jadpo dev` or `jadpo serve`) is serving on that port.",
          "  next: Pass another `--port`, or `--port 0` to pick a free one (human)",
          "  rule: cli.port_in_use",
          "",
        ].join("\n"),
      });
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it("run inside another program, installs no signal handler and stops when its context says so", async () => {
    const handlers = () => [process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")];
    const before = handlers();
    const dev = await RunningDev.start(project(), { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    expect(handlers()).toEqual(before);
    expect((await dev.request("GET", "/health")).status).toBe(200);
    expect(await dev.stop()).toBe(0);
    expect(dev.stdout).toContain("Stopped.");
    await expect(fetch(`${dev.url}/health`)).rejects.toThrow();
  });

  it("stops cleanly on SIGTERM, even with a model request in flight", async () => {
    const model = await modelServer();
    model.setBehaviour({ kind: "slow", delayMs: 20_000, then: { kind: "answer", text: JSON.stringify(MODEL_ANSWER) } });
    const dev = await RunningDev.spawn(project(), { JADPO_AI_BASE_URL: model.url });
    const pending = dev.post("answer_customer", { question: "Slow?" }).catch(() => null);
    await waitUntil("the model request", () => model.requests.length === 1);
    const started = Date.now();
    expect(await dev.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(dev.stdout).toContain("Stopped.");
    await pending;
  });

  const plan = browserPlan(process.env);
  if ("skip" in plan) console.warn(plan.skip);
  it.skipIf("skip" in plan)("shows the calls on /_dev in a headless browser, newest first, readable at 1280×800", async () => {
    if (!("run" in plan)) throw new Error("fail" in plan ? plan.fail : "no browser");
    const { chromium } = await import("playwright-core");
    const root = project();
    const dev = await RunningDev.start(root, { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    await dev.post("answer_customer", { question: "Do you deliver to Jersey?" });
    await dev.post("answer_customer", { question: "<script>alert(1)</script> & \"sesame\"" });
    const long = "Do you deliver to Jersey, and if you do, how long does a sourdough loaf take to arrive, and does it arrive fresh enough to eat that day?";
    await dev.post("answer_customer", { question: long });
    expect((await dev.post("answer_customer", { nothing: true })).status).toBe(400);

    const shots = mkdtempSync(join(tmpdir(), "jadpo-dev-shots-"));
    roots.push(shots);
    // A fresh profile for this run only.
    const browser = await chromium.launchPersistentContext(mkdtempSync(join(shots, "profile-")), {
      executablePath: plan.run,
      headless: true,
      viewport: { width: 1280, height: 800 },
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      timeout: 30_000,
    });
    try {
      const page = await browser.newPage();
      const dialogs: string[] = [];
      page.on("dialog", (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.goto(`${dev.url}/_dev`, { timeout: 30_000 });
      const rows = page.locator("tr[data-call-id]");
      expect(await rows.count()).toBe(3);
      expect(await rows.nth(0).getAttribute("data-call-id")).toBe("call_3");
      expect(await rows.nth(2).getAttribute("data-call-id")).toBe("call_1");
      expect(await rows.nth(1).innerText()).toContain("<script>alert(1)</script> & \"sesame\"");
      expect(await rows.nth(2).innerText()).toContain("Do you deliver to Jersey?");
      // The header names the project (its folder), never ".".
      expect(await page.locator("h1").innerText()).toContain(basename(root));
      // The answer stands beside its source.
      expect(await rows.nth(2).locator("td.source").innerText()).toContain("recording not_covered (no recording of these values)");
      expect(await rows.nth(2).locator("td.answer").innerText()).toContain("{Text}");
      // The page as it first shows, at 1280×800 (JADPO_DEV_SCREENSHOT keeps it where you say).
      const shot = process.env.JADPO_DEV_SCREENSHOT ?? join(shots, "dev-calls.png");
      await page.screenshot({ path: shot });
      expect(statSync(shot).size).toBeGreaterThan(1000);
      // A long value is folded, and opens with a click.
      const folded = rows.nth(0).locator("td.values details");
      expect(await folded.count()).toBe(1);
      await folded.locator("summary").click();
      expect(await folded.locator("pre").innerText()).toBe(long);
      // The request that failed is listed with its status and code.
      const failed = page.locator("tr[data-failed-request]");
      expect(await failed.count()).toBe(1);
      expect(await failed.first().innerText()).toMatch(/POST \/actions\/answer_customer\s+400\s+invalid_request/);
      expect(await page.locator("script").count()).toBe(0);
      expect(dialogs).toEqual([]);

      // No values cell is narrower than 20 characters of its own text.
      // (Run in the page, written as text: this file is compiled without the DOM's types.)
      const layout = (await page.evaluate(`[...document.querySelectorAll("td.values")].map((cell) => {
        const canvas = document.createElement("canvas").getContext("2d");
        canvas.font = getComputedStyle(cell.querySelector("pre") ?? cell).font;
        const style = getComputedStyle(cell);
        const inner = cell.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { inner, twenty: canvas.measureText("0".repeat(20)).width };
      })`)) as Array<{ inner: number; twenty: number }>;
      expect(layout).toHaveLength(3);
      for (const cell of layout) expect(cell.inner).toBeGreaterThanOrEqual(cell.twenty);
      const width = (await page.evaluate("document.documentElement.scrollWidth")) as number;
      expect(width).toBeLessThanOrEqual(1280);

    } finally {
      await browser.close();
    }
  });
});
