// The fake, further, end to end (docs/testing.md): what each attempt sent,
// scripted time on the test clock, scripted stream pieces, what `ai.embed` was asked, and
// lexical embeddings that are the same for any number of workers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Run } from "../support/jadpo.ts";
import { Project } from "../test-command/project.ts";

const DRAFTS = `prompt draft_reply(question: Text) {
    system: "You draft replies for the bakery."
    text: "Draft a reply to: {question}"
}

action draft(question: Text) -> StreamedText {
    return ai.stream(DraftReply { question: question })
}
`;

const SENT = `use support/types { SupportAnswer }

test "a correction attempt sends the rejected answer and the decode error" {
    fakes: {
        ai.answer_question: [
            raw("Sure! No sesame."),
            SupportAnswer { resolved_by_articles: true  reply: "No sesame." }
        ]
    }
    var reply: SupportAnswer = attempt answer_customer("Sesame?")
    var sent: List<SentRequest> = ai.answer_question.sent
    assert list.count(sent) == 2
    match list.get(sent, 0) {
        some(first) => {
            assert first.system == "You answer bakery customers from the help articles only."
            assert first.text == "Answer the customer's question in en-GB.\\nQuestion: Sesame?"
            assert text.contains(first.answer_format, "\\"resolved_by_articles\\"")
            assert first.correction == none
        }
        none => {
            assert false
        }
    }
    match list.get(sent, 1) {
        some(second) => {
            assert second.text == "Answer the customer's question in en-GB.\\nQuestion: Sesame?"
            assert second.correction == """
                Your previous answer could not be read, so it was rejected.

                Your previous answer:
                Sure! No sesame.

                Why it could not be read: \`json\` on \`the answer\`: expected one JSON value, got \\"Sure! No sesame.\\"

                Answer again with the same content, written exactly in the format asked for.
            """
        }
        none => {
            assert false
        }
    }
}

test "a stream sends no answer format" {
    var told = draft("Sesame?")
    assert ai.draft_reply.sent == [
        SentRequest {
            system: "You draft replies for the bakery."
            text: "Draft a reply to: Sesame?"
            answer_format: ""
            correction: none
            tool_results: []
        }
    ]
}
`;

const TIME = `use support/types { SupportAnswer }
use support/failures { AssistantUnavailable }

test "an answer arrives after its scripted time" {
    fakes: {
        ai.answer_question: [SupportAnswer { resolved_by_articles: true  reply: "Yes." } after 2s]
    }
    var start = clock.now()
    var reply: SupportAnswer = attempt answer_customer("Sesame?")
    var after = clock.now() - start
    assert after == 2s
}

test "a refusal takes its own time, a timeout the connection's" {
    fakes: {
        ai.answer_question: [refused after 100ms, timed_out, timed_out after 1h]
    }
    var start = clock.now()
    assert answer_customer("Sesame?") fails AssistantUnavailable
    assert clock.now() - start == 100ms
    assert answer_customer("Sesame?") fails AssistantUnavailable
    assert clock.now() - start == 100ms + 45s
    assert answer_customer("Sesame?") fails AssistantUnavailable
    assert clock.now() - start == 100ms + 45s + 1h
}

test "streams and embeddings take their scripted time too" {
    fakes: {
        ai.draft_reply: ["Hello there." after 3s, timed_out]
        ai.embed: [timed_out after 5m]
    }
    var start = clock.now()
    var told = draft("Sesame?")
    assert clock.now() - start == 3s
    var cut = draft("Sesame?")
    assert cut.stopped == StreamStop.timed_out
    assert clock.now() - start == 3s + 45s
    assert nearest_article("Sesame?") fails AssistantUnavailable
    assert clock.now() - start == 3s + 45s + 5m
}
`;

