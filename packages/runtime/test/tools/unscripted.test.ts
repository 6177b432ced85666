// A tool prompt without a script: each tool is called once, in `tools:` order, with generated
// arguments (valid by construction), then a generated answer; with more tools than `max_steps - 1`,
// only the first `max_steps - 1`.
import { describe, expect, it } from "vitest";
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

/** A prompt with more tools than its steps leave room for before the answer. */
const SHORT = `
prompt short_question(question: Text) {
    text: "Question: {question}"
    tools: {
        find_order: "Finds an order by its code."
        opening_hours: "Today's opening hours."
    }
    max_steps: 2
}
action answered_short(question: Text) -> Bool {
    return match ai.generate(ShortQuestion { question: question }, as: Reply) {
        success(r) => true
        failure _ => false
    }
}
`;

const SHORT_TESTS = `
test "only the first max_steps - 1 tools, then an answer" {
    assert answered_short("?")
    assert ai.short_question.steps == 2
    assert list.count(ai.short_question.called.find_order) == 1
    assert ai.short_question.called.opening_hours == []
}
`;

describe("an unscripted tool prompt", () => {
  for (const mode of ["sync", "async"] as const) {
    it(`calls every tool once with valid arguments, then answers (${mode})`, async () => {
      const p = toolProject(TESTS, mode);
      for (let seed = 1; seed <= 200; seed++) expect(await p.fail("every tool once, then an answer", { runSeed: seed })).toBe("passed");
    });

    it(`with more tools than max_steps - 1, calls only the first max_steps - 1, leaving the last step for the answer (${mode})`, async () => {
      const p = toolProject(SHORT_TESTS, mode, SHORT);
      for (let seed = 1; seed <= 50; seed++) expect(await p.fail("only the first max_steps - 1 tools, then an answer", { runSeed: seed })).toBe("passed");
    });
  }
});
