// `jadpo dev`'s sandboxed calls retry by the connection's policy (here `backoff: 100ms`), as the
// driver does everywhere: each retry is in the call's log line (what it followed, how long it
// waited), and counts toward `per_day` when the request before it reached the model (a 5xx or 429
// did; a refused connection did not). A retry the day's budget has no room for is not sent: the
// failure stands, and the line says why.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DevAi } from "../../src/dev-backend/backend.ts";
import { UsageCounter } from "../../src/dev-backend/usage.ts";
import { callAction, findAction } from "../../src/exec/call-action.ts";
import type { DevCall, NewDevCall } from "../../src/dev-log/call.ts";
import { startFakeModelServer, type Behaviour, type FakeModelServer } from "../../src/testing/openai-server.ts";
import { projectOf } from "../../src/testing/project.ts";

function app(perDay: number): string {
  return `locales { default: "en-GB" supported: ["en-GB"] }

connection local_model {
    capability: ai
    driver: openai_compatible
    base_url: env("JADPO_AI_BASE_URL", "http://127.0.0.1:9/v1")
    model: "m"
    retries: { max: 2  backoff: 100ms }
    development: {
        sandbox: [answer_question]
        per_day: ${perDay}
    }
}
`;
}

const SOURCE = `prompt answer_question(question: Text) {
    text: "Question: {question}"
}

action ask(question: Text) -> Text {
    return match ai.generate(AnswerQuestion { question: question }, as: Text) {
        success(t) => t
        failure AiTimedOut => "timed out"
        failure AiOverBudget => "over budget"
        failure _ => "other"
    }
}
`;

let server: FakeModelServer;
let root: string;
beforeAll(async () => {
  server = await startFakeModelServer({ kind: "answer", text: "x" });
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

function dev(perDay: number, baseUrl = server.url) {
  root = mkdtempSync(join(tmpdir(), "jadpo-dev-retries-"));
  const p = projectOf({ "app.jadpo": app(perDay), "domains/app/app.jadpo": SOURCE }, "async");
  const lines: NewDevCall[] = [];
  const usage = new UsageCounter(root);
  const ai = new DevAi(p.program, {
    root, usage, readFile: p.readFile, recordingKey: () => null, env: { JADPO_AI_BASE_URL: baseUrl },
    log: (call): DevCall => {
      lines.push(call);
      return { ...call, id: `call_${lines.length}` };
    },
  });
  return {
    lines,
    today: () => usage.today("local_model"),
    async ask(question: string): Promise<unknown> {
      const backend = ai.forRequest();
      const outcome = await callAction(p.compiled, findAction(p.compiled, "ask")!, [question], { backend, seed: 1, clockStart: 0 });
      await backend.end(null);
      return outcome.kind === "success" ? outcome.value : outcome;
    },
  };
}

function script(...steps: Behaviour[]): void {
  server.setBehaviour({ kind: "script", steps });
}

describe("a sandboxed call's retries in `jadpo dev`", () => {
  it("a 503, then a 429 with Retry-After, then the model's answer: each retry in the line, and each request in per_day", async () => {
    const d = dev(50);
    script({ kind: "unavailable" }, { kind: "rate_limit", retryAfter: "0" }, { kind: "answer", text: "No sesame." });
    expect(await d.ask("Sesame?")).toBe("No sesame.");
    expect(server.requests).toHaveLength(3);
    const line = d.lines[0];
    expect([line.source, line.attempts, line.outcome, line.retries]).toEqual(["model", 1, "success", [{ status: 503, wait_ms: 100 }, { status: 429, wait_ms: 0 }]]);
    expect(d.today()).toBe(3);
  });

  it("a call whose retries run out on 429 fails AiOverBudget, every request counted", async () => {
    const d = dev(50);
    script({ kind: "rate_limit", retryAfter: "0" });
    expect(await d.ask("Sesame?")).toBe("over budget");
    expect(d.lines[0].outcome).toBe("failure AiOverBudget");
    expect(d.lines[0].retries).toHaveLength(2);
    expect(d.today()).toBe(3);
  });

  it("stops retrying at per_day: the retry is not sent, the failure stands, and the line says why", async () => {
    const d = dev(2);
    script({ kind: "rate_limit", retryAfter: "0" });
    expect(await d.ask("Sesame?")).toBe("over budget");
    expect(server.requests).toHaveLength(2);
    const line = d.lines[0];
    expect(line.retries).toEqual([{ status: 429, wait_ms: 0 }]);
    expect(line.reason).toMatch(/^its retries stopped: the sandbox's per_day limit of 2 model requests is reached for \d{4}-\d{2}-\d{2} \(UTC\)$/);
    expect(d.today()).toBe(2);
  });

  it("retries a refused connection, counting none of its requests, then fakes the call as before", async () => {
    const d = dev(50, `http://127.0.0.1:${await closedPort()}/v1`);
    await d.ask("Sesame?");
    const line = d.lines[0];
    expect(line.source).toBe("generated");
    expect(line.retries).toEqual([{ error: "ECONNREFUSED", wait_ms: 100 }, { error: "ECONNREFUSED", wait_ms: 200 }]);
    expect(line.reason).toMatch(/^the model can't be reached: could not reach http:\/\/127\.0\.0\.1:\d+\/v1: ECONNREFUSED \(after 2 retries\)$/);
    expect(d.today()).toBe(0);
  });
});

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
