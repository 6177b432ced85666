// Items chosen by the request (docs/testing.md, "Answers chosen by the question"): a call takes the
// first unused `when` item whose fields equal its values, else the next positional item; every
// later attempt, correction and retry of that call takes from the same place. Embeddings by
// example (`like`), and `generated` among scripted items.
import { describe, expect, it } from "vitest";
import { fakeEmbedding } from "../../src/ai/embed.ts";
import { testSeed } from "../../src/seed.ts";
import { lineOf, projectOf } from "../../src/testing/project.ts";
import { shopFiles, TEST_FILE } from "../retries/retry-project.ts";

/** A test named `name` whose script answers two questions by `when` items, asked in the order `calls` gives. */
const inOrder = (name: string, calls: string[]) => `
test "${name}" {
    fakes: {
        ai.answer_question: [
            when { question: "Sesame?" } => Reply { resolved: true  text: "No sesame." },
            when { question: "Rye?" } => Reply { resolved: false  text: "Ask the baker." }
        ]
    }
${calls.join("\n")}
    assert sesame.text == "No sesame."
    assert rye.text == "Ask the baker."
}
`;

const SESAME = '    var sesame = attempt ask("Sesame?")';
const RYE = '    var rye = attempt ask("Rye?")';
const ORDER = inOrder("A then B", [SESAME, RYE]) + inOrder("B then A", [RYE, SESAME]);

// `ask` returns its reply or fails; each test below uses `attempt` so a failure is the test's.
const TESTS = `
test "a question asked twice takes its when item, then a positional one" {
    fakes: {
        ai.answer_question: [
            Reply { resolved: false  text: "Positional." },
            when { question: "Sesame?" } => Reply { resolved: true  text: "When." }
        ]
    }
    var first = attempt ask("Sesame?")
    var second = attempt ask("Sesame?")
    assert first.text == "When."
    assert second.text == "Positional."
}

test "a correction takes the next item of its when item's list" {
    fakes: {
        ai.answer_question: [
            when { question: "Sesame?" } => [malformed, Reply { resolved: true  text: "Corrected." }],
            Reply { resolved: false  text: "Rye." }
        ]
    }
    var sesame = attempt ask("Sesame?")
    var rye = attempt ask("Rye?")
    assert sesame.text == "Corrected."
    assert rye.text == "Rye."
    assert ai.answer_question.attempts == 3
}

test "a retry takes the next item of its when item's list" {
    fakes: {
        ai.answer_question: [when { question: "Sesame?" } => [rate_limited(5s), Reply { resolved: true  text: "Later." } after 1s]]
    }
    var start = clock.now()
    var r = attempt ask("Sesame?")
    assert r.text == "Later."
    assert ai.answer_question.retries == 1
    assert clock.now() - start == 6s
}

test "a when item's list runs out" {
    fakes: {
        ai.answer_question: [
            when { question: "Barley?" } => malformed,
            Reply { resolved: false  text: "Never taken by the correction." }
        ]
    }
    var r = attempt ask("Barley?")
}

test "no when item matches and no positional item is left" {
    fakes: {
        ai.answer_question: [
            when { question: "Sesame?" } => Reply { resolved: true  text: "No sesame." },
            Reply { resolved: false  text: "First." }
        ]
    }
    var first = attempt ask("Rye?")
    var second = attempt ask("Spelt?")
}

test "a when item no call matches" {
    fakes: {
        ai.answer_question: [when { question: "Millet?" } => Reply { resolved: true  text: "No millet." }]
    }
    assert true
}

test "a when item's answer left unused" {
    fakes: {
        ai.answer_question: [
            when { question: "Oats?" } => [
                Reply { resolved: true  text: "No oats." },
                Reply { resolved: true  text: "Unused." }
            ]
        ]
    }
    var r = attempt ask("Oats?")
}

test "a stream's when item, its pieces inside the list" {
    fakes: {
        ai.chat: [when { topic: "rye" } => [["Our ", "rye"]], "Anything else."]
    }
    var other = talk("spelt")
    var rye = talk("rye")
    assert rye.pieces == ["Our ", "rye"]
    assert other.text == "Anything else."
}

test "an embedding chosen by its text" {
    fakes: {
        ai.embed: [[0.0, 1.0, 0.0], when "rye" => [[1.0, 0.0, 0.0]]]
    }
    var spelt = attempt vector_of("spelt")
    var rye = attempt vector_of("rye")
    assert rye == [1.0, 0.0, 0.0]
    assert spelt == [0.0, 1.0, 0.0]
}

test "like is the embedding the fake gives its text" {
    fakes: {
        ai.embed: [like("gluten-free sourdough"), generated]
    }
    var query = attempt vector_of("anything at all")
    var same = attempt vector_of("gluten-free sourdough")
    assert query == same
}

test "a stream's generated item is generated text" {
    fakes: {
        ai.chat: [when { topic: "rye" } => "Rye.", generated]
    }
    var bread = talk("bread")
    var rye = talk("rye")
    assert rye.text == "Rye."
    assert text.length(bread.text) > 0 and bread.stopped == StreamStop.finished
}

test "generated among when items" {
    fakes: {
        ai.answer_question: [when { question: "Sesame?" } => refused, generated, generated]
    }
    var rye = attempt ask("Rye?")
    assert text.length(rye.text) > 0
    assert ask("Sesame?") fails AiRefused
    var spelt = attempt ask("Spelt?")
    assert ai.answer_question.attempts == 3
}

test "generated after the arrow" {
    fakes: {
        ai.answer_question: [when { question: "Sesame?" } => generated after 2s]
    }
    var start = clock.now()
    var r = attempt ask("Sesame?")
    assert clock.now() - start == 2s
}

test "a tool prompt's when item gives its call's steps" {
    fakes: {
        ai.order_question: [
            when { question: "Is A-1 ready?" } => [call find_order(OrderQuery { code: "A-1" }), Reply { resolved: true  text: "Ready." }],
            when { question: "Hours?" } => Reply { resolved: true  text: "Nine to five." }
        ]
    }
    var hours = attempt answer_order("Hours?")
    var ready = attempt answer_order("Is A-1 ready?")
    assert hours.text == "Nine to five."
    assert ready.text == "Ready."
    assert ai.order_question.steps == 3
    assert ai.order_question.called.find_order == [OrderQuery { code: "A-1" }]
}

test "generated for a tool prompt takes the unscripted steps" {
    fakes: {
        ai.order_question: [generated]
    }
    var r = attempt answer_order("Is it ready?")
    assert ai.order_question.steps == 2
    assert list.count(ai.order_question.called.find_order) == 1
}
`;

