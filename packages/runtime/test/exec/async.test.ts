// An asynchronous AI backend (a real model in `jadpo dev`): the decoding and the one correction
// live above the backend, and actions run to the same outcomes as under the synchronous fake.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { TestInfo } from "@jadpo/compiler";
import type { AiBackend, GenerateCall, GenerateReply } from "../../src/ai/backend.ts";
import { callAction, findAction } from "../../src/exec/call-action.ts";
import { createContext } from "../../src/exec/context.ts";
import { failureDiagnostic } from "../../src/runner/failure.ts";
import { runTest } from "../../src/runner/run-test.ts";
import { filesUnder, projectOf } from "../../src/testing/project.ts";

const ROOT = fileURLToPath(new URL("../../../../examples/support", import.meta.url));

/** A backend that answers each attempt from a list, after a tick, and remembers what it was asked. */
function scriptedBackend(replies: GenerateReply[]): AiBackend & { calls: GenerateCall[] } {
  const calls: GenerateCall[] = [];
  return {
    calls,
    async generate(call) {
      calls.push(call);
      await new Promise((resolve) => setTimeout(resolve, 1));
      const reply = replies.shift();
      if (!reply) throw new Error("no reply left");
      return reply;
    },
    async stream() {
      return { pieces: ["a "], text: "a ", stopped: "finished" };
    },
    async embed(call) {
      return { kind: "vector", vector: new Array(call.dimensions).fill(0.25) };
    },
  };
}

describe("an asynchronous backend", () => {
  const p = projectOf(filesUnder(ROOT), "async");
  const action = findAction(p.compiled, "answer_customer")!;
  const options = { seed: 1, clockStart: Date.UTC(2026, 5, 1) };

  it("runs the example's tests with the fake just the same", async () => {
    for (const test of p.program.tests) {
      const result = await runTest(p.compiled, test, { runSeed: 1, readFile: p.readFile });
      expect([test.name, result.status, result.diagnostics.map((d) => d.rule)]).toEqual([test.name, "passed", []]);
    }
  });

  it("decodes a model's text and corrects it once", async () => {
    const backend = scriptedBackend([
      { kind: "text", text: "Sure! No sesame." },
      { kind: "text", text: '```json\n{"resolved_by_articles": true, "reply": "No sesame."}\n```' },
    ]);
    const outcome = await callAction(p.compiled, action, ["Sesame?"], { backend, ...options });
    expect(outcome).toEqual({ kind: "success", value: { resolved_by_articles: true, reply: "No sesame." } });
    expect(backend.calls.map((c) => c.attempt)).toEqual([1, 2]);
    expect(backend.calls[0].values).toEqual({ question: "Sesame?", reader_locale: "en_gb" });
    expect(backend.calls[0].correction).toBeUndefined();
    expect(backend.calls[1].correction).toMatchObject({ answer: "Sure! No sesame.", error: { rule: "json", path: "the answer" } });
  });

  it("fails with the app's own failure when the corrected answer still doesn't decode", async () => {
    const backend = scriptedBackend([
      { kind: "text", text: '{"resolved_by_articles": "yes", "reply": "x"}' },
      { kind: "text", text: '{"reply": "x"}' },
    ]);
    const outcome = await callAction(p.compiled, action, ["Sesame?"], { backend, ...options });
    expect(outcome.kind === "failure" && outcome.failure.name).toBe("AnswerUnreadable");
    expect(backend.calls[1].correction?.error).toMatchObject({ rule: "type", path: "resolved_by_articles" });
  });

  it("maps a model's refusal", async () => {
    const outcome = await callAction(p.compiled, action, ["Lock?"], { backend: scriptedBackend([{ kind: "failure", failure: "refused" }]), ...options });
    expect(outcome.kind === "failure" && outcome.failure.name).toBe("AssistantUnavailable");
  });

  it("reports a backend that breaks as an internal error, not a crash", async () => {
    const outcome = await callAction(p.compiled, action, ["Sesame?"], { backend: scriptedBackend([]), ...options });
    expect(outcome.kind).toBe("internal_error");
  });

  it("refuses an asynchronous backend where the program was compiled for a synchronous one", async () => {
    const sync = projectOf(filesUnder(ROOT), "sync");
    const outcome = await callAction(sync.compiled, findAction(sync.compiled, "answer_customer")!, ["Sesame?"], {
      backend: scriptedBackend([{ kind: "text", text: "{}" }]), ...options,
    });
    expect(outcome.kind).toBe("internal_error");
  });
});

describe("an unexpected exception in a test", () => {
  it("becomes toolchain.internal_error with the saved report's path", () => {
    const test = { name: "t", decl: { span: { file: "a.test.jadpo", line: 3, column: 1, start: 0, end: 1 } } } as unknown as TestInfo;
    const c = createContext({ seed: 1, backend: scriptedBackend([]), promptCount: 0, dimensions: 16 });
    const d = failureDiagnostic(new TypeError("x is undefined"), test, c, () => ".jadpo/internal-errors/1.txt");
    expect(d.rule).toBe("toolchain.internal_error");
    expect(d.span?.line).toBe(3);
    expect(d.summary).toBe("jadpo hit an internal error: x is undefined");
    expect(d.next).toBe("Report it with the saved report .jadpo/internal-errors/1.txt");
  });
});
