// `jadpo dev` with a model that repeats its key (docs/dev.md): whole, JSON-escaped or in part, the
// key is `***` in the result, the call log, `/_dev`, `/_dev/calls.json` and the terminal.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { copyExample } from "../support/example.ts";
import { CALL_LOG, RunningDev, stopAll } from "./dev-server.ts";

// A quote and a backslash, so the key written inside JSON text differs from the key itself.
const KEY = 'sk-relprobe3"DEV\\KEY-71c0de55aa';
const escaped = (text: string): string => JSON.stringify(text).slice(1, -1);

/** Every run of 8 characters of the key, as it is and as JSON text writes it (once or twice). */
function pieces(): string[] {
  const out = new Set<string>();
  for (const form of [KEY, escaped(KEY), escaped(escaped(KEY))]) {
    for (let at = 0; at + 8 <= form.length; at++) out.add(form.slice(at, at + 8));
  }
  return [...out];
}

const REPLIES: Record<string, (key: string) => string> = {
  "Whole?": (key) => `your key is ${key}`,
  "Escaped?": (key) => `the config says {"key": ${JSON.stringify(key)}}`,
  "Partial?": (key) => `key starts ${key.slice(0, -3)}`,
};

let model: FakeModelServer;
let root: string;
beforeAll(async () => {
  model = await startFakeModelServer({
    kind: "answer",
    text: (req) => {
      const key = String(req.headers["authorization"]).replace(/^Bearer /, "");
      const question = Object.keys(REPLIES).find((q) => JSON.stringify(req.body).includes(q)) ?? "Whole?";
      return JSON.stringify({ resolved_by_articles: false, reply: REPLIES[question](key) });
    },
  });
  root = copyExample("jadpo-dev-key-");
});
afterAll(async () => {
  await stopAll();
  await model.close();
  rmSync(root, { recursive: true, force: true });
});

describe("a model that repeats its key", () => {
  it("is answered and logged with *** for the key, whole, JSON-escaped or 8 characters of it, on every surface", async () => {
    const dev = await RunningDev.start(root, { JADPO_AI_BASE_URL: model.url, JADPO_AI_KEY: KEY });
    const results: unknown[] = [];
    for (const question of Object.keys(REPLIES)) {
      const res = await dev.post("answer_customer", { question });
      expect(res.status).toBe(200);
      results.push(res.json.result.reply);
    }
    expect(model.requests.map((r) => r.headers["authorization"])).toEqual(Object.keys(REPLIES).map(() => `Bearer ${KEY}`));
    expect(results).toEqual(["your key is ***", 'the config says {"key": "***"}', "key starts ***"]);

    const log = readFileSync(join(root, CALL_LOG), "utf8");
    expect(log.split("\n").filter((l) => l !== "").map((l) => (JSON.parse(l) as { answer: { reply: string } }).answer.reply)).toEqual(results);
    const page = await dev.request("GET", "/_dev");
    const json = await dev.request("GET", "/_dev/calls.json");
    expect(page.status).toBe(200);
    expect((json.json as { calls: unknown[] }).calls).toHaveLength(3);
    const surfaces = { "calls.jsonl": log, "/_dev": page.text, "/_dev/calls.json": json.text, stdout: dev.stdout, stderr: dev.stderr };
    for (const [where, text] of Object.entries(surfaces)) {
      expect({ where, found: pieces().filter((piece) => text.includes(piece)) }).toEqual({ where, found: [] });
    }
  });
});
