// docs/production.md's `jadpo serve` session, line for line: the example served on all interfaces
// prints its URL, then one log line for a call. Only what changes from run to run is normalised:
// the port, and the log's time, request id and milliseconds (each checked for its form).
import { rmSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeModelServer, type FakeModelServer } from "@jadpo/runtime/testing";
import { pageBlock } from "../dev/page-blocks.ts";
import { copyExample } from "../support/example.ts";
import { Served } from "./served.ts";

const SESSION = pageBlock("docs/production.md", "$ JADPO_SERVE_TOKEN=… jadpo serve");

let model: FakeModelServer;
let example: string;

beforeAll(async () => {
  model = await startFakeModelServer({
    kind: "answer",
    text: JSON.stringify({ resolved_by_articles: true, reply: "The seeded rye has sesame." }),
    usage: { prompt_tokens: 156, completion_tokens: 21 },
  });
  example = copyExample("jadpo-serve-page-");
});

afterAll(async () => {
  await model.close();
  rmSync(example, { recursive: true, force: true });
});

/** A log line with what varies by run replaced by the docs' values, once each is seen to be of its form. */
function normalised(line: string, shown: Record<string, unknown>): string {
  const fields = JSON.parse(line) as Record<string, unknown>;
  expect(fields.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(fields.request_id).toMatch(/^req_[0-9a-f]{16}$/);
  expect(fields.ms).toEqual(expect.any(Number));
  expect(fields.ai_ms).toEqual(expect.any(Number));
  return JSON.stringify({ ...fields, time: shown.time, request_id: shown.request_id, ms: shown.ms, ai_ms: shown.ai_ms });
}

it("prints the URL and then a call's log line as the page shows them", async () => {
  expect(SESSION[0]).toBe("$ JADPO_SERVE_TOKEN=… jadpo serve --host 0.0.0.0 --port 8080");
  const served = await Served.start(example, { host: "0.0.0.0", port: 0 }, { JADPO_AI_BASE_URL: model.url });
  try {
    const answered = await served.call("answer_customer", { question: "Does the rye contain sesame?" });
    expect(answered.status).toBe(200);
  } finally {
    expect(await served.close()).toBe(0);
  }
  const [url, ...log] = served.stdout.trimEnd().split("\n");
  expect(url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
  expect(served.stderr).toBe("");
  const shownLog = SESSION.slice(2).map((line) => JSON.parse(line) as Record<string, unknown>);
  expect([url.replace(/:\d+$/, ":8080"), ...log.map((line, i) => normalised(line, shownLog[i] ?? {}))]).toEqual(SESSION.slice(1));
});
