// A tool prompt's recording: `recorded("name")` replays its steps — the tools run again on the
// filled arguments — then answers, 1 + steps steps from one script item; the recording test (and
// `jadpo check`'s decoding) decodes every step's arguments and the answer, with the diagnostics an
// answer gets; `jadpo dev`'s fake answers replay the same way.
import { describe, expect, it } from "vitest";
import { recordingPath } from "@jadpo/compiler";
import { undecodableRecordings } from "../../src/recordings/decodable.ts";
import { runRecordingTest } from "../../src/runner/run-recording-test.ts";
import { recordedAnswer } from "../../src/dev-backend/fake-answers.ts";
import { toolProject } from "./tool-project.ts";

const TESTS = `
test "a recording replays its steps, then answers" {
    fakes: {
        ai.order_question: [recorded("ready")]
    }
    var r = attempt ask("Is ABC-1234 ready?")
    assert r.status_known == true
    assert ai.order_question.steps == 3
    assert ai.order_question.requests == [OrderQuestion { question: "Is ABC-1234 ready?" }]
    assert ai.order_question.called.find_order == [OrderQuery { code: "ABC-1234" }, OrderQuery { code: "ABC-1234" }]
    assert list.count(ai.order_question.called.opening_hours) == 1
    var sent: List<SentRequest> = ai.order_question.sent
    match list.get(sent, 2) {
        some(third) => {
            assert third.tool_results == ["{\\"result\\":\\"9 to 5\\"}", "{\\"result\\":{\\"code\\":\\"ABC-1234\\",\\"ready\\":true}}"]
        }
        none => {
            assert false
        }
    }
}

test "a recording's placeholders in arguments are filled with valid values" {
    fakes: {
        ai.order_question: [recorded("placeholders"), recorded("placeholders")]
    }
    var first = attempt ask("?")
    var second = attempt ask("?")
    assert list.count(ai.order_question.called.find_order) == 2
    assert ai.order_question.steps == 4
}

test "a recording with more steps than max_steps fails AiLoopLimit" {
    fakes: {
        ai.order_question: [recorded("too_many")]
    }
    assert ask_or_limit("?") == "limit"
    assert ai.order_question.steps == 8
}

test "a recording whose step names no tool of the prompt" {
    fakes: {
        ai.order_question: [recorded("unknown_tool")]
    }
    var r = attempt ask("?")
}

test "a recording whose step's arguments don't decode" {
    fakes: {
        ai.order_question: [recorded("bad_arguments")]
    }
    var r = attempt ask("?")
}
`;

const FOLDER = recordingPath("domains/shop/shop.jadpo", "order_question", "x").slice(0, -"/x.json".length);
const version = toolProject("").program.prompts.get("order_question")!.version;

function file(steps: unknown, answer: unknown = { reply: "{Text}", status_known: true }): string {
  return `${JSON.stringify({ answer, steps, version }, null, 2)}\n`;
}

const call = (tool: string, args: unknown) => ({ arguments: args, tool });
const RECORDINGS: Record<string, string> = {
  ready: file([{ calls: [call("find_order", { code: "ABC-1234" })] }, { calls: [call("opening_hours", {}), call("find_order", { code: "ABC-1234" })] }]),
  placeholders: file([{ calls: [call("find_order", { code: "{OrderCode}" })] }]),
  too_many: file(Array.from({ length: 9 }, () => ({ calls: [call("opening_hours", {})] }))),
  unknown_tool: file([{ calls: [call("opening_hours", {})] }, { calls: [call("find_orders", { code: "ABC-1234" })] }]),
  bad_arguments: file([{ calls: [call("find_order", { code: 5 })] }]),
  no_steps: file([]),
};

const project = (mode: "sync" | "async") => toolProject(TESTS, mode, "", Object.fromEntries(Object.entries(RECORDINGS).map(([name, text]) => [`${FOLDER}/${name}.json`, text])));