const PIECES = `test "scripted pieces arrive exactly as written" {
    fakes: {
        ai.draft_reply: [
            ["Our sour", "dough is ", "sesame-free."],
            partial(["We ", "deliv"], refused)
        ]
    }
    var whole = draft("Sesame?")
    assert whole.pieces == ["Our sour", "dough is ", "sesame-free."]
    assert whole.text == "Our sourdough is sesame-free."
    assert whole.stopped == StreamStop.finished
    var cut = draft("Delivery?")
    assert cut.pieces == ["We ", "deliv"]
    assert cut.text == "We deliv"
    assert cut.stopped == StreamStop.refused
}

test "a scripted text is still cut into pieces of three words" {
    fakes: {
        ai.draft_reply: ["Our sourdough is baked without sesame."]
    }
    var told = draft("Sesame?")
    assert told.pieces == ["Our sourdough is ", "baked without sesame."]
}
`;

const EMBEDS = `test "what ai.embed was asked" {
    var near = attempt nearest_article("Is the bakery open on Sunday?")
    assert near.title == "Opening hours"
    assert list.first(ai.embed.requests) == "Is the bakery open on Sunday?"
    assert ai.embed.attempts == 4
}

test "a fake embedding, shown" {
    var v = attempt ai.embed("bread loaf")
    assert v == []
}
`;

let project: Project;

beforeAll(() => {
  project = Project.example()
    .write("domains/drafts/drafts.jadpo", DRAFTS)
    .write("domains/drafts/sent.test.jadpo", `use support/actions { answer_customer }\n${SENT}`)
    .write("domains/drafts/time.test.jadpo", `use support/actions { answer_customer, nearest_article }\n${TIME}`)
    .write("domains/drafts/pieces.test.jadpo", PIECES)
    .write("domains/drafts/embeds.test.jadpo", `use support/actions { nearest_article }\n${EMBEDS}`);
  project.write("app.jadpo", project.read("app.jadpo").replace("timeout: 30s", "timeout: 45s"));
});

afterAll(() => project.dispose());

describe("the fake, further", () => {
  it("records what each attempt sent, corrections included, as the driver renders it", async () => {
    const run = await project.test(["domains/drafts/sent.test.jadpo"]);
    expect(run.stdout).toBe("✓ 2 passed  2 tests\n");
    expect(run.code).toBe(0);
  });

  it("moves the test clock by `after`, and by the connection's timeout for `timed_out`", async () => {
    const run = await project.test(["domains/drafts/time.test.jadpo"]);
    expect(run.stdout).toBe("✓ 3 passed  3 tests\n");
  });

  it("answers scripted pieces exactly", async () => {
    const run = await project.test(["domains/drafts/pieces.test.jadpo"]);
    expect(run.stdout).toBe("✓ 2 passed  2 tests\n");
  });

  it("lists what ai.embed was asked; a fake embedding is the same on every run and for any workers", async () => {
    const runs: Run[] = [];
    for (const w of [["--workers", "1"], ["--workers", "2"], ["--workers", "2"]]) runs.push(await project.test(["domains/drafts/embeds.test.jadpo", ...w]));
    expect(runs[0].stdout).toContain("test failed: 1 failed, 1 passed, 2 tests");
    expect(runs[0].stdout).toMatch(/FAIL {2}a fake embedding, shown[^]*got: \[-?0\.\d+, /);
    expect(runs[1].stdout).toBe(runs[0].stdout);
    expect(runs[2].stdout).toBe(runs[0].stdout);
  });
});

describe("without a timeout on the connection", () => {
  let bare: Project;
  beforeAll(() => {
    bare = Project.example().write(
      "domains/support/actions/slow.test.jadpo",
      `use support/failures { AssistantUnavailable }\n\ntest "a timeout takes 30s" {\n    fakes: {\n        ai.answer_question: [timed_out]\n    }\n    var start = clock.now()\n    assert answer_customer("Sesame?") fails AssistantUnavailable\n    assert clock.now() - start == 30s\n}\n`,
    );
    bare.write("app.jadpo", bare.read("app.jadpo").replace("    timeout: 30s\n", ""));
  });
  afterAll(() => bare.dispose());

  it("`timed_out` advances the clock by 30s", async () => {
    const run = await bare.test(["domains/support/actions/slow.test.jadpo"]);
    expect(run.stdout).toBe("✓ 1 passed  1 action test\n");
  });
});
