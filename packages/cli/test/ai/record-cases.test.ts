// `jadpo ai record`'s smaller cases, run in this process (the same `runCli` the binary runs) to
// keep the suite fast; record.test.ts covers the main paths. Each failure:
// exit 1, the shaped error, and not one file changed.
import { describe, expect, it } from "vitest";
import { disposedAfterEach } from "../support/example.ts";
import { appendCall } from "@jadpo/runtime/dev";
import { modelServerForFile, Project, RECORDINGS } from "./harness.ts";
import { asked, devCall, NOT_COVERED, recordedBlock } from "./expected.ts";

const example = disposedAfterEach(() => Project.example());
const { server: model, env } = modelServerForFile(NOT_COVERED);

/** Runs `jadpo ai record answer_question ...` expecting it to fail: exit 1, nothing on stderr, no file changed. */
async function fails(project: Project, args: string[], runEnv: Record<string, string>, prompt = "answer_question"): Promise<string> {
  const before = project.files().map((path) => [path, project.read(path)]);
  const run = await project.run(["ai", "record", prompt, ...args], runEnv);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(1);
  expect(project.files().map((path) => [path, project.read(path)])).toEqual(before);
  return run.stdout;
}

describe("jadpo ai record, more ways to record", () => {
  it("takes the prompt's own last call, whatever was logged after it", async () => {
    const project = example();
    appendCall(project.root, devCall("Is the rye loaf made with seeds?"));
    appendCall(project.root, devCall("Something else entirely", "another_prompt"));
    const run = await project.run(["ai", "record", "answer_question", "--as", "rye"], env());
    expect(run.stdout).toBe(recordedBlock("rye", "the last `jadpo dev` call, call_1"));
    expect(asked(model())).toContain("Question: Is the rye loaf made with seeds?");
  });

  it("counts no placeholder for a value marked `personal: false`", async () => {
    const project = example();
    project.keepReplyVerbatim("PublicReply");
    const run = await project.run(["ai", "record", "answer_question", "--as", "verbatim", "--fixture", "questions.sesame"], env());
    expect(run.stdout).toBe(recordedBlock("verbatim", "the fixture `questions.sesame`", "0 placeholders"));
    expect(JSON.parse(project.read(`${RECORDINGS}/verbatim.json`)).answer.reply).toBe("We don't deliver to Jersey.");
  });

  it("prints the file relative to the current directory", async () => {
    const project = example();
    const run = await project.run(["ai", "record", "answer_question", "--as", "jersey", "--fixture", "questions.sesame"], env(), `${project.root}/domains/support/actions`);
    expect(run.stdout.split("\n")[5]).toBe("    file      ../prompts/recordings/answer_question/jersey.json");
    expect(project.exists(`${RECORDINGS}/jersey.json`)).toBe(true);
  });
});

