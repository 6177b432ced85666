// `jadpo ai record` of a stream prompt, end to end in this process against the testing model
// server: the model is asked as an `ai.stream` call asks (streamed), the file keeps each piece's
// length and the stop, and `recorded("…")` replays them in `jadpo test`; `jadpo check` checks the
// form; `jadpo dev` answers a stream call from the recording.
import { describe, expect, it } from "vitest";
import { pageBlock } from "../dev/page-blocks.ts";
import { callLog, RunningDev, closedPort } from "../dev/dev-server.ts";
import { disposedAfterEach } from "../support/example.ts";
import { modelServerForFile, Project } from "./harness.ts";

const docsBlock = (first: string, holding = ""): string[] => pageBlock("docs/cli-ai.md", first, holding);

const PROMPT = `prompt draft_answer(question: Text) {
    text: "Draft a short answer to: {question}"
}
`;

const FIXTURES = `use support/prompts { DraftAnswer }

fixtures drafts {
    sesame -> DraftAnswer {
        return DraftAnswer { question: "Is there sesame in the sourdough?" }
    }
}
`;

const ACTION = `use support/prompts { DraftAnswer }

action draft(question: Text) -> Text {
    var streamed = ai.stream(DraftAnswer { question: question })
    return streamed.text
}
`;

const TESTS = `use support/prompts { DraftAnswer }

test "the recorded stream arrives as the model sent it" {
    fakes: {
        ai.draft_answer: [recorded("sesame")]
    }
    var streamed = ai.stream(DraftAnswer { question: "Sesame?" })
    assert list.count(streamed.pieces) == 3
    assert text.length(streamed.text) == 37
    assert streamed.stopped == StreamStop.finished
    assert ai.draft_answer.usage == AiUsage { input_tokens: 14  output_tokens: 9 }
}
`;

const FILE = "domains/support/prompts/recordings/draft_answer/sesame.json";
const ANSWER = "Our sourdough is made without sesame.";

const example = disposedAfterEach(() => Project.example()
  .write("domains/support/prompts/draft_answer.jadpo", PROMPT)
  .write("domains/support/fixtures/drafts.jadpo", FIXTURES)
  .write("domains/support/actions/draft.jadpo", ACTION));
const { server: model, env } = modelServerForFile(ANSWER);

