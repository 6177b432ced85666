// A tool prompt's script: `call`, `calls` and `raw_call` steps, what goes back to the model as
// JSON, a tool's failure and a bad call the model recovers from, the correction as a step, and
// the step limit; a tool's runtime fault is the whole call's.
import { describe, expect, it } from "vitest";
import { SHOP_BROKEN } from "../../src/testing/shop.ts";
import { openingHoursCalls, toolProject } from "./tool-project.ts";

const TESTS = `
test "a call, then an answer" {
    fakes: {
        ai.order_question: [
            call find_order(OrderQuery { code: "ABC-1234" }),
            Reply { reply: "Ready."  status_known: true }
        ]
    }
    var r = attempt ask("Is ABC-1234 ready?")
    assert r.reply == "Ready."
    assert ai.order_question.steps == 2
    assert ai.order_question.called.find_order == [OrderQuery { code: "ABC-1234" }]
    assert ai.order_question.called.opening_hours == []
    var sent: List<SentRequest> = ai.order_question.sent
    match list.get(sent, 1) {
        some(second) => {
            assert second.tool_results == ["{\\"result\\":{\\"code\\":\\"ABC-1234\\",\\"ready\\":true}}"]
        }
        none => {
            assert false
        }
    }
}

test "a tool's failure goes back to the model, which recovers" {
    fakes: {
        ai.order_question: [
            call find_order(OrderQuery { code: "ZZZ-0000" }),
            Reply { reply: "I couldn't find that order."  status_known: false }
        ]
    }
    var r = attempt ask("Where is ZZZ-0000?")
    assert r.reply == "I couldn't find that order."
    assert ai.order_question.called.find_order == [OrderQuery { code: "ZZZ-0000" }]
    var sent: List<SentRequest> = ai.order_question.sent
    match list.get(sent, 1) {
        some(second) => {
            assert second.tool_results == ["{\\"error\\":{\\"code\\":\\"order_not_found\\",\\"failure\\":\\"OrderNotFound\\",\\"message\\":\\"No such order.\\"}}"]
        }
        none => {
            assert false
        }
    }
}

test "bad calls go back as decode errors" {
    fakes: {
        ai.order_question: [
            calls [raw_call("find_order", "{\\"code\\": 5}"), raw_call("find_orders", "{}"), opening_hours(NoInput { })],
            raw_call("find_order", "{\\"code\\": \\"abc\\"}"),
            Reply { reply: "Open 9 to 5."  status_known: false }
        ]
    }
    var r = attempt ask("When are you open?")
    assert r.reply == "Open 9 to 5."
    assert ai.order_question.steps == 3
    assert ai.order_question.called.find_order == []
    assert list.count(ai.order_question.called.opening_hours) == 1
    var sent: List<SentRequest> = ai.order_question.sent
    match list.get(sent, 1) {
        some(second) => {
            assert second.tool_results == [
                "{\\"error\\":{\\"decode\\":\\"\`type\` on \`code\`: expected OrderCode, got Int\\"}}",
                "{\\"error\\":{\\"decode\\":\\"unknown tool \`find_orders\`\\"}}",
                "{\\"result\\":\\"9 to 5\\"}"
            ]
        }
        none => {
            assert false
        }
    }
    match list.get(sent, 2) {
        some(third) => {
            assert third.tool_results == ["{\\"error\\":{\\"decode\\":\\"\`pattern\` on \`code\`: expected text matching \\\\\\"[A-Z]{3}-[0-9]{4}\\\\\\", got \\\\\\"abc\\\\\\"\\"}}"]
        }
        none => {
            assert false
        }
    }
}

test "arguments that aren't JSON name the arguments" {
    fakes: {
        ai.order_question: [raw_call("find_order", "ABC-1234"), Reply { reply: "?"  status_known: false }]
    }
    var r = attempt ask("?")
    var sent: List<SentRequest> = ai.order_question.sent
    match list.get(sent, 1) {
        some(second) => {
            assert second.tool_results == ["{\\"error\\":{\\"decode\\":\\"\`json\` on \`the arguments\`: expected one JSON value, got \\\\\\"ABC-1234\\\\\\"\\"}}"]
        }
        none => {
            assert false
        }
    }
}

test "the correction is a step, and tool calls may come between" {
    fakes: {
        ai.order_question: [
            raw("Sure!"),
            call opening_hours(NoInput { }),
            Reply { reply: "Open 9 to 5."  status_known: false }
        ]
    }
    var r = attempt ask("When are you open?")
    assert r.reply == "Open 9 to 5."
    assert ai.order_question.steps == 3
    var sent: List<SentRequest> = ai.order_question.sent
    match list.get(sent, 1) {
        some(second) => {
            assert second.correction != none
            assert second.tool_results == []
        }
        none => {
            assert false
        }
    }
}

test "a correction after a step that called tools sends no tool results" {
    fakes: {
        ai.order_question: [
            call opening_hours(NoInput { }),
            raw("Sure!"),
            Reply { reply: "Open 9 to 5."  status_known: false }
        ]
    }
    var r = attempt ask("When are you open?")
    assert ai.order_question.steps == 3
    var sent: List<SentRequest> = ai.order_question.sent
    match list.get(sent, 2) {
        some(third) => {
            assert third.correction != none
            assert third.tool_results == []
        }
        none => {
            assert false
        }
    }
}

test "a second undecodable answer is unreadable, whatever steps came between" {
    fakes: {
        ai.order_question: [raw("Sure!"), call opening_hours(NoInput { }), raw("Still sure!")]
    }
    assert ask_or_limit("?") == "unreadable"
    assert ai.order_question.steps == 3
}

test "8 calling steps with max_steps 8 fail AiLoopLimit, the last step's calls having run" {
    fakes: {
        ai.order_question: [
${openingHoursCalls(7)},
            call find_order(OrderQuery { code: "ABC-1234" })
        ]
    }
    assert ask_or_limit("?") == "limit"
    assert ai.order_question.steps == 8
    assert ai.order_question.called.find_order == [OrderQuery { code: "ABC-1234" }]
    assert list.count(ai.order_question.called.opening_hours) == 7
}

test "a correction needed at the last step is not asked for" {
    fakes: {
        ai.order_question: [
${openingHoursCalls(7)},
            raw("Sure!")
        ]
    }
    assert ask_or_limit("?") == "limit"
    assert ai.order_question.steps == 8
}

test "a step's after is that turn's time; the tools take none" {
    fakes: {
        ai.order_question: [
            call find_order(OrderQuery { code: "ABC-1234" }) after 2s,
            calls [opening_hours(NoInput { }), raw_call("find_order", "{}")] after 500ms,
            Reply { reply: "Ready."  status_known: true } after 1s
        ]
    }
    var start = clock.now()
    var r = attempt ask("?")
    assert clock.now() - start == 3500ms
}

test "a step beyond the script" {
    fakes: {
        ai.order_question: [call opening_hours(NoInput { }) after 2s]
    }
    var before = clock.now()
    var r = attempt ask("?")
}
`;

