// `jadpo dev`'s sandboxed calls retry by the connection's policy (here `backoff: 100ms`), as the
// driver does everywhere: each retry is in the call's log line (what it followed, how long it
// waited), and counts toward `per_day` when the request before it reached the model (a 5xx or 429
// did; a refused connection did not). A retry the day's budget has no room for is not sent: the
// failure stands, and the line says why. Every line has the call's usage: the model's reported
// usage (a recording's kept one), else the estimate tests use, marked `estimated`.
import { describe, expect, it } from "vitest";
import { codePointLength, recordingPath, TEXT } from "@jadpo/compiler";
import { answerFormatInstruction } from "../../src/ai/prompt-texts.ts";
import type { Behaviour } from "../../src/testing/openai-server.ts";
import { closedPort } from "../../src/testing/ports.ts";
import { devApp, devBackends } from "./dev-harness.ts";

function app(perDay: number, sandboxed = true): string {
  return devApp(sandboxed ? ["answer_question"] : [], perDay, ["retries: { max: 2  backoff: 100ms }"]);
}

const SOURCE = `prompt answer_question(question: Text) {
    text: "Question: {question}"
}

action embedded(question: Text) -> Int {
    return match ai.embed(question) {
        success(e) => list.count(e)
        failure _ => 0
    }
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

const { server, dev: devOf } = devBackends("jadpo-dev-retries-");

/** What a call asking for Text is sent beside its text. */
const TEXT_FORMAT = answerFormatInstruction(TEXT);

const RECORDINGS = recordingPath("domains/app/app.jadpo", "answer_question", "x").slice(0, -"/x.json".length);

function dev(perDay: number, baseUrl = server().url, sandboxed = true, recordings: Record<string, unknown> = {}) {
  const files: Record<string, string> = { "app.jadpo": app(perDay, sandboxed), "domains/app/app.jadpo": SOURCE };
  for (const [name, file] of Object.entries(recordings)) files[`${RECORDINGS}/${name}.json`] = `${JSON.stringify(file)}\n`;
  const d = devOf(files, { JADPO_AI_BASE_URL: baseUrl });
  return {
    lines: d.lines,
    today: () => d.usage.today("local_model"),
    version: d.program.prompts.get("answer_question")!.version,
    ask: (question: string, action = "ask") => d.ask(action, question),
  };
}

function script(...steps: Behaviour[]): void {
  server().setBehaviour({ kind: "script", steps });
}

describe("a sandboxed call's retries in `jadpo dev`", () => {
  it("a 503, then a 429 with Retry-After, then the model's answer: each retry in the line, and each request in per_day", async () => {
    const d = dev(50);
    script({ kind: "unavailable" }, { kind: "rate_limit", retryAfter: "0" }, { kind: "answer", text: "No sesame." });
    expect(await d.ask("Sesame?")).toBe("No sesame.");
    expect(server().requests).toHaveLength(3);
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
    expect(server().requests).toHaveLength(2);
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

describe("a call's usage in its `jadpo dev` log line", () => {
  it("is the model's reported usage, counting only the request that was answered, not the ones retried", async () => {
    const d = dev(50);
    script({ kind: "unavailable" }, { kind: "answer", text: "No sesame.", usage: { prompt_tokens: 20, completion_tokens: 5 } });
    await d.ask("Sesame?");
    expect(d.lines[0].usage).toEqual({ input_tokens: 20, output_tokens: 5 });
  });

  it("is the estimate when the model reports none: ⌈code points / 4⌉ of what was sent and of the answer", async () => {
    const d = dev(50);
    script({ kind: "answer", text: "No sesame.", usage: null });
    await d.ask("Sesame?");
    // Sent: "Question: Sesame?" (17 code points) and the answer format for Text; answered "No sesame." (10).
    expect(d.lines[0].usage).toEqual({ input_tokens: Math.ceil((17 + codePointLength(TEXT_FORMAT)) / 4), output_tokens: 3, estimated: true });
  });

  it("counts nothing for a request whose retries ran out", async () => {
    const d = dev(50);
    script({ kind: "rate_limit", retryAfter: "0" });
    await d.ask("Sesame?");
    expect(d.lines[0].usage).toEqual({ input_tokens: 0, output_tokens: 0 });
  });

  it("is the estimate of a faked answer, or the usage a recording kept", async () => {
    const generated = dev(50, server().url, false);
    await generated.ask("Sesame?");
    expect(generated.lines[0]).toMatchObject({ source: "generated", usage: { input_tokens: Math.ceil((17 + codePointLength(TEXT_FORMAT)) / 4), estimated: true } });
    const recorded = dev(50, server().url, false, {
      kept: { answer: "{Text}", asked: { model: "m", usage: { input_tokens: 30, output_tokens: 7 }, values: "00000000" }, version: generated.version },
    });
    await recorded.ask("Sesame?");
    expect(recorded.lines[0]).toMatchObject({ source: "recording kept (no recording of these values)", usage: { input_tokens: 30, output_tokens: 7 } });
    expect(recorded.lines[0].usage).not.toHaveProperty("estimated");
    expect(server().requests).toHaveLength(0);
  });

  it("is the estimate of an embedding's text", async () => {
    const d = dev(50);
    await d.ask("Is the bakery open?", "embedded");
    expect(d.lines[0]).toMatchObject({ prompt: "embed", usage: { input_tokens: 5, output_tokens: 0, estimated: true } });
  });
});