describe("a tool prompt's recording in a test", () => {
  for (const mode of ["sync", "async"] as const) {
    const p = project(mode);
    it.each([
      "a recording replays its steps, then answers", "a recording's placeholders in arguments are filled with valid values",
      "a recording with more steps than max_steps fails AiLoopLimit",
    ])(`%s (${mode})`, async (name) => {
      expect(await p.fail(name)).toBe("passed");
    });

    it(`is test.recording_undecodable at the item when a step names no tool, or its arguments don't decode (${mode})`, async () => {
      const unknown = await p.run("a recording whose step names no tool of the prompt");
      expect(unknown.diagnostics.map((d) => [d.rule, d.details])).toEqual([["test.recording_undecodable", [
        { label: "decode", text: "`order_question`'s recording `unknown_tool` doesn't decode: `member` on `steps[1].calls[0].tool`" },
        { label: "expected", text: "one of the prompt's tools (find_order, opening_hours)" },
        { label: "got", text: '"find_orders"' },
      ]]]);
      const bad = await p.run("a recording whose step's arguments don't decode");
      expect(bad.diagnostics.map((d) => d.details)).toEqual([[
        { label: "decode", text: "`order_question`'s recording `bad_arguments` doesn't decode: `type` on `steps[0].calls[0].arguments.code`" },
        { label: "expected", text: "OrderCode" },
        { label: "got", text: "Int" },
      ]]);
    });
  }
});

describe("a tool prompt's recording test", () => {
  const p = project("sync");
  const outcome = (name: string) => {
    const recording = p.program.recordings.find((r) => r.name === name)!;
    return runRecordingTest(p.program, recording, { runSeed: 1, readFile: p.readFile });
  };

  it("decodes every step's arguments and the answer: good recordings pass, with no alert", () => {
    for (const name of ["ready", "placeholders", "too_many", "no_steps"]) {
      expect([name, outcome(name).result.status, outcome(name).alerts]).toEqual([name, "passed", []]);
    }
  });

  it("fails a step naming no tool of the prompt, or arguments that don't decode, as the test item does", () => {
    expect(outcome("unknown_tool").result.diagnostics[0].details[0].text).toBe("`order_question`'s recording `unknown_tool` doesn't decode: `member` on `steps[1].calls[0].tool`");
    expect(outcome("bad_arguments").result.diagnostics[0].details[0].text).toBe("`order_question`'s recording `bad_arguments` doesn't decode: `type` on `steps[0].calls[0].arguments.code`");
    // `jadpo check` decodes the same way.
    expect(undecodableRecordings(p.program, p.readFile).map((d) => d.details[0].text).sort()).toEqual([
      "`order_question`'s recording `bad_arguments` doesn't decode: `type` on `steps[0].calls[0].arguments.code`",
      "`order_question`'s recording `unknown_tool` doesn't decode: `member` on `steps[1].calls[0].tool`",
    ]);
  });

  it("fails `steps` in a recording of a prompt without tools", () => {
    const plain = toolProject("", "sync", `
prompt plain_question(question: Text) {
    text: "Question: {question}"
}

action ask_plain(question: Text) -> Text {
    return match ai.generate(PlainQuestion { question: question }, as: Text) {
        success(t) => t
        failure _ => "none"
    }
}
`, { [`${FOLDER.replace("order_question", "plain_question")}/with_steps.json`]: `${JSON.stringify({ answer: "{Text}", steps: [], version: "plain_question@00000000" })}\n` });
    const recording = plain.program.recordings.find((r) => r.name === "with_steps")!;
    const result = runRecordingTest(plain.program, recording, { runSeed: 1, readFile: plain.readFile }).result;
    expect(result.diagnostics[0].details[0].text).toBe("`plain_question`'s recording `with_steps` doesn't decode: it has `steps`, but `plain_question` has no tools");
  });
});

describe("`jadpo dev`'s answer from a tool prompt's recording", () => {
  it("replays the steps, arguments filled from the call's seed, then answers", () => {
    const p = project("async");
    const prompt = p.program.prompts.get("order_question")!;
    const only = { ...p.program, recordings: p.program.recordings.filter((r) => r.name === "placeholders") };
    const found = recordedAnswer(only, p.readFile, prompt, prompt.asTypes[0], 7, null);
    expect(found?.name).toBe("placeholders");
    expect(found?.reply.kind).toBe("replay");
    if (found?.reply.kind !== "replay") return;
    const [step, answer] = found.reply.steps;
    expect(step.kind === "calls" && step.calls.map((c) => c.tool)).toEqual(["find_order"]);
    const code = step.kind === "calls" && step.calls[0].kind === "value" ? (step.calls[0].value as { code: string }).code : "";
    expect(code).toMatch(/^[A-Z]{3}-[0-9]{4}$/);
    expect(answer.kind).toBe("value");
  });
});
