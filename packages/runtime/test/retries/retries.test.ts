// Transport failures in tests (docs/testing.md, "When the network fails"): `unavailable` and
// `rate_limited(…)` items retried by the connection's policy on the test clock — the Retry-After
// (capped by `timeout`), else the doubling backoff — each retry taking the next item; exhausted
// retries surfacing as AiTimedOut / AiOverBudget (a stream's stop); a retry is not an attempt.
import { describe, expect, it, vi } from "vitest";
import { runTest } from "../../src/runner/run-test.ts";
import { lineOf, projectOf } from "../../src/testing/project.ts";
import { shopFiles, TEST_FILE } from "./retry-project.ts";

const TESTS = `
test "a rate limit, then the answer twenty seconds later" {
    fakes: {
        ai.answer_question: [rate_limited(20s), Reply { resolved: true  text: "Yes." }]
    }
    var start = clock.now()
    var r = attempt ask("Sesame?")
    assert r.text == "Yes."
    assert clock.now() - start == 20s
    assert ai.answer_question.retries == 1
    assert ai.answer_question.attempts == 1
    assert list.count(ai.answer_question.sent) == 1
}

test "three unavailable fail AiTimedOut after 1s and 2s" {
    fakes: {
        ai.answer_question: [unavailable, unavailable, unavailable]
    }
    var start = clock.now()
    assert ask("Sesame?") fails AiTimedOut
    assert clock.now() - start == 1s + 2s
    assert ai.answer_question.retries == 2
    assert ai.answer_question.attempts == 1
}

test "the last transport failure decides" {
    fakes: {
        ai.answer_question: [unavailable, unavailable, rate_limited, rate_limited(5s), rate_limited, unavailable]
    }
    var start = clock.now()
    assert ask("a") fails AiOverBudget
    assert clock.now() - start == 1s + 2s
    assert ask("b") fails AiTimedOut
    assert clock.now() - start == 1s + 2s + 5s + 2s
    assert ai.answer_question.retries == 4
    assert ai.answer_question.attempts == 2
}

test "each attempt has its own retries, the correction's included" {
    fakes: {
        ai.answer_question: [unavailable, raw("Sure!"), unavailable, unavailable, Reply { resolved: true  text: "Yes." }]
    }
    var start = clock.now()
    var r = attempt ask("Sesame?")
    assert r.text == "Yes."
    assert ai.answer_question.attempts == 2
    assert ai.answer_question.retries == 3
    assert clock.now() - start == 1s + 1s + 2s
}

test "a transport failure takes no time itself unless it says after" {
    fakes: {
        ai.summarise: [unavailable after 3s, "Short."]
    }
    var start = clock.now()
    var s = attempt summary_of("Sesame?")
    assert s == "Short."
    assert clock.now() - start == 3s + 1s
}

test "a stream is retried, and stops with no pieces when its retries run out" {
    fakes: {
        ai.chat: [unavailable, "Our bread.", rate_limited, rate_limited, rate_limited]
    }
    var s = talk("bread")
    assert s.text == "Our bread."
    assert s.stopped == StreamStop.finished
    var cut = talk("rye")
    assert cut.stopped == StreamStop.over_budget
    assert cut.pieces == []
    assert cut.text == ""
    assert ai.chat.retries == 3
    assert ai.chat.attempts == 2
}

test "ai.embed is retried" {
    fakes: {
        ai.embed: [rate_limited(2s), [0.6, 0.0, 0.8], unavailable, unavailable, unavailable]
    }
    var start = clock.now()
    var v = attempt vector_of("rye")
    assert v == [0.6, 0.0, 0.8]
    assert vector_of("spelt") fails AiTimedOut
    assert ai.embed.retries == 3
    assert ai.embed.attempts == 2
    assert clock.now() - start == 2s + 1s + 2s
}

test "in a tool loop each step has its own retries, and a retry is not a step" {
    fakes: {
        ai.order_question: [
            unavailable,
            call find_order(OrderQuery { code: "A-1" }),
            rate_limited(3s),
            unavailable,
            Reply { resolved: true  text: "Ready." }
        ]
    }
    var start = clock.now()
    var r = attempt answer_order("Is A-1 ready?")
    assert r.text == "Ready."
    assert ai.order_question.steps == 2
    assert ai.order_question.retries == 3
    assert ai.order_question.called.find_order == [OrderQuery { code: "A-1" }]
    assert clock.now() - start == 1s + 3s + 2s
}

test "a retry beyond the script" {
    fakes: {
        ai.answer_question: [unavailable]
    }
    var r = attempt ask("Once only?")
}
`;

