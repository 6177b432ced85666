// A tool prompt without a script: each tool is called once, in `tools:` order, with generated
// arguments (valid by construction), then a generated answer.
import { describe, expect, it } from "vitest";
import { newObserver, observingBackend } from "../../src/runner/observe.ts";
import type { AiBackend } from "../../src/ai/backend.ts";
import { toolProject } from "./tool-project.ts";

const TESTS = `
test "every tool once, then an answer" {
    var r = attempt ask("Where is my order?")
    assert ai.order_question.steps == 3
    assert ai.order_question.attempts == 3
    assert list.count(ai.order_question.requests) == 1
    var orders: List<OrderQuery> = ai.order_question.called.find_order
    assert list.count(orders) == 1
    assert list.count(ai.order_question.called.opening_hours) == 1
    var sent: List<SentRequest> = ai.order_question.sent
    assert list.count(sent) == 3
    match list.get(sent, 0) {
        some(first) => {
            assert first.tool_results == []
        }
        none => {
            assert false
        }
    }
    match list.get(sent, 2) {
        some(last) => {
            assert last.tool_results == ["{\\"result\\":\\"9 to 5\\"}"]
        }
        none => {
            assert false
        }
    }
}
`;

describe("an unscripted tool prompt", () => {
  for (const mode of ["sync", "async"] as const) {
    it(`calls every tool once with valid arguments, then answers (${mode})`, async () => {
      const p = toolProject(TESTS, mode);
      for (let seed = 1; seed <= 200; seed++) expect(await p.fail("every tool once, then an answer", { runSeed: seed })).toBe("passed");
    });
  }
});

describe("coverage of a tool prompt's call", () => {
  it("counts an answer after tool-calling steps as a success, not a correction", () => {
    const p = toolProject(TESTS);
    const prompt = p.program.prompts.get("order_question")!;
    const observer = newObserver(true);
    const unused = (): never => {
      throw new Error("not asked");
    };
    const inner: AiBackend = { generate: () => ({ kind: "value", value: { reply: "ok", status_known: true } }), stream: unused, embed: unused };
    const backend = observingBackend(inner, () => true, observer);
    const span = prompt.calls[0];
    backend.generate({ prompt, values: {}, asType: prompt.asTypes[0], attempt: 3, depth: 1, span });
    expect(Object.values(observer.coverage!)).toEqual([{ success: 1 }]);
  });
});
