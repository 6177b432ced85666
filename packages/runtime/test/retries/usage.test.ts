// Token usage in tests (docs/testing.md, "Usage"): `ai.<prompt>.usage` and `ai.embed.usage` sum
// ⌈n / 4⌉ in and ⌈m / 4⌉ out per attempt or step, n and m code points of exactly the listed parts;
// a failure word answers nothing; a transport failure and its retries count nothing; a recording
// counts the usage it kept. Each expectation is worked out in the test from what was sent.
import { describe, expect, it } from "vitest";
import { projectOf } from "../../src/testing/project.ts";
import { shopFiles } from "./retry-project.ts";

const TESTS = `
test "a stream counts its text in, and its text out, in code points" {
    fakes: {
        ai.chat: [["👍🏽", " Rye."]]
    }
    var s = talk("Rye?")
    assert s.text == "👍🏽 Rye."
    assert ai.chat.usage == AiUsage { input_tokens: (text.length("Talk about Rye?") + 3) / 4  output_tokens: 2 }
}

test "an answer counts the rendered request in and its canonical JSON out" {
    fakes: {
        ai.answer_question: [Reply { text: "Yes."  resolved: true }]
    }
    var r = attempt ask("Sesame?")
    var answer = "{\\"resolved\\":true,\\"text\\":\\"Yes.\\"}"
    match list.first(ai.answer_question.sent) {
        some(sent) => {
            var n = text.length(sent.system) + text.length(sent.text) + text.length(sent.answer_format)
            assert ai.answer_question.usage == AiUsage { input_tokens: (n + 3) / 4  output_tokens: (text.length(answer) + 3) / 4 }
        }
        none => {
            assert false
        }
    }
}

test "a raw answer counts as it is, and a correction counts its correction" {
    fakes: {
        ai.classify: [raw("nonsense"), Tag.billing]
    }
    var t = attempt tag("Where is my invoice?")
    var sent: List<SentRequest> = ai.classify.sent
    match list.first(sent) {
        some(first) => {
            match list.last(sent) {
                some(second) => {
                    var correction = match second.correction {
                        some(c) => c
                        none => ""
                    }
                    var n1 = text.length(first.system) + text.length(first.text) + text.length(first.answer_format)
                    var n2 = text.length(second.system) + text.length(second.text) + text.length(second.answer_format) + text.length(correction)
                    assert text.length(correction) > 0
                    assert ai.classify.usage == AiUsage {
                        input_tokens: (n1 + 3) / 4 + (n2 + 3) / 4
                        output_tokens: (text.length("nonsense") + 3) / 4 + (text.length("\\"billing\\"") + 3) / 4
                    }
                }
                none => {
                    assert false
                }
            }
        }
        none => {
            assert false
        }
    }
}

test "a failure word answers nothing; a transport failure and its retries count nothing" {
    fakes: {
        ai.summarise: [refused, unavailable, unavailable, unavailable, unavailable, "Short."]
    }
    assert summary_of("Sesame?") fails AiRefused
    var refused_usage: AiUsage = ai.summarise.usage
    assert refused_usage.output_tokens == 0
    assert refused_usage.input_tokens > 0
    assert summary_of("Sesame?") fails AiTimedOut
    assert ai.summarise.usage == refused_usage
    var s = attempt summary_of("Sesame?")
    assert ai.summarise.retries == 3
    assert ai.summarise.usage == AiUsage { input_tokens: refused_usage.input_tokens * 2  output_tokens: (text.length("Short.") + 3) / 4 }
}

test "a tool loop's later step sends the earlier steps' answers and every tool result" {
    fakes: {
        ai.order_question: [call find_order(OrderQuery { code: "A-1" }), Reply { resolved: true  text: "Ready." }]
    }
    var r = attempt answer_order("Is A-1 ready?")
    var calls = "[{\\"arguments\\":{\\"code\\":\\"A-1\\"},\\"tool\\":\\"find_order\\"}]"
    var answer = "{\\"resolved\\":true,\\"text\\":\\"Ready.\\"}"
    var sent: List<SentRequest> = ai.order_question.sent
    match list.first(sent) {
        some(first) => {
            match list.last(sent) {
                some(second) => {
                    assert second.tool_results == ["{\\"result\\":\\"A-1\\"}"]
                    var n1 = text.length(first.system) + text.length(first.text) + text.length(first.answer_format)
                    var n2 = text.length(second.system) + text.length(second.text) + text.length(second.answer_format) + text.length(calls) + text.length("{\\"result\\":\\"A-1\\"}")
                    assert ai.order_question.usage == AiUsage {
                        input_tokens: (n1 + 3) / 4 + (n2 + 3) / 4
                        output_tokens: (text.length(calls) + 3) / 4 + (text.length(answer) + 3) / 4
                    }
                }
                none => {
                    assert false
                }
            }
        }
        none => {
            assert false
        }
    }
}

test "ai.embed counts its text in and nothing out" {
    fakes: {
        ai.embed: [[0.6, 0.0, 0.8], refused, unavailable, unavailable, unavailable]
    }
    var v = attempt vector_of("rye bread")
    assert vector_of("sourdough") fails AiRefused
    assert vector_of("spelt") fails AiTimedOut
    assert ai.embed.usage == AiUsage { input_tokens: (9 + 3) / 4 + (9 + 3) / 4  output_tokens: 0 }
}

test "a recording counts the usage it kept" {
    fakes: {
        ai.answer_question: [recorded("with_usage")]
    }
    var r = attempt ask("Sesame?")
    assert ai.answer_question.usage == AiUsage { input_tokens: 120  output_tokens: 7 }
}

test "a recording without usage counts its filled answer" {
    fakes: {
        ai.answer_question: [recorded("without_usage")]
    }
    var r = attempt ask("Sesame?")
    var answer = text.join(["{\\"resolved\\":false,\\"text\\":\\"", r.text, "\\"}"], "")
    var u: AiUsage = ai.answer_question.usage
    assert u.output_tokens == (text.length(answer) + 3) / 4
    assert u.input_tokens > 0
}

test "a tool prompt's recording counts the usage it kept, its replayed steps nothing more" {
    fakes: {
        ai.order_question: [unavailable, recorded("looked_up")]
    }
    var r = attempt answer_order("Is A-1 ready?")
    assert ai.order_question.steps == 2
    assert ai.order_question.retries == 1
    assert ai.order_question.called.find_order == [OrderQuery { code: "A-1" }]
    assert ai.order_question.usage == AiUsage { input_tokens: 300  output_tokens: 40 }
}

test "a prompt never asked used nothing" {
    assert ai.answer_question.usage == AiUsage { input_tokens: 0  output_tokens: 0 }
    assert ai.embed.usage == AiUsage { input_tokens: 0  output_tokens: 0 }
    assert ai.answer_question.retries == 0
}
`;

