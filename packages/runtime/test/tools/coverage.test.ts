// `--coverage` at a tool prompt's call sites: after the generate outcomes (and `retried`, when the
// connection retries) come `loop_limit`, each tool's `called <tool>` (and `<tool> failed` for one
// that can fail), then `bad call`, each counted where the loop decides it.
import { describe, expect, it } from "vitest";
import { coverageAfter } from "../support/coverage.ts";
import { openingHoursCalls, SOURCE, toolProject } from "./tool-project.ts";

const TESTS = `
test "a call, then an answer" {
    fakes: {
        ai.order_question: [call find_order(OrderQuery { code: "ABC-1234" }), Reply { reply: "Ready."  status_known: true }]
    }
    var r = attempt ask("?")
}

test "a tool's failure, then an answer" {
    fakes: {
        ai.order_question: [call find_order(OrderQuery { code: "ZZZ-0000" }), Reply { reply: "No such order."  status_known: false }]
    }
    var r = attempt ask("?")
}

test "bad calls, then an answer" {
    fakes: {
        ai.order_question: [
            calls [raw_call("find_order", "{\\"code\\": 5}"), raw_call("find_orders", "{}"), opening_hours(NoInput { })],
            Reply { reply: "Open 9 to 5."  status_known: false }
        ]
    }
    var r = attempt ask("?")
}

test "a correction, a call, then an answer" {
    fakes: {
        ai.order_question: [raw("Sure!"), call opening_hours(NoInput { }), Reply { reply: "Open 9 to 5."  status_known: false }]
    }
    assert ask_or_limit("?") == "Open 9 to 5."
}

test "a correction that doesn't decode" {
    fakes: {
        ai.order_question: [raw("Sure!"), malformed]
    }
    assert ask_or_limit("?") == "unreadable"
}

test "the step limit" {
    fakes: {
        ai.order_question: [
${openingHoursCalls(8)}
        ]
    }
    assert ask_or_limit("?") == "limit"
}

test "a refusal" {
    fakes: {
        ai.order_question: [refused]
    }
    assert ask_or_limit("?") == "other"
}

test "unscripted" {
    var r = attempt ask("?")
}

test "two steps retried, one call" {
    fakes: {
        ai.order_question: [
            unavailable,
            call find_order(OrderQuery { code: "ABC-1234" }),
            rate_limited(2s),
            Reply { reply: "Ready."  status_known: true }
        ]
    }
    var r = attempt ask("?")
}
`;

const TOOL_OUTCOMES = ["loop_limit", "called find_order", "find_order failed", "called opening_hours", "bad call"];

async function coverageOf(names: string[], mode: "sync" | "async" = "sync", app?: string) {
  return coverageAfter(toolProject(TESTS, mode, "", app === undefined ? {} : { "app.jadpo": app }), names);
}

describe("coverage of a tool prompt's call sites", () => {
  it("lists the generate outcomes, retried, then loop_limit, each tool's (failed only for one that can fail), then bad call", async () => {
    const sites = await coverageOf([]);
    // `ask`'s call, then `ask_or_limit`'s.
    const lines = SOURCE.split("\n").flatMap((line, i) => (line.includes("ai.generate(") ? [i + 1] : []));
    expect(sites.map((s) => s.line)).toEqual(lines);
    for (const site of sites) {
      expect(Object.keys(site.outcomes)).toEqual(["success", "corrected", "refused", "timed_out", "over_budget", "too_long", "unreadable", "retried", ...TOOL_OUTCOMES]);
      // Where a reporter starts the loop's line.
      expect(site.loopFrom).toBe(8);
    }
  });

  it("counts retried once per call, however many of its steps were sent again", async () => {
    const [ask] = await coverageOf(["two steps retried, one call", "a call, then an answer"]);
    expect(ask.outcomes).toMatchObject({ success: 2, retried: 1, "called find_order": 2 });
  });

  it("lists no retried where the connection doesn't retry", async () => {
    const app = "connection model {\n    capability: ai\n    driver: openai_compatible\n    retries: { max: 0 }\n}\n";
    const [ask] = await coverageOf(["a call, then an answer"], "sync", app);
    expect(Object.keys(ask.outcomes)).toEqual(["success", "corrected", "refused", "timed_out", "over_budget", "too_long", "unreadable", ...TOOL_OUTCOMES]);
    expect(ask.loopFrom).toBe(7);
  });

  for (const mode of ["sync", "async"] as const) {
    it(`counts each tool call, failure and bad call, and how each call ended (${mode})`, async () => {
      const [ask, askOrLimit] = await coverageOf(["a call, then an answer", "a tool's failure, then an answer", "bad calls, then an answer", "unscripted"], mode);
      expect(ask.outcomes).toEqual({
        success: 4, corrected: 0, refused: 0, timed_out: 0, over_budget: 0, too_long: 0, unreadable: 0, retried: 0,
        // The unscripted run calls each tool once; the bad calls are a wrong type and a name no tool has.
        loop_limit: 0, "called find_order": 3, "find_order failed": 1, "called opening_hours": 2, "bad call": 2,
      });
      expect(Object.values(askOrLimit.outcomes).every((n) => n === 0)).toBe(true);
    });
  }

  it("counts an answer after the correction as corrected, even with steps between, and the step limit as loop_limit", async () => {
    const [, askOrLimit] = await coverageOf(["a correction, a call, then an answer", "a correction that doesn't decode", "the step limit", "a refusal"]);
    expect(askOrLimit.outcomes).toEqual({
      success: 0, corrected: 1, refused: 1, timed_out: 0, over_budget: 0, too_long: 0, unreadable: 1, retried: 0,
      // The last step's call ran before the limit ended the call: 8 of the limit's, 1 of the correction's test.
      loop_limit: 1, "called find_order": 0, "find_order failed": 0, "called opening_hours": 9, "bad call": 0,
    });
  });
});
