// `jadpo dev` and `ai.embed` (docs/dev.md): embeddings are lexical there too, from one seed, so
// the example's nearest article is found as in its tests; each embed call is a line of the call log.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { copyExample } from "../support/example.ts";
import { RunningDev, callLog, closedPort, stopAll } from "./dev-server.ts";

let root = "";

beforeAll(() => {
  root = copyExample("jadpo-dev-embed-");
});

afterAll(async () => {
  await stopAll();
  rmSync(root, { recursive: true, force: true });
});

it("finds the nearest help article and logs each embed call", async () => {
  const dev = await RunningDev.start(root, { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
  const res = await dev.post("nearest_article", { question: "Is the bakery open on Sunday?" });
  expect(res.status).toBe(200);
  expect(res.json.result.title).toBe("Opening hours");
  const calls = callLog(root);
  expect(calls.map((c) => [c.id, c.prompt, c.version, c.values, c.source, c.attempts, c.outcome])).toEqual([
    ["call_1", "embed", "embed", { text: "Is the bakery open on Sunday?" }, "generated", 1, "success"],
    ["call_2", "embed", "embed", { text: "Our sourdough contains no sesame, but the seeded rye is baked with sesame seeds." }, "generated", 1, "success"],
    ["call_3", "embed", "embed", { text: "Orders placed before noon are delivered the next morning." }, "generated", 1, "success"],
    ["call_4", "embed", "embed", { text: "The bakery opens at seven every day except Sunday." }, "generated", 1, "success"],
  ]);
  expect(dev.stdout).toContain("call_1 embed ← generated · 1 attempt");
  expect(await dev.stop()).toBe(0);
});
