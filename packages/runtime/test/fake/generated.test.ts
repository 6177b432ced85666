// What the fake gives without a script, streams, embeddings, and the seeded clock and random
// numbers (docs/testing.md): deterministic per test seed, different across run seeds.
import { describe, expect, it } from "vitest";
import { lineOf, projectOf } from "../../src/testing/project.ts";
import { TEST_FILE, helpFiles } from "./help-project.ts";

const TESTS = `
test "an unscripted answer is a generated valid value" {
    var r = attempt ask("Anything?")
    assert text.length(r.text) > 0
    var s = attempt summary_of("Anything?")
    assert text.length(s) <= 100
    var t = attempt tag("Anything?")
    assert ai.answer_question.attempts == 1
    assert list.count(ai.summarise.requests) == 1
}

test "show a generated reply" {
    var r = attempt ask("Anything?")
    assert r.text == ""
}

test "a scripted stream" {
    fakes: {
        ai.chat: ["one two three four five", partial("cut off here", timed_out), refused]
    }
    var s = talk("bread")
    assert s.text == "one two three four five"
    assert s.pieces == ["one two three ", "four five"]
    assert s.stopped == StreamStop.finished
    var p = talk("cakes")
    assert p.text == "cut off here"
    assert p.pieces == ["cut off here"]
    assert p.stopped == StreamStop.timed_out
    var r = talk("locks")
    assert r.text == ""
    assert list.is_empty(r.pieces)
    assert r.stopped == StreamStop.refused
    assert ai.chat.attempts == 3
    assert list.count(ai.chat.requests) == 3
    assert list.first(ai.chat.requests) == Chat { topic: "bread" }
}

test "an unscripted stream" {
    var s = talk("bread")
    assert list.count(s.pieces) >= 1
    assert text.join(s.pieces, "") == s.text
    assert s.stopped == StreamStop.finished
}

test "scripted embeddings" {
    fakes: {
        ai.embed: [[1, 0, 0], refused, [0.0, 1.0, 0.0]]
    }
    var a = attempt vector_of("one")
    assert a == [1.0, 0.0, 0.0]
    assert vector_of("two") fails AiRefused
    var b = attempt vector_of("three")
    assert vector.similarity(a, b) == 0.0
}

test "derived embeddings" {
    var a = attempt vector_of("same text")
    var b = attempt vector_of("same text")
    var c = attempt vector_of("other text")
    assert a == b
    assert a != c
    assert list.count(a) == 3
    assert vector.similarity(a, b) > 0.999999
}

test "an embedding script that runs out" {
    fakes: {
        ai.embed: [[1, 0, 0]]
    }
    var a = attempt vector_of("one")
    var b = attempt vector_of("two")
}

test "the clock starts at the same instant and moves when told" {
    var start = clock.now()
    advance clock by 5m
    assert clock.now() == start
}

test "random numbers" {
    var n = random.int(1, 1000000000)
    var m = random.int(1, 1000000000)
    assert [n, m] == []
}

test "random numbers stay in range" {
    assert random.int(3, 3) == 3
    var mut i = 0
    for x in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20] {
        var r = random.int(-2, 2)
        assert r >= -2 and r <= 2
    }
}
`;

function got(result: { diagnostics: { details: { label: string; text: string }[] }[] }): string | undefined {
  return result.diagnostics[0]?.details.find((d) => d.label === "got")?.text;
}

describe("generated answers, streams, embeddings, clock and random", () => {
  const p = projectOf(helpFiles(TESTS));

  it.each(["an unscripted answer is a generated valid value", "a scripted stream", "an unscripted stream", "scripted embeddings",
    "derived embeddings", "random numbers stay in range"])("%s", async (name) => {
    expect(await p.fail(name)).toBe("passed");
  });

  it("generates the same default for the same seed, another for another seed", async () => {
    const one = got(await p.run("show a generated reply", { runSeed: 1 }));
    expect(one).toMatch(/^"[a-z]+( [a-z]+)*"$/);
    expect(got(await p.run("show a generated reply", { runSeed: 1 }))).toBe(one);
    const others = new Set<string | undefined>();
    for (const runSeed of [2, 3, 4]) others.add(got(await p.run("show a generated reply", { runSeed })));
    expect([...others].some((text) => text !== one)).toBe(true);
  });

  it("names `ai.embed` when its script runs out", async () => {
    const result = await p.run("an embedding script that runs out");
    expect(result.diagnostics[0].rule).toBe("test.fakes_exhausted");
    expect(result.diagnostics[0].span?.line).toBe(lineOf(TESTS, 'var b = attempt vector_of("two")'));
    expect(result.diagnostics[0].details).toEqual([{ label: "fakes", text: "`ai.embed` scripted 1 answer; attempt 2 has none" }]);
    expect(result.diagnostics[0].summary).toBe("`ai.embed` was asked more often than scripted");
  });

  it("starts every test's clock at 2026-01-01T00:00:00Z and advances it", async () => {
    const result = await p.run("the clock starts at the same instant and moves when told");
    expect(result.diagnostics[0].details).toEqual([
      { label: "assert", text: "clock.now() == start" },
      { label: "got", text: "2026-01-01T00:05:00Z" },
      { label: "expected", text: "2026-01-01T00:00:00Z" },
    ]);
    expect(result.diagnostics[0].span).toMatchObject({ file: TEST_FILE, line: lineOf(TESTS, "assert clock.now() == start") });
  });

  it("seeds random.int by the run seed and the test", async () => {
    const one = got(await p.run("random numbers", { runSeed: 1 }));
    expect(one).toMatch(/^\[\d+, \d+\]$/);
    expect(got(await p.run("random numbers", { runSeed: 1 }))).toBe(one);
    expect(got(await p.run("random numbers", { runSeed: 2 }))).not.toBe(one);
  });
});
