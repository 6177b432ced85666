// The block `jadpo ai record` prints, exactly as docs/cli-ai.md shows it, for each way of counting
// placeholders and each source of values.
import { describe, expect, it } from "vitest";
import { noPaint } from "@jadpo/compiler";
import { recordedText, type Recorded } from "../../src/commands/ai/record/render.ts";

const base: Recorded = {
  prompt: "answer_question", name: "not_covered", model: "meta-llama/Llama-3.1-8B-Instruct", connection: "local_model",
  from: { kind: "dev_call", id: "call_3" }, answer: { typeName: "SupportAnswer" }, placeholders: 1,
  fields: [{ path: "reply", placeholder: "{Text}" }],
  file: "domains/support/prompts/recordings/answer_question/not_covered.json", version: "answer_question@b44ecc53",
};

describe("the recorded block", () => {
  it("is the block docs/cli-ai.md shows", () => {
    expect(recordedText(base, noPaint)).toBe(
      "✓ Recorded `answer_question`'s answer as `not_covered`\n" +
      "    asked     meta-llama/Llama-3.1-8B-Instruct through local_model\n" +
      "    from      the last `jadpo dev` call, call_3\n" +
      "    answer    decodes as SupportAnswer\n" +
      "    values    1 placeholder\n" +
      "    file      domains/support/prompts/recordings/answer_question/not_covered.json\n" +
      "✓ answer recorded  answer_question@b44ecc53 · not_covered\n" +
      "→ jadpo test  decodes the recording and answers tests with it\n" +
      "  placeholders  reply → {Text}; `personal: false` on a field's type keeps it verbatim\n",
    );
  });

  it("says 0 placeholders, 1 placeholder, 2 placeholders", () => {
    const values = (n: number) => recordedText({ ...base, placeholders: n, fields: [] }, noPaint).split("\n")[4];
    expect([values(0), values(1), values(2)]).toEqual([
      "    values    0 placeholders",
      "    values    1 placeholder",
      "    values    2 placeholders",
    ]);
  });

  it("names each field kept as a placeholder, once, and says how to keep it verbatim", () => {
    const fields = [{ path: "reply", placeholder: "{Text}" }, { path: "tags[]", placeholder: "{Tag}" }];
    const lines = recordedText({ ...base, placeholders: 3, fields }, noPaint).split("\n");
    expect(lines[4]).toBe("    values    3 placeholders");
    expect(lines[8]).toBe("  placeholders  reply → {Text}, tags[] → {Tag}; `personal: false` on a field's type keeps it verbatim");
    expect(recordedText({ ...base, placeholders: 0, fields: [] }, noPaint)).not.toContain("personal: false");
  });

  it("names the dev call with the same values when a recording is asked again", () => {
    const from = recordedText({ ...base, from: { kind: "same_values_call", id: "call_2" } }, noPaint).split("\n")[2];
    expect(from).toBe("    from      the `jadpo dev` call with the same values, call_2");
  });

  it("names the fixture the values came from", () => {
    const from = recordedText({ ...base, from: { kind: "fixture", name: "questions.sesame" } }, noPaint).split("\n")[2];
    expect(from).toBe("    from      the fixture `questions.sesame`");
  });

  it("says what a tool prompt's recording replays, after `from`: each step's tools, or none", () => {
    const lines = (steps: string[][]) => recordedText({ ...base, steps }, noPaint).split("\n");
    expect(lines([["find_order", "summarized"]])[3]).toBe("    steps     1 step calling find_order, summarized");
    expect(lines([["find_order"], ["opening_hours", "find_order"]])[3]).toBe("    steps     2 steps calling find_order; opening_hours, find_order");
    expect(lines([])[3]).toBe("    steps     none: the model answered without calling a tool");
    expect(lines([])[4]).toBe("    answer    decodes as SupportAnswer");
    expect(recordedText(base, noPaint)).not.toContain("steps");
  });

  it("says how a stream arrived and stopped, and that its text isn't kept", () => {
    const stream = (pieces: number[], stopped: "finished" | "timed_out") =>
      recordedText({ ...base, answer: { stream: { pieces, stopped } }, placeholders: 0, fields: [] }, noPaint).split("\n").slice(3, 5);
    expect(stream([12, 9, 14], "finished")).toEqual([
      "    answer    streamed in 3 pieces, 35 characters in all, stopped `finished`",
      "    values    no text kept: a test reads generated words of each piece's length",
    ]);
    expect(stream([1], "timed_out")[0]).toBe("    answer    streamed in 1 piece, 1 character in all, stopped `timed_out`");
    expect(stream([], "timed_out")[0]).toBe("    answer    streamed in 0 pieces, 0 characters in all, stopped `timed_out`");
  });
});
