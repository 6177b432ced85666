// A tool that itself asks a model: it runs inside the calling action's context, so its own call is
// answered by the same fake, from its own prompt's script, in the order the requests happen; a
// tool that asks the loop's own prompt is a nested loop, whose `when` items keep each call's steps apart.
import { describe, expect, it } from "vitest";
import { toolProject } from "./tool-project.ts";

const EXTRA = `
type Summary = Text { min_length: 1 }
prompt summarize_order(code: OrderCode) {
    text: "Summarize order {code}."
}
action summarized_order(query: OrderQuery) fails Unanswered -> Summary {
    return match ai.generate(SummarizeOrder { code: query.code }, as: Summary) {
        success(s) => s
        failure _ => reject Unanswered
    }
}
prompt summary_question(question: Text) {
    text: "Question: {question}"
    tools: { summarized_order: "Summarizes an order." }
}
prompt order_chat(question: Text) {
    text: "Question: {question}"
    tools: { asked_again: "Asks about the order once more." }
}
action asked_again(query: OrderQuery) -> Text {
    return ask_chat(text.of(query.code))
}
action ask_chat(question: Text) -> Text {
    return match ai.generate(OrderChat { question: question }, as: Reply) {
        success(r) => r.reply
        failure _ => "sorry"
    }
}
action ask_summary(question: Text) -> Text {
    return match ai.generate(SummaryQuestion { question: question }, as: Reply) {
        success(r) => r.reply
        failure _ => "sorry"
    }
}
`;

const TESTS = `
test "the tool's own AI call takes its prompt's items" {
    fakes: {
        ai.summary_question: [
            call summarized_order(OrderQuery { code: "ABC-1234" }),
            Reply { reply: "Two loaves, ready at noon."  status_known: true }
        ]
        ai.summarize_order: ["Two sourdough loaves, ready at noon."]
    }
    assert ask_summary("What's in ABC-1234?") == "Two loaves, ready at noon."
    assert ai.summarize_order.requests == [SummarizeOrder { code: "ABC-1234" }]
    var sent: List<SentRequest> = ai.summary_question.sent
    match list.get(sent, 1) {
        some(second) => {
            assert second.tool_results == ["{\\"result\\":\\"Two sourdough loaves, ready at noon.\\"}"]
        }
        none => {
            assert false
        }
    }
}

test "a tool's own AI call takes its item's time, inside the step's" {
    fakes: {
        ai.summary_question: [
            call summarized_order(OrderQuery { code: "ABC-1234" }) after 1s,
            Reply { reply: "Two loaves."  status_known: true } after 1s
        ]
        ai.summarize_order: ["Two sourdough loaves." after 4s]
    }
    var start = clock.now()
    assert ask_summary("?") == "Two loaves."
    assert clock.now() - start == 6s
}

test "the tool's failure from its own AI call goes back to the model" {
    fakes: {
        ai.summary_question: [
            call summarized_order(OrderQuery { code: "ABC-1234" }),
            Reply { reply: "Sorry, no summary."  status_known: false }
        ]
        ai.summarize_order: [refused]
    }
    assert ask_summary("?") == "Sorry, no summary."
}
`;

const NESTED = `
test "a nested loop's calls each take their own when item's steps" {
    fakes: {
        ai.order_chat: [
            when { question: "Is ABC-1234 ready?" } => [
                call asked_again(OrderQuery { code: "ABC-1234" }),
                Reply { reply: "Outer: ready."  status_known: true }
            ],
            when { question: "ABC-1234" } => [Reply { reply: "Inner: ready."  status_known: true }]
        ]
    }
    assert ask_chat("Is ABC-1234 ready?") == "Outer: ready."
    assert ai.order_chat.requests == [OrderChat { question: "Is ABC-1234 ready?" }, OrderChat { question: "ABC-1234" }]
    assert ai.order_chat.steps == 3
}
`;

describe("a tool that calls AI", () => {
  for (const mode of ["sync", "async"] as const) {
    const p = toolProject(TESTS, mode, EXTRA);
    it.each([
      "the tool's own AI call takes its prompt's items", "a tool's own AI call takes its item's time, inside the step's",
      "the tool's failure from its own AI call goes back to the model",
    ])(`%s (${mode})`, async (name) => {
      expect(await p.fail(name)).toBe("passed");
    });
  }
});

describe("a tool that asks its own loop's prompt", () => {
  for (const mode of ["sync", "async"] as const) {
    it(`takes the inner call's when item between the outer call's steps (${mode})`, async () => {
      expect(await toolProject(NESTED, mode, EXTRA).fail("a nested loop's calls each take their own when item's steps")).toBe("passed");
    });
  }
});
