// The fake's scripts (docs/testing.md): one item per attempt, in order; every item kind; running out and
// leaving items unused; the one correction; requests and attempts.
import { describe, expect, it } from "vitest";
import { lineOf, projectOf } from "../../src/testing/project.ts";
import { GOOD_RECORDING, RECORDING_FILE, TEST_FILE, helpFiles } from "./help-project.ts";

const TESTS = `
test "a scripted answer and what was asked" {
    fakes: {
        ai.answer_question: [Reply { resolved: true  text: "Yes." }]
    }
    var r = attempt ask("Sesame?")
    assert r.text == "Yes."
    assert r.resolved
    var asked: List<AnswerQuestion> = ai.answer_question.requests
    assert list.count(asked) == 1
    assert list.first(asked) == AnswerQuestion { question: "Sesame?" }
    assert ai.answer_question.attempts == 1
}

test "an answer that doesn't decode is corrected once" {
    fakes: {
        ai.answer_question: [
            raw("Sure! No sesame."),
            raw("{\\"resolved\\": true, \\"text\\": \\"No sesame.\\"}")
        ]
    }
    var r = attempt ask("Sesame?")
    assert r.text == "No sesame."
    assert ai.answer_question.attempts == 2
    assert list.count(ai.answer_question.requests) == 1
}

test "a fenced raw answer decodes" {
    fakes: {
        ai.answer_question: [raw("\`\`\`json\\n{\\"resolved\\": false, \\"text\\": \\"x\\"}\\n\`\`\`")]
    }
    var r = attempt ask("Sesame?")
    assert r.text == "x"
}

test "malformed then a value is a corrected answer" {
    fakes: {
        ai.answer_question: [malformed, Reply { resolved: false  text: "ok" }]
    }
    var r = attempt ask("Sesame?")
    assert r.text == "ok"
    assert ai.answer_question.attempts == 2
}

test "malformed twice is unreadable" {
    fakes: {
        ai.answer_question: [malformed, malformed]
    }
    assert ask("Sesame?") fails AiUnreadable
    assert ai.answer_question.attempts == 2
}

test "raw text for a Text-based type is taken verbatim" {
    fakes: {
        ai.summarise: [raw("Short and sweet."), malformed, malformed]
    }
    var s = attempt summary_of("Sesame?")
    assert s == "Short and sweet."
    assert summary_of("Again?") fails AiUnreadable
}

test "each failure word is its AI failure" {
    fakes: {
        ai.answer_question: [refused, timed_out, over_budget, too_long]
    }
    assert ask("a") fails AiRefused
    assert ask("b") fails AiTimedOut
    assert ask("c") fails AiOverBudget
    assert ask("d") fails AiTooLong
    assert ai.answer_question.attempts == 4
}

test "a script that runs out" {
    fakes: {
        ai.answer_question: [Reply { resolved: true  text: "once" }]
    }
    var r = attempt ask("first")
    var again = attempt ask("second")
}

test "a script that runs out inside a loop" {
    fakes: {
        ai.answer_question: [Reply { resolved: true  text: "once" }]
    }
    for q in ["first", "second"] {
        if text.length(q) > 0 {
            var r = attempt ask(Question(q))
        }
    }
}

test "an empty script" {
    fakes: {
        ai.answer_question: []
    }
    var r = attempt ask("first")
}

test "a script with items left" {
    fakes: {
        ai.answer_question: [
            Reply { resolved: true  text: "used" },
            Reply { resolved: true  text: "left over" }
        ]
    }
    var r = attempt ask("only once")
}

test "a recorded answer" {
    fakes: {
        ai.answer_question: [recorded("not_covered")]
    }
    var r = attempt ask("Do you deliver to Jersey?")
    assert r.resolved == false
    assert text.length(r.text) > 0
    assert ai.answer_question.attempts == 1
}

test "a typed answer asked as another type" {
    fakes: {
        ai.summarise: [Reply { resolved: true  text: "a reply" }]
    }
    var r = attempt summary_of("Sesame?")
}

test "the typed answer's own type" {
    fakes: {
        ai.summarise: [Reply { resolved: true  text: "a reply" }, "A summary."]
    }
    var r = attempt summary_reply("Sesame?")
    assert r.text == "a reply"
    var s = attempt summary_of("Sesame?")
    assert s == "A summary."
}

test "scripted enum answers" {
    fakes: {
        ai.classify: [Tag.shipping, raw("\\"billing\\""), raw("nonsense"), raw("\\"other\\"")]
    }
    var a = attempt tag("Where is my parcel?")
    assert a == Tag.shipping
    var b = attempt tag("Invoice")
    assert b == Tag.billing
    var c = attempt tag("?")
    assert c == Tag.other
}
`;