describe("transport failures retried by the default policy", () => {
  const passing = [
    "a rate limit, then the answer twenty seconds later", "three unavailable fail AiTimedOut after 1s and 2s", "the last transport failure decides",
    "each attempt has its own retries, the correction's included", "a transport failure takes no time itself unless it says after",
    "a stream is retried, and stops with no pieces when its retries run out", "ai.embed is retried",
    "in a tool loop each step has its own retries, and a retry is not a step",
  ];
  for (const mode of ["sync", "async"] as const) {
    const p = projectOf(shopFiles(TESTS), mode);
    it.each(passing)(`%s (${mode})`, async (name) => {
      expect(await p.fail(name)).toBe("passed");
    });
  }

  it("a retry beyond the script is named as the retry of its attempt", async () => {
    expect(await projectOf(shopFiles(TESTS)).fail("a retry beyond the script")).toBe([
      `FAIL  a retry beyond the script --> ${TEST_FILE}:${lineOf(TESTS, 'ask("Once only?")')}`,
      "  fakes: `ai.answer_question` scripted 1 answer; retry 1 of attempt 1 has none",
      "  reason: Each scripted item answers one attempt, so a script that runs out is loud rather than silently generating values.",
      "  next: Add an item to the script for each attempt, or remove the script (agent)",
      "  rule: test.fakes_exhausted",
    ].join("\n"));
  });
});

const POLICY_TESTS = `
test "backoff" {
    fakes: {
        ai.answer_question: [unavailable, unavailable, unavailable, Reply { resolved: true  text: "Yes." }]
    }
    var start = clock.now()
    var r = attempt ask("Sesame?")
    assert ai.answer_question.retries == 3
    assert clock.now() - start == 500ms + 1s + 2s
}

test "a long Retry-After" {
    fakes: {
        ai.answer_question: [rate_limited(1m), Reply { resolved: true  text: "Yes." }]
    }
    var start = clock.now()
    var r = attempt ask("Sesame?")
    assert clock.now() - start == 10s
}

test "no retries" {
    fakes: {
        ai.answer_question: [rate_limited(1s)]
        ai.embed: [unavailable]
    }
    var start = clock.now()
    assert ask("Sesame?") fails AiOverBudget
    assert vector_of("rye") fails AiTimedOut
    assert ai.answer_question.retries == 0
    assert clock.now() == start
}
`;

describe("the connection's retries: and timeout", () => {
  it("backoff doubles from the connection's, up to its max", async () => {
    const p = projectOf(shopFiles(POLICY_TESTS, "    retries: { max: 3  backoff: 500ms }\n"));
    expect(await p.fail("backoff")).toBe("passed");
  });

  it("a Retry-After is waited at most the connection's timeout", async () => {
    const p = projectOf(shopFiles(POLICY_TESTS, "    timeout: 10s\n"));
    expect(await p.fail("a long Retry-After")).toBe("passed");
  });

  it("max: 0 surfaces the first transport failure at once", async () => {
    const p = projectOf(shopFiles(POLICY_TESTS, "    retries: { max: 0 }\n"));
    expect(await p.fail("no retries")).toBe("passed");
    // The same test under the default policy retries, so its script runs out.
    expect((await projectOf(shopFiles(POLICY_TESTS)).run("no retries")).diagnostics.map((d) => d.rule)).toEqual(["test.fakes_exhausted"]);
  });
});

const HOURS = `
test "an hour's Retry-After, then a backoff" {
    fakes: {
        ai.answer_question: [rate_limited(1h), unavailable, Reply { resolved: true  text: "Yes." }]
    }
    var start = clock.now()
    var r = attempt ask("Sesame?")
    assert r.text == "Yes."
    assert clock.now() - start == 1h + 2s
    assert ai.answer_question.retries == 2
}
`;

describe("a test's retries never wait on real time", () => {
  const name = "an hour's Retry-After, then a backoff";
  // A timeout of 2h, so the hour's Retry-After is waited whole.
  const files = shopFiles(HOURS, "    timeout: 2h\n");

  it("a test with synchronous AI finishes synchronously: no timer could have run", () => {
    const p = projectOf(files);
    const result = runTest(p.compiled, p.test(name), { runSeed: 1, readFile: p.readFile });
    expect(result instanceof Promise).toBe(false);
    expect(result).toMatchObject({ status: "passed" });
  });

  it("a test with asynchronous AI sets no timer for its waits", async () => {
    const p = projectOf(files, "async");
    const timers = vi.spyOn(globalThis, "setTimeout");
    try {
      expect(await p.fail(name)).toBe("passed");
      // Only a wait as long as a retry's (1 s and up) would be one; anything shorter is not ours.
      expect(timers.mock.calls.filter(([, ms]) => typeof ms === "number" && ms >= 1000)).toEqual([]);
    } finally {
      timers.mockRestore();
    }
  });
});