const RECORD_VALUES = `
type Order = Object {
    code: Text
    loaves: Int
}

prompt order_note(order: Order, urgent: Bool) {
    text: "Write a note for {order}."
}

action note_for(order: Order, urgent: Bool) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable -> Text {
    return attempt ai.generate(OrderNote { order: order  urgent: urgent }, as: Text)
}
`;

const RECORD_TESTS = `
test "a record field is compared whole, with ==" {
    fakes: {
        ai.order_note: [
            when { order: Order { code: "A-1"  loaves: 2 } } => "Two loaves.",
            when { order: Order { code: "A-1"  loaves: 3 }  urgent: true } => "Three, urgently.",
            "Anything else."
        ]
    }
    var other = attempt note_for(Order { code: "A-1"  loaves: 3 }, false)
    var urgent = attempt note_for(Order { code: "A-1"  loaves: 3 }, true)
    var two = attempt note_for(Order { code: "A-1"  loaves: 2 }, false)
    assert other == "Anything else."
    assert urgent == "Three, urgently."
    assert two == "Two loaves."
}
`;

describe("when items", () => {
  for (const mode of ["sync", "async"] as const) {
    const order = projectOf(shopFiles(ORDER), mode);
    it(`two calls with different questions are answered by their when items, whatever the order (${mode})`, async () => {
      expect(await order.fail("A then B")).toBe("passed");
      expect(await order.fail("B then A")).toBe("passed");
    });
  }

  it("without its when items, the same script answers by position, so the order matters", async () => {
    const positional = ORDER.replace(/when \{ question: "[^"]+" \} => /g, "");
    const p = projectOf(shopFiles(positional));
    expect(await p.fail("A then B")).toBe("passed");
    expect(await p.fail("B then A")).toContain('assert: sesame.text == "No sesame."');
  });

  const p = projectOf(shopFiles(TESTS));
  it.each([
    "a question asked twice takes its when item, then a positional one", "a correction takes the next item of its when item's list",
    "a retry takes the next item of its when item's list", "a stream's when item, its pieces inside the list", "an embedding chosen by its text",
    "like is the embedding the fake gives its text", "a stream's generated item is generated text", "generated among when items", "generated after the arrow",
    "a tool prompt's when item gives its call's steps", "generated for a tool prompt takes the unscripted steps",
  ])("%s", async (name) => {
    expect(await p.fail(name)).toBe("passed");
  });

  it("like(\"x\") is exactly the vector the fake embeds \"x\" as, under the test's seed", async () => {
    const name = "like, against the vector itself";
    const vector = fakeEmbedding(testSeed(1, TEST_FILE, name), "x", 3);
    const test = `test "${name}" {\n    fakes: {\n        ai.embed: [like("x")]\n    }\n    var v = attempt vector_of("something else")\n    assert v == [${vector.map((n) => String(n)).join(", ")}]\n}\n`;
    const q = projectOf(shopFiles(test));
    expect(await q.fail(name)).toBe("passed");
    // Under another run seed, the test's seed and so its embedding differ: the vector is the seed's.
    expect(await q.fail(name, { runSeed: 2 })).toContain("rule: test.assertion_failed");
  });

  it("a record-typed field is compared whole, and every field must equal the call's", async () => {
    const q = projectOf(shopFiles(RECORD_TESTS, "", { "domains/help/notes.jadpo": RECORD_VALUES }));
    expect(await q.fail("a record field is compared whole, with ==")).toBe("passed");
  });

  it("a call that took a when item never takes a positional item: past its list, test.fakes_exhausted", async () => {
    expect(await p.fail("a when item's list runs out")).toBe([
      `FAIL  a when item's list runs out --> ${TEST_FILE}:${lineOf(TESTS, 'var r = attempt ask("Barley?")')}`,
      `  fakes: \`ai.answer_question\`'s \`when\` item on line ${lineOf(TESTS, 'when { question: "Barley?" } => malformed')} scripted 1 answer; attempt 2 of its call has none`,
      "  reason: Each scripted item answers one attempt, so a script that runs out is loud rather than silently generating values.",
      "  next: Add an item to the script for each attempt, or remove the script (agent)",
      "  rule: test.fakes_exhausted",
    ].join("\n"));
  });

  it("a call no when item matches, with no positional item left, is test.fakes_exhausted at its first attempt", async () => {
    const result = await p.run("no when item matches and no positional item is left");
    expect(result.diagnostics.map((d) => [d.rule, d.span?.line, d.details[0].text])).toEqual([[
      "test.fakes_exhausted", lineOf(TESTS, 'var second = attempt ask("Spelt?")'),
      "`ai.answer_question` has no unused `when` item for this call's values, and scripted 1 answer by position; attempt 2 has none",
    ]]);
  });

  it("a when item no call took, and an answer of its list left unused, are test.fakes_unused", async () => {
    const none = await p.run("a when item no call matches");
    expect(none.diagnostics.map((d) => [d.rule, d.span?.line, d.details[0].text])).toEqual([[
      "test.fakes_unused", lineOf(TESTS, 'when { question: "Millet?" }'),
      `\`ai.answer_question\`'s \`when\` item on line ${lineOf(TESTS, 'when { question: "Millet?" }')} matched no call`,
    ]]);
    const left = await p.run("a when item's answer left unused");
    expect(left.diagnostics.map((d) => [d.rule, d.span?.line, d.details[0].text])).toEqual([[
      "test.fakes_unused", lineOf(TESTS, 'text: "Unused."'),
      `\`ai.answer_question\`'s \`when\` item on line ${lineOf(TESTS, 'when { question: "Oats?" }')} scripted 2 answers; its call used 1`,
    ]]);
  });
});
