// A stream prompt's recording keeps each piece's length and the stop, no text: `recorded("name")`
// is a stream item that replays the real number and lengths of pieces and the real stop, with
// generated words of those lengths; the recording test (and `jadpo check`'s decoding) checks that
// form with the decode words an answer gets; `jadpo dev` answers a stream call from it.
import { describe, expect, it } from "vitest";
import { codePointLength, recordingPath } from "@jadpo/compiler";
import { recordedStreamAnswer } from "../../src/dev-backend/fake-answers.ts";
import { undecodableRecordings } from "../../src/recordings/decodable.ts";
import { decodeRecordedStream, recordedStream, replayStream } from "../../src/recordings/stream-answer.ts";
import { runRecordingTest } from "../../src/runner/run-recording-test.ts";
import { rng } from "../../src/seed.ts";
import { projectOf } from "../../src/testing/project.ts";

const PROMPT_FILE = "domains/app/story.jadpo";
const SOURCE = `prompt tell_story(topic: Text) {
    text: "Tell a short story about {topic}."
}

function lengths(pieces: List<Text>) -> List<Int> {
    var mut out: List<Int> = []
    for piece in pieces {
        out = list.append(out, text.length(piece))
    }
    return out
}
`;

const TESTS = `test "a recorded stream replays its pieces' count and lengths, and its stop" {
    fakes: {
        ai.tell_story: [recorded("three"), recorded("cut")]
    }
    var told = ai.stream(TellStory { topic: "bread" })
    assert list.count(told.pieces) == 3
    assert lengths(told.pieces) == [12, 9, 14]
    assert text.length(told.text) == 35
    assert text.join(told.pieces, "") == told.text
    assert told.stopped == StreamStop.finished
    var cut = ai.stream(TellStory { topic: "rye" })
    assert lengths(cut.pieces) == [4, 1]
    assert cut.stopped == StreamStop.timed_out
}

test "a recorded refusal streams nothing" {
    fakes: {
        ai.tell_story: [recorded("refused_at_once")]
    }
    var told = ai.stream(TellStory { topic: "locks" })
    assert told.pieces == []
    assert told.text == ""
    assert told.stopped == StreamStop.refused
}

test "a piece of length 0" {
    fakes: {
        ai.tell_story: [recorded("empty_piece")]
    }
    var told = ai.stream(TellStory { topic: "bread" })
}

test "a text where the pieces belong" {
    fakes: {
        ai.tell_story: [recorded("text_answer")]
    }
    var told = ai.stream(TellStory { topic: "bread" })
}
`;

const folder = recordingPath(PROMPT_FILE, "tell_story", "x").slice(0, -"/x.json".length);
const version = projectOf({ [PROMPT_FILE]: SOURCE }).program.prompts.get("tell_story")!.version;
const file = (answer: unknown) => `${JSON.stringify({ answer, version }, null, 2)}\n`;
const RECORDINGS: Record<string, string> = {
  three: file({ pieces: [12, 9, 14], stopped: "finished" }),
  cut: file({ pieces: [4, 1], stopped: "timed_out" }),
  refused_at_once: file({ pieces: [], stopped: "refused" }),
  empty_piece: file({ pieces: [3, 0], stopped: "finished" }),
  text_answer: file("Once upon a time"),
  bad_stop: file({ pieces: [3], stopped: "done" }),
};

const project = (mode: "sync" | "async" = "sync") => projectOf({
  [PROMPT_FILE]: SOURCE,
  "domains/app/story.test.jadpo": TESTS,
  ...Object.fromEntries(Object.entries(RECORDINGS).map(([name, text]) => [`${folder}/${name}.json`, text])),
}, mode);