describe("a scripted tool prompt", () => {
  for (const mode of ["sync", "async"] as const) {
    const p = toolProject(TESTS, mode);
    it.each([
      "a call, then an answer", "a tool's failure goes back to the model, which recovers", "bad calls go back as decode errors",
      "arguments that aren't JSON name the arguments", "the correction is a step, and tool calls may come between",
      "a correction after a step that called tools sends no tool results",
      "a second undecodable answer is unreadable, whatever steps came between",
      "8 calling steps with max_steps 8 fail AiLoopLimit, the last step's calls having run", "a correction needed at the last step is not asked for",
      "a step's after is that turn's time; the tools take none",
    ])(`%s (${mode})`, async (name) => {
      expect(await p.fail(name)).toBe("passed");
    });

    it(`counts a step beyond the script as exhausted, per step (${mode})`, async () => {
      const result = await p.run("a step beyond the script");
      expect(result.diagnostics.map((d) => d.rule)).toEqual(["test.fakes_exhausted"]);
      expect(result.diagnostics[0].details).toEqual([{ label: "fakes", text: "`ai.order_question` scripted 1 answer; step 2 has none" }]);
    });
  }
});

const FAULT = `
test "a tool that faults" {
    fakes: {
        ai.broken_question: [call broken(OrderQuery { code: "ABC-1234" }), "Done."]
    }
    assert ask_broken("?") == "other"
}
`;

describe("a tool's runtime fault", () => {
  for (const mode of ["sync", "async"] as const) {
    it(`is a fault of the whole call: no failure arm catches it, and the test fails with it (${mode})`, async () => {
      const result = await toolProject(FAULT, mode, SHOP_BROKEN).run("a tool that faults");
      expect(result.status).toBe("failed");
      expect(result.diagnostics.map((d) => [d.rule, d.details[0]?.text])).toEqual([["runtime.fault", "Division by zero"]]);
    });
  }
});