describe("scripted answers", () => {
  const p = projectOf(helpFiles(TESTS));

  it.each([
    "a scripted answer and what was asked", "an answer that doesn't decode is corrected once", "a fenced raw answer decodes",
    "malformed then a value is a corrected answer", "malformed twice is unreadable", "raw text for a Text-based type is taken verbatim",
    "each failure word is its AI failure", "a recorded answer", "the typed answer's own type", "scripted enum answers",
  ])("%s", async (name) => {
    expect(await p.fail(name)).toBe("passed");
  });

  it("fails an attempt beyond the script at the calling statement", async () => {
    expect(await p.fail("a script that runs out")).toBe(
      [
        `FAIL  a script that runs out --> ${TEST_FILE}:${lineOf(TESTS, 'var again = attempt ask("second")')}`,
        "  fakes: `ai.answer_question` scripted 1 answer; attempt 2 has none",
        "  reason: Each scripted item answers one attempt, so a script that runs out is loud rather than silently generating values.",
        "  next: Add an item to the script for each attempt, or remove the script (agent)",
        "  rule: test.fakes_exhausted",
      ].join("\n"),
    );
    expect((await p.run("a script that runs out")).diagnostics[0].summary).toBe("`ai.answer_question` was asked more often than scripted");
  });

  it("points at the innermost test statement running", async () => {
    const result = await p.run("a script that runs out inside a loop");
    expect(result.diagnostics[0].rule).toBe("test.fakes_exhausted");
    expect(result.diagnostics[0].span?.line).toBe(lineOf(TESTS, "var r = attempt ask(Question(q))"));
  });

  it("treats an empty script as no answers at all", async () => {
    const result = await p.run("an empty script");
    expect(result.diagnostics[0].rule).toBe("test.fakes_exhausted");
    expect(result.diagnostics[0].details).toEqual([{ label: "fakes", text: "`ai.answer_question` scripted 0 answers; attempt 1 has none" }]);
  });

  it("fails a body that completes with items left, at the first unused item", async () => {
    expect(await p.fail("a script with items left")).toBe(
      [
        `FAIL  a script with items left --> ${TEST_FILE}:${lineOf(TESTS, 'text: "left over"')}`,
        "  fakes: `ai.answer_question` scripted 2 answers; 1 was used",
        "  reason: Every scripted item answers one attempt, so an unused one means the code asked less often than the test thinks.",
        "  next: Remove the unused items, or check why the code asked less (agent)",
        "  rule: test.fakes_unused",
      ].join("\n"),
    );
  });

  it("fails an attempt that asks a typed item for another type", async () => {
    const result = await p.run("a typed answer asked as another type");
    const d = result.diagnostics[0];
    expect(d.rule).toBe("test.fake_type");
    expect(d.summary).toBe("A scripted answer doesn't decode as `Summary`");
    expect(d.span?.line).toBe(lineOf(TESTS, 'ai.summarise: [Reply { resolved: true  text: "a reply" }]'));
    expect(d.details).toEqual([{ label: "fakes", text: "`ai.summarise` attempt 1 asks for `Summary`; its scripted answer is a `Reply`" }]);
  });

  it("fails a test whose recording no longer decodes, at the recorded item", async () => {
    const bad = GOOD_RECORDING.replace('"resolved": false', '"resolved": "yes"');
    const readFile = (path: string) => (path === RECORDING_FILE ? new TextEncoder().encode(bad) : p.readFile(path));
    expect(await p.fail("a recorded answer", { readFile })).toBe(
      [
        `FAIL  a recorded answer --> ${TEST_FILE}:${lineOf(TESTS, 'recorded("not_covered")')}`,
        "  decode: `answer_question`'s recording `not_covered` doesn't decode: `type` on `resolved`",
        "  expected: Bool",
        "  got: Text",
        "  reason: Every build decodes every recording through each type its prompt is asked for as, every rule included, so an answer no call could read, or one its type has changed under since it was recorded, shows here before a test answers with it.",
        "  next: Correct its answer to the type, or record it again: `jadpo ai record answer_question --as not_covered --force` (agent)",
        "  rule: test.recording_undecodable",
      ].join("\n"),
    );
  });

  it("fills a recording's placeholders from the test's seed", async () => {
    const asText = (result: { diagnostics: { details: { label: string; text: string }[] }[] }) =>
      result.diagnostics[0]?.details.find((d) => d.label === "got")?.text;
    const q = projectOf(helpFiles(`
test "what the placeholder became" {
    fakes: {
        ai.answer_question: [recorded("not_covered")]
    }
    var r = attempt ask("Jersey?")
    assert r.text == ""
}
`));
    const one = asText(await q.run("what the placeholder became", { runSeed: 1 }));
    const again = asText(await q.run("what the placeholder became", { runSeed: 1 }));
    const other = asText(await q.run("what the placeholder became", { runSeed: 2 }));
    expect(one).toMatch(/^"[a-z]+( [a-z]+)*"$/);
    expect(again).toBe(one);
    expect(other).not.toBe(one);
  });
});