const recording = (asked: string) => `{
  "answer": {
    "resolved": false,
    "text": "{Text}"
  },${asked}
  "version": "answer_question@00000000"
}
`;

const RECORDINGS = {
  "domains/help/recordings/answer_question/with_usage.json": recording(`
  "asked": {
    "model": "test-model",
    "usage": {
      "input_tokens": 120,
      "output_tokens": 7
    },
    "values": "3f9a0c12"
  },`),
  "domains/help/recordings/answer_question/without_usage.json": recording(""),
  "domains/help/recordings/order_question/looked_up.json": `{
  "answer": {
    "resolved": true,
    "text": "{Text}"
  },
  "asked": {
    "model": "test-model",
    "usage": {
      "input_tokens": 300,
      "output_tokens": 40
    },
    "values": "3f9a0c12"
  },
  "steps": [
    {
      "calls": [
        {
          "arguments": {
            "code": "A-1"
          },
          "tool": "find_order"
        }
      ]
    }
  ],
  "version": "order_question@00000000"
}
`,
};

describe("ai.<prompt>.usage and ai.embed.usage", () => {
  for (const mode of ["sync", "async"] as const) {
    const p = projectOf(shopFiles(TESTS, "", RECORDINGS), mode);
    it.each(p.program.tests.map((t) => t.name))(`%s (${mode})`, async (name) => {
      expect(await p.fail(name)).toBe("passed");
    });
  }
});