describe("jadpo ai record of a stream prompt", () => {
  it("streams from the model, keeps each piece's length and the stop, and recorded() replays them", async () => {
    const project = example();
    // The usage comes in the stream's last chunk, and is kept.
    model().setBehaviour({ kind: "answer", text: ANSWER, wordsPerChunk: 2, usage: { prompt_tokens: 14, completion_tokens: 9 } });
    const run = await project.run(["ai", "record", "draft_answer", "--as", "sesame", "--fixture", "drafts.sesame"], env());
    expect(run.stderr).toBe("");
    const [command, ...block] = docsBlock("$ jadpo ai record draft_answer");
    expect(command).toBe("$ jadpo ai record draft_answer --as sesame --fixture drafts.sesame");
    expect(run.stdout).toBe(`${block.join("\n")}\n`);
    expect(run.code).toBe(0);
    // Asked as a stream, with the prompt's text and no answer format.
    expect(model().requests).toHaveLength(1);
    expect(model().requests[0].body).toMatchObject({ stream: true, messages: [{ role: "user", content: "Draft a short answer to: Is there sesame in the sourdough?" }] });
    const recording = JSON.parse(project.read(FILE)) as { asked: { values: string } };
    const file = docsBlock("{", '"pieces"').join("\n").replace(/"values": "[0-9a-f]{8}"/, `"values": "${recording.asked.values}"`);
    expect(project.read(FILE)).toBe(`${file}\n`);
    expect(project.read(FILE)).not.toContain("sourdough");

    project.write("domains/support/actions/draft.test.jadpo", TESTS);
    const test = await project.run(["test", "domains/support/actions/draft.test.jadpo", "domains/support/prompts/recordings/draft_answer"], env());
    expect(test.stdout).toBe("✓ 2 passed  1 action test · 1 recording test\n");
    expect(test.code).toBe(0);
  });

  it("is shown by `ai show` as current, and recorded again by `--stale` once the prompt changes", async () => {
    const project = example();
    model().setBehaviour({ kind: "answer", text: ANSWER, wordsPerChunk: 2 });
    expect((await project.run(["ai", "record", "draft_answer", "--as", "sesame", "--fixture", "drafts.sesame"], env())).code).toBe(0);
    expect((await project.run(["ai", "show", "draft_answer"], env())).stdout).toContain("    recordings  sesame  current\n");
    project.write("domains/support/prompts/draft_answer.jadpo", PROMPT.replace("Draft a short answer", "Draft a warm answer"));
    const stale = await project.run(["ai", "record", "--stale"], env());
    expect(stale.stdout).toBe([
      "✓ Recorded `draft_answer`'s `sesame` again  from the fixture `drafts.sesame` · 3 pieces, 37 characters in all, stopped `finished` · domains/support/prompts/recordings/draft_answer/sesame.json",
      "✓ 1 recorded again · 0 left out of date",
      "→ jadpo test  decodes the recordings and answers tests with them",
      "",
    ].join("\n"));
    expect(model().requests.at(-1)?.messages).toEqual([{ role: "user", content: "Draft a warm answer to: Is there sesame in the sourdough?" }]);
  });

  it("records how the stream stopped, with the pieces before the stop", async () => {
    const project = example();
    model().setBehaviour({ kind: "answer", text: "one two three", wordsPerChunk: 1, finishReason: "length" });
    const run = await project.run(["ai", "record", "draft_answer", "--as", "cut", "--fixture", "drafts.sesame"], env());
    expect(run.stdout).toContain("    answer    streamed in 3 pieces, 13 characters in all, stopped `too_long`\n");
    const recording = JSON.parse(project.read("domains/support/prompts/recordings/draft_answer/cut.json")) as { answer: unknown };
    expect(recording.answer).toEqual({ pieces: [4, 4, 5], stopped: "too_long" });
  });

  it("is ai.unreachable when no model answers, writing nothing", async () => {
    const project = example().retryingAtOnce();
    const run = await project.run(["ai", "record", "draft_answer", "--as", "sesame", "--fixture", "drafts.sesame"], { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    expect(run.stdout).toContain("rule: ai.unreachable");
    expect(run.code).toBe(1);
    expect(project.exists(FILE)).toBe(false);
  });

  it("is checked by `jadpo check`: a piece shorter than 1 doesn't decode", async () => {
    const project = example();
    const version = /draft_answer@[0-9a-f]{8}/.exec(docsBlock("{", '"pieces"').join("\n"))![0];
    project.write(FILE, `${JSON.stringify({ answer: { pieces: [3, 0], stopped: "finished" }, version }, null, 2)}\n`);
    const check = await project.run(["check"], env());
    expect(check.stdout).toContain("  decode: `draft_answer`'s recording `sesame` doesn't decode: `min` on `pieces[1]`\n  expected: at least 1\n  got: 0\n");
    expect(check.code).toBe(1);
  });

  it("answers `jadpo dev`'s stream calls from the recording", async () => {
    const project = example();
    model().setBehaviour({ kind: "answer", text: ANSWER, wordsPerChunk: 2 });
    expect((await project.run(["ai", "record", "draft_answer", "--as", "sesame", "--fixture", "drafts.sesame"], env())).code).toBe(0);
    const dev = await RunningDev.start(project.root, { JADPO_AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    const drafted = await dev.post("draft", { question: "Is there sesame in the sourdough?" });
    expect(drafted.status).toBe(200);
    expect([...(drafted.json.result as string)]).toHaveLength(37);
    expect(callLog(project.root).map((c) => [c.prompt, c.source, c.answer])).toEqual([
      ["draft_answer", "recording sesame (same values)", { pieces: [14, 8, 15], stopped: "finished" }],
    ]);
    await dev.stop();
  });
});
