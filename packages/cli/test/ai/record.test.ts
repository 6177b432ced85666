// `jadpo ai record` end to end, in this process, on copies of the example app, asking a local
// OpenAI-compatible model(). Whole stdout, exact file bytes, and for every failure: exit 1, the
// shaped error, and not one file changed.
import { describe, expect, it } from "vitest";
import { closedPort } from "../dev/dev-server.ts";
import { pageBlock } from "../dev/page-blocks.ts";
import { disposedAfterEach } from "../support/example.ts";
import { appendCall } from "@jadpo/runtime/dev";
import { fixture } from "../support/example.ts";
import { modelServerForFile, Project, RECORDINGS } from "./harness.ts";
import { asked, COVERED, jerseyValues, PLACEHOLDERS_LINE, devCall, NOT_COVERED, recordedBlock, recordingBytes, sesameValues } from "./expected.ts";

/** A URL on 127.0.0.1 where nothing listens. */
async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await closedPort()}/v1`;
}

const example = disposedAfterEach(() => Project.example());
const { server: model, env } = modelServerForFile(NOT_COVERED);


describe("jadpo ai record, recording", () => {
  it("records from a fixture: the exact block, the exact file, the version `ai show` prints", async () => {
    const project = example();
    const run = await project.run(["ai", "record", "answer_question", "--as", "jersey", "--fixture", "questions.sesame"], env());
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(recordedBlock("jersey", "the fixture `questions.sesame`"));
    expect(run.code).toBe(0);
    expect(project.read(`${RECORDINGS}/jersey.json`)).toBe(recordingBytes(project.root, false));
    // Asked once, with the fixture's values rendered into the prompt.
    expect(model().requests).toHaveLength(1);
    expect(asked(model())).toBe("Answer the customer's question in en-GB.\nQuestion: Does your sourdough contain sesame?");
    const show = await project.run(["ai", "show", "answer_question"], env());
    const version = JSON.parse(project.read(`${RECORDINGS}/jersey.json`)).version;
    expect(show.stdout.split("\n")[0]).toBe(version);
    // The new recording passes its recording test.
    const test = await project.run(["test"], env());
    expect(test.stdout).toBe("✓ 28 passed  24 action tests · 1 function test · 3 recording tests\n");
  });

  it("records from the last `jadpo dev` call of the prompt: the seed's block, word for word", async () => {
    const project = example().remove(`${RECORDINGS}/not_covered.json`);
    appendCall(project.root, devCall("Does the rye contain seeds?"));
    appendCall(project.root, devCall("Do you deliver to Jersey?"));
    appendCall(project.root, devCall("Do you deliver to Jersey?"));
    const run = await project.run(["ai", "record", "answer_question", "--as", "not_covered"], env());
    const seed = fixture("seed-output-recorded.txt");
    // The seed's block word for word, then the line naming the placeholder fields.
    expect(run.stdout).toBe(`${seed.replace("answer_question@5f8642d0", "answer_question@b44ecc53")}${PLACEHOLDERS_LINE}\n`);
    expect(run.stdout).toBe(recordedBlock("not_covered", "the last `jadpo dev` call, call_3"));
    expect(run.code).toBe(0);
    expect(project.read(`${RECORDINGS}/not_covered.json`)).toBe(recordingBytes(project.root, false, { values: jerseyValues(project.root) }));
    expect(asked(model())).toBe("Answer the customer's question in en-GB.\nQuestion: Do you deliver to Jersey?");
  });

  it("corrects an answer that doesn't decode once, as a call does, and records the corrected one", async () => {
    const project = example();
    let n = 0;
    model().setBehaviour({ kind: "answer", text: () => (n++ === 0 ? "Sure! Our sourdough contains sesame." : COVERED), usage: null });
    const run = await project.run(["ai", "record", "answer_question", "--as", "corrected", "--fixture", "questions.sesame"], env());
    expect(run.stdout).toBe(recordedBlock("corrected", "the fixture `questions.sesame`"));
    expect(project.read(`${RECORDINGS}/corrected.json`)).toBe(recordingBytes(project.root, true));
    expect(model().requests).toHaveLength(2);
    const correction = model().requests[1].body as { messages: Array<{ role: string; content: string }> };
    expect(correction.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(correction.messages[2].content).toBe("Sure! Our sourdough contains sesame.");
  });

  it("asks again after a 503 and a 429, by the connection's retries, and records the answer", async () => {
    // Retried as by default, without the 1 s backoff's wait.
    const project = example().retryingAtOnce();
    model().setBehaviour({ kind: "script", steps: [{ kind: "unavailable" }, { kind: "rate_limit", retryAfter: "0" }, { kind: "answer", text: NOT_COVERED, usage: null }] });
    const run = await project.run(["ai", "record", "answer_question", "--as", "jersey", "--fixture", "questions.sesame"], env());
    expect(run.stdout).toBe(recordedBlock("jersey", "the fixture `questions.sesame`"));
    expect(model().requests).toHaveLength(3);
    expect(project.read(`${RECORDINGS}/jersey.json`)).toBe(recordingBytes(project.root, false));
  });

  it("keeps the usage the model reported, summed over the call's requests (the correction included)", async () => {
    const project = example();
    model().setBehaviour({ kind: "script", steps: [
      { kind: "answer", text: "Sure! Our sourdough contains sesame.", usage: { prompt_tokens: 96, completion_tokens: 9 } },
      { kind: "answer", text: COVERED, usage: { prompt_tokens: 131, completion_tokens: 17 } },
    ] });
    const run = await project.run(["ai", "record", "answer_question", "--as", "corrected", "--fixture", "questions.sesame"], env());
    expect(run.code).toBe(0);
    const usage = { input_tokens: 96 + 131, output_tokens: 9 + 17 };
    expect(project.read(`${RECORDINGS}/corrected.json`)).toBe(recordingBytes(project.root, true, { values: sesameValues(project.root), fixture: "questions.sesame", usage }));
    // A test answered by the recording counts the usage it kept.
    project.write("domains/support/actions/usage.test.jadpo", [
      "use support/fixtures { questions }",
      "",
      "test \"the recording's usage\" {",
      "    fakes: {",
      "        ai.answer_question: [recorded(\"corrected\")]",
      "    }",
      "    var reply = attempt answer_customer(questions.asked(\"Sesame?\"))",
      `    assert ai.answer_question.usage == AiUsage { input_tokens: ${usage.input_tokens}  output_tokens: ${usage.output_tokens} }`,
      "}",
      "",
    ].join("\n"));
    const test = await project.run(["test", "domains/support/actions/usage.test.jadpo"], env());
    expect(test.stdout).toBe("✓ 1 passed  1 action test\n");
    // A model that reports no usage for one of the requests: none is kept.
    model().setBehaviour({ kind: "script", steps: [
      { kind: "answer", text: "Sure!", usage: { prompt_tokens: 96, completion_tokens: 2 } },
      { kind: "answer", text: COVERED, usage: null },
    ] });
    expect((await project.run(["ai", "record", "answer_question", "--as", "partly", "--fixture", "questions.sesame"], env())).code).toBe(0);
    expect(JSON.parse(project.read(`${RECORDINGS}/partly.json`)).asked).not.toHaveProperty("usage");
  });

  it("replaces an existing recording with --force", async () => {
    const project = example();
    model().setBehaviour({ kind: "answer", text: COVERED, usage: null });
    const run = await project.run(["ai", "record", "answer_question", "--as", "not_covered", "--fixture", "questions.sesame", "--force"], env());
    expect(run.stdout).toBe(recordedBlock("not_covered", "the fixture `questions.sesame`"));
    expect(project.read(`${RECORDINGS}/not_covered.json`)).toBe(recordingBytes(project.root, true));
  });

  it("replaces a recording made from an older prompt without --force, as `jadpo test`'s remedy line says", async () => {
    const project = example();
    const file = `${RECORDINGS}/not_covered.json`;
    project.write(file, project.read(file).replace("answer_question@b44ecc53", "answer_question@1a2b3c4d"));
    const run = await project.run(["ai", "record", "answer_question", "--as", "not_covered", "--fixture", "questions.sesame"], env());
    expect(run.code).toBe(0);
    expect(project.read(file)).toBe(recordingBytes(project.root, false));
  });
});

/** Runs `jadpo ai record` expecting it to fail: exit 1, nothing on stderr, no file changed. */
async function fails(project: Project, args: string[], runEnv: Record<string, string>): Promise<string> {
  const before = project.files().map((path) => [path, project.read(path)]);
  const run = await project.run(["ai", "record", "answer_question", ...args], runEnv);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(1);
  expect(project.files().map((path) => [path, project.read(path)])).toEqual(before);
  return run.stdout;
}

describe("jadpo ai record, failing: exit 1, a shaped error, nothing written", () => {
  it("when the model can't be reached", async () => {
    const url = await closedPortUrl();
    // As many retries as by default (the note counts them), without their waits.
    const out = await fails(example().retryingAtOnce(), ["--as", "jersey", "--fixture", "questions.sesame"], { JADPO_AI_BASE_URL: url });
    expect(out).toBe([
      `error: The model at ${url} can't be reached`,
      "  note: the connection failed: ECONNREFUSED (after 2 retries)",
      "  reason: Recording asks the configured model once; nothing is written without its answer.",
      "  next: Start the model server or correct `base_url`, then record again (human)",
      "  rule: ai.unreachable",
      "",
    ].join("\n"));
    // docs/cli-ai.md shows it with the connection's default base_url.
    expect(out.split(url).join("http://127.0.0.1:8080/v1").trimEnd().split("\n")).toEqual(pageBlock("docs/cli-ai.md", "error: The model at"));
  });

  it("when the server answers garbage", async () => {
    model().setBehaviour({ kind: "garbage" });
    const out = await fails(example(), ["--as", "jersey", "--fixture", "questions.sesame"], env());
    expect(out).toBe([
      "error: Asking the model failed: the model's answer is not valid JSON",
      "  reason: Only an answer that decodes is recorded; nothing is written otherwise.",
      "  next: Check the model and connection settings, then record again (human)",
      "  rule: ai.model_error",
      "",
    ].join("\n"));
  });

  it("when the answer doesn't decode, even corrected once", async () => {
    model().setBehaviour({ kind: "answer", text: "Sure! Our sourdough contains no sesame." });
    const out = await fails(example(), ["--as", "jersey", "--fixture", "questions.sesame"], env());
    expect(out).toBe([
      "error: The model's answer doesn't decode as `SupportAnswer`",
      "  decode: `json` on `the answer`: expected one JSON value, got \"Sure! Our sourdough contains no sesame.\"",
      "  note: it was asked once more with the decode error, as a call corrects an answer, and that answer didn't decode either",
      "  reason: A recording must decode as the type its prompt is asked for as, or no test could use it.",
      "  next: Record again, or adjust the prompt so the model answers in the type (human)",
      "  rule: ai.answer_undecodable",
      "",
    ].join("\n"));
    expect(model().requests).toHaveLength(2);
  });

  it("when the recording exists and --force is not given, without asking the model", async () => {
    const out = await fails(example(), ["--as", "not_covered", "--fixture", "questions.sesame"], env());
    expect(out).toBe([
      "error: `answer_question` already has a recording `not_covered`",
      "  reason: A recording is replaced only on purpose, so a test's answer never changes by accident.",
      "  next: Pass `--force` to replace it, or choose another name (human)",
      "  rule: ai.recording_exists",
      "",
    ].join("\n"));
    expect(model().requests).toHaveLength(0);
  });

  it("when the connection's key variable is not set, without asking the model", async () => {
    const project = example();
    project.write("app.jadpo", project.read("app.jadpo").replace('key: env("JADPO_AI_KEY", "")', 'key: env("JADPO_TEST_KEY")'));
    const out = await fails(project, ["--as", "jersey", "--fixture", "questions.sesame"], env());
    expect(out).toBe([
      "error: The key for `local_model` is not set: `JADPO_TEST_KEY` is not in the environment",
      "  reason: The key is read from the environment when the model is asked, and never stored.",
      "  next: Set `JADPO_TEST_KEY` in your environment and run the command again (human)",
      "  rule: ai.key_missing",
      "",
    ].join("\n"));
    expect(model().requests).toHaveLength(0);
  });

  it("when there is neither a `jadpo dev` call nor a fixture", async () => {
    const out = await fails(example(), ["--as", "jersey"], env());
    expect(out).toBe([
      "error: No values to ask `answer_question` with",
      "  reason: A recording answers the prompt as a real call asks it, so it needs the values of a `jadpo dev` call or a fixture.",
      "  next: Pass `--fixture questions.sesame`, or call an action that asks `answer_question` in `jadpo dev` (human)",
      "  rule: ai.no_values",
      "",
    ].join("\n"));
  });

});