describe("recorded(…) of a stream prompt", () => {
  for (const mode of ["sync", "async"] as const) {
    const p = project(mode);
    it(`replays the recorded pieces' count, lengths and stop (${mode})`, async () => {
      expect(await p.fail("a recorded stream replays its pieces' count and lengths, and its stop")).toBe("passed");
      expect(await p.fail("a recorded refusal streams nothing")).toBe("passed");
    });
  }

  it("is test.recording_undecodable at the item for a piece shorter than 1, or an answer that isn't a stream's", async () => {
    const p = project();
    const details = async (name: string) => (await p.run(name)).diagnostics.map((d) => [d.rule, d.details]);
    expect(await details("a piece of length 0")).toEqual([["test.recording_undecodable", [
      { label: "decode", text: "`tell_story`'s recording `empty_piece` doesn't decode: `min` on `pieces[1]`" },
      { label: "expected", text: "at least 1" },
      { label: "got", text: "0" },
    ]]]);
    expect(await details("a text where the pieces belong")).toEqual([["test.recording_undecodable", [
      { label: "decode", text: "`tell_story`'s recording `text_answer` doesn't decode: `type` on `the answer`" },
      { label: "expected", text: "a streamed answer" },
      { label: "got", text: "Text" },
    ]]]);
  });

  it("gives the same words for the same seed, and other words for another", async () => {
    const stream = { pieces: [12, 9, 14], stopped: "finished" as const };
    const one = replayStream(stream, rng(1, "placeholders"));
    expect(replayStream(stream, rng(1, "placeholders"))).toEqual(one);
    expect(replayStream(stream, rng(2, "placeholders")).text).not.toBe(one.text);
    expect(one.text).toMatch(/^[a-z]+( [a-z]+)*[a-z]$/);
  });
});

describe("a stream prompt's recording test", () => {
  const p = project();
  const outcome = (name: string) => {
    const recording = p.program.recordings.find((r) => r.name === name)!;
    return runRecordingTest(p.program, recording, { runSeed: 1, readFile: p.readFile }).result;
  };

  it("passes the stream form and fails any other, as `jadpo check` does", () => {
    for (const name of ["three", "cut", "refused_at_once"]) expect([name, outcome(name).status]).toEqual([name, "passed"]);
    expect(outcome("bad_stop").diagnostics[0].details).toEqual([
      { label: "decode", text: "`tell_story`'s recording `bad_stop` doesn't decode: `member` on `stopped`" },
      { label: "expected", text: "one of finished, timed_out, refused, too_long, over_budget" },
      { label: "got", text: '"done"' },
    ]);
    expect(undecodableRecordings(p.program, p.readFile).map((d) => d.details[0].text).sort()).toEqual([
      "`tell_story`'s recording `bad_stop` doesn't decode: `member` on `stopped`",
      "`tell_story`'s recording `empty_piece` doesn't decode: `min` on `pieces[1]`",
      "`tell_story`'s recording `text_answer` doesn't decode: `type` on `the answer`",
    ]);
  });
});

describe("what a recording keeps of a stream", () => {
  it("each piece's length in code points, and the stop; decoded back as it was written", () => {
    const kept = recordedStream(["Our 🍞 ", "is", "", "baked."], "too_long");
    expect(kept).toEqual({ pieces: [6, 2, 6], stopped: "too_long" });
    expect(decodeRecordedStream({ pieces: [6, 2, 6], stopped: "too_long" })).toEqual({ ok: true, stream: kept });
    expect(replayStream(kept, rng(3, "placeholders")).pieces.map(codePointLength)).toEqual([6, 2, 6]);
  });
});

describe("`jadpo dev`'s answer to a stream call from a recording", () => {
  it("streams generated pieces of the recorded lengths, with the recorded stop", () => {
    const p = project("async");
    const prompt = p.program.prompts.get("tell_story")!;
    const only = { ...p.program, recordings: p.program.recordings.filter((r) => r.name === "cut") };
    const found = recordedStreamAnswer(only, p.readFile, prompt, 7, null);
    expect(found?.name).toBe("cut");
    expect(found?.recorded).toEqual({ pieces: [4, 1], stopped: "timed_out" });
    expect(found?.reply.pieces.map(codePointLength)).toEqual([4, 1]);
    expect(found?.reply.stopped).toBe("timed_out");
    // One that doesn't decode is passed over.
    const broken = { ...p.program, recordings: p.program.recordings.filter((r) => r.name === "text_answer") };
    expect(recordedStreamAnswer(broken, p.readFile, prompt, 7, null)).toBeNull();
  });
});
