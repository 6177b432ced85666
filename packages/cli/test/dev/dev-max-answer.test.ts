// `jadpo dev` and a model answer over the connection's `max_answer` (docs/ai.md, docs/dev.md):
// the call fails as AiTooLong; raised, the answer is accepted, and its log line stays small.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { copyExample } from "../support/example.ts";
import { CALL_LOG, RunningDev, callLog, stopAll } from "./dev-server.ts";

const MiB = 1024 * 1024;
const reply = "word ".repeat((3 * MiB) / 5);
let model: FakeModelServer;
const roots: string[] = [];

beforeAll(async () => {
  model = await startFakeModelServer({
    kind: "answer",
    text: (req) => JSON.stringify({ resolved_by_articles: false, reply: JSON.stringify(req.body).includes("Big?") ? reply : "Small." }),
  });
});
afterAll(async () => {
  await stopAll();
  await model.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function project(maxAnswer: number | null): string {
  const root = copyExample("jadpo-dev-max-answer-");
  roots.push(root);
  if (maxAnswer !== null) {
    const app = join(root, "app.jadpo");
    writeFileSync(app, readFileSync(app, "utf8").replace("    timeout: 30s\n", `    timeout: 30s\n    max_answer: ${maxAnswer}\n`));
  }
  return root;
}

describe("max_answer in jadpo dev", () => {
  it("by default (1 MiB), a 3 MiB answer fails the call as AiTooLong, and the server goes on", async () => {
    const root = project(null);
    const dev = await RunningDev.start(root, { JADPO_AI_BASE_URL: model.url });
    const big = await dev.post("answer_customer", { question: "Big?" });
    expect(big.status).toBe(503);
    expect(big.json.error.code).toBe("assistant_unavailable");
    expect(callLog(root)[0]).toMatchObject({ id: "call_1", source: "model", outcome: "failure AiTooLong" });
    const next = await dev.post("answer_customer", { question: "Small?" });
    expect(next.json).toEqual({ result: { resolved_by_articles: false, reply: "Small." } });
    expect(callLog(root)[1]).toMatchObject({ id: "call_2", outcome: "success" });
  });

  it("raised to 4 MiB, the answer is accepted whole, and its log line keeps 64 KiB of it", async () => {
    const root = project(4 * MiB);
    const dev = await RunningDev.start(root, { JADPO_AI_BASE_URL: model.url });
    const big = await dev.post("answer_customer", { question: "Big?" });
    expect(big.status).toBe(200);
    expect(big.json.result.reply).toBe(reply);
    const line = readFileSync(join(root, CALL_LOG), "utf8");
    expect(line.length).toBeLessThan(70 * 1024);
    expect(callLog(root)[0].answer).toMatch(/^\{"resolved_by_articles":false,"reply":"word word .*… \(cut: the answer is \d+ characters\)$/);
    expect((await dev.request("GET", "/health")).status).toBe(200);
    expect((await dev.request("GET", "/_dev/calls.json")).json.calls[0].id).toBe("call_1");
  });
});