describe("jadpo ai record, more ways to fail", () => {
  it("when the server answers with an error", async () => {
    model().setBehaviour({ kind: "error", status: 400, body: { error: { message: "unsupported parameter: tools", type: "invalid_request_error" } } });
    const out = await fails(example(), ["--as", "jersey", "--fixture", "questions.sesame"], env());
    expect(out.split("\n")[0]).toBe("error: Asking the model failed: the model answered with HTTP 400: unsupported parameter: tools");
    expect(out).toContain("  rule: ai.model_error\n");
    // An error that isn't a transport failure is asked once.
    expect(model().requests).toHaveLength(1);
  });

  it("when the server stays unavailable: asked again by the connection's retries, then it fails", async () => {
    model().setBehaviour({ kind: "rate_limit", retryAfter: "0" });
    const out = await fails(example(), ["--as", "jersey", "--fixture", "questions.sesame"], env());
    expect(out.split("\n")[0]).toBe("error: Asking the model failed: the model's rate limit was reached (HTTP 429): Rate limit reached for requests. Please try again in 20s. (after 2 retries)");
    expect(model().requests).toHaveLength(3);
  });

  it("when the connection's settings can't make a request: a base_url that isn't a URL, a key no header can carry", async () => {
    const badUrl = await fails(example(), ["--as", "jersey", "--fixture", "questions.sesame"], { JADPO_AI_BASE_URL: "not-a-url" });
    expect(badUrl.split("\n")[0]).toBe("error: Asking the model failed: `base_url` of `local_model` is not a URL: `not-a-url` (write it as http://host:port/v1)");
    const badKey = await fails(example(), ["--as", "jersey", "--fixture", "questions.sesame"], { ...env(), JADPO_AI_KEY: "sk-é€" });
    expect(badKey.split("\n")[0]).toBe("error: Asking the model failed: the key of `local_model` has characters an HTTP header can't carry (spaces, or letters beyond ASCII)");
    expect(badKey).not.toContain("sk-");
  });

  it("when the answer breaks a rule of the type", async () => {
    model().setBehaviour({ kind: "answer", text: JSON.stringify({ resolved_by_articles: "yes", reply: "No." }) });
    const out = await fails(example(), ["--as", "jersey", "--fixture", "questions.sesame"], env());
    expect(out.split("\n")[1]).toBe("  decode: `type` on `resolved_by_articles`: expected Bool, got Text");
  });

  it("when the fixture doesn't exist, or takes parameters", async () => {
    const project = example();
    const typo = await fails(project, ["--as", "jersey", "--fixture", "questions.sesam"], env());
    expect(typo.split("\n")[0]).toBe("error: `--fixture questions.sesam` can't give `answer_question`'s values: there is no such fixture");
    expect(typo).toContain("  next: Did you mean `--fixture questions.sesame`? (human)\n  rule: ai.fixture_unusable");
    const params = await fails(project, ["--as", "jersey", "--fixture", "questions.asked"], env());
    expect(params.split("\n")[0]).toBe("error: `--fixture questions.asked` can't give `answer_question`'s values: it takes parameters");
    expect(params).toContain("  next: Pass a fixture that gives `AnswerQuestion`: `questions.sesame` (human)\n");
  });

  it("when the prompt doesn't exist, suggesting the closest", async () => {
    const project = example();
    const before = project.files();
    const run = await project.run(["ai", "record", "answer_questoin", "--as", "jersey"], env());
    expect(run.stdout).toBe([
      "error: `answer_questoin` is not a prompt of this project",
      "  reason: `jadpo ai` commands name a prompt as it is declared, and prompt names are unique across the project.",
      "  next: Did you mean `answer_question`? (human)",
      "  rule: ai.unknown_prompt",
      "",
    ].join("\n"));
    expect(run.code).toBe(1);
    expect(project.files()).toEqual(before);
  });

  it("when the project doesn't compile: its diagnostics", async () => {
    const project = example();
    project.write("domains/support/types.jadpo", `${project.read("domains/support/types.jadpo")}\ntype Broken = Nope\n`);
    const out = await fails(project, ["--as", "jersey", "--fixture", "questions.sesame"], env());
    expect(out).toMatch(/^error: .*Nope.* --> domains\/support\/types\.jadpo:\d+:\d+\n/);
    expect(out.endsWith("\n\nrecord failed: 1 compile error\n")).toBe(true);
    expect(model().requests).toHaveLength(0);
  });

  it("with a usage error for a name that isn't lower_snake or a missing --as (exit 2)", async () => {
    const project = example();
    const bad = await project.run(["ai", "record", "answer_question", "--as", "../escape", "--fixture", "questions.sesame"], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr.split("\n")[0]).toBe("error: `--as` takes a lower_snake name, not `../escape`");
    expect(bad.stderr).toContain("  next: Write `--as escape`, say (human)\n  rule: cli.bad_option\n");
    const missing = await project.run(["ai", "record", "answer_question"], env());
    expect(missing.code).toBe(2);
    expect(missing.stderr.split("\n")[0]).toBe("error: `jadpo ai record` needs `--as`, the recording's name");
    expect(missing.stderr).toContain("  rule: cli.missing_option\n");
    const fixture = await project.run(["ai", "record", "answer_question", "--as", "jersey", "--fixture", "sesame"], env());
    expect(fixture.code).toBe(2);
    expect(fixture.stderr.split("\n")[0]).toBe("error: `--fixture` takes group.fixture, not `sesame`");
    // The example is this project's own fixture, the one named closest to what was written.
    expect(fixture.stderr).toContain("  next: Write `--fixture questions.sesame`, say (human)\n");
    const other = await project.run(["ai", "record", "answer_question", "--as", "jersey", "--fixture", "zzz"], env());
    expect(other.stderr).toContain("  next: Write `--fixture questions.sesame`, say (human)\n");
    project.write("domains/support/fixtures/tickets.jadpo", project.read("domains/support/fixtures/questions.jadpo").replace(/fixtures questions/, "fixtures tickets").replace(/sesame/g, "double_charge"));
    const own = await project.run(["ai", "record", "answer_question", "--as", "jersey", "--fixture", "double_charg"], env());
    expect(own.stderr).toContain("  next: Write `--fixture tickets.double_charge`, say (human)\n");
    expect(model().requests).toHaveLength(0);
  });

  it("when the model refuses", async () => {
    model().setBehaviour({ kind: "refuse", refusal: "I can't help with that." });
    const out = await fails(example(), ["--as", "jersey", "--fixture", "questions.sesame"], env());
    expect(out.split("\n")[0]).toBe("error: Asking the model failed: the model refused: I can't help with that.");
  });

  it("when the last `jadpo dev` call's values no longer fit the prompt", async () => {
    const project = example();
    appendCall(project.root, { ...devCall("Sesame?"), values: { question: "Sesame?" } });
    const out = await fails(project, ["--as", "jersey"], env());
    const [summary, note] = out.split("\n");
    expect(summary).toBe("error: No values to ask `answer_question` with");
    // The decode error's rule is the decoder's to name; the call, the type and the path are ours.
    expect(note).toMatch(/^ {2}note: the last `jadpo dev` call, call_1, gave values that no longer decode as `AnswerQuestion`: `\w+` on `reader_locale`/);
    expect(model().requests).toHaveLength(0);
  });

  it("when no call asks the prompt", async () => {
    const project = example();
    project.write("domains/support/prompts/summarise.jadpo", "prompt summarise_thread(thread: Text) {\n    text: \"Summarise {thread}.\"\n}\n");
    const out = await fails(project, ["--as", "short"], env(), "summarise_thread");
    expect(out).toBe([
      "error: `summarise_thread` has no `ai.generate` or `ai.stream` call to record an answer for",
      "  reason: A recording answers an `ai.generate` call, decoded as its `as:` type, or an `ai.stream` call, so only a prompt some call asks has answers to record.",
      "  next: Ask `summarise_thread` with `ai.generate(values, as: T)` or `ai.stream(values)` in an action, then record it (human)",
      "  rule: ai.not_generated",
      "",
    ].join("\n"));
  });

  it("when the project has no ai connection", async () => {
    const project = example();
    project.write("app.jadpo", 'locales { default: "en-GB" supported: ["en-GB", "fr-FR"] }\n');
    const out = await fails(project, ["--as", "jersey", "--fixture", "questions.sesame"], env());
    expect(out.split("\n")[0]).toBe("error: The project has no connection with `capability: ai`");
    expect(out).toContain("  rule: ai.no_connection\n");
  });
});
