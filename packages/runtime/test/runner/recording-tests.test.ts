// Recording tests (docs/testing.md) on programs compiled by the real pipeline from in-memory files:
// each way a recording fails, the exact `decode:` line, and the alert for an older prompt.
import { describe, expect, it } from "vitest";
import { compileProject, type CheckedProgram } from "@jadpo/compiler";
import { memoryHost } from "@jadpo/compiler/testing";
import { atRoot } from "../../src/testing/project.ts";
import { runRecordingTest } from "../../src/runner/run-recording-test.ts";

const ROOT = "/p";
const PROMPTS = "domains/support/prompts";
const RECORDINGS = `${PROMPTS}/recordings/answer_question`;

const BASE: Record<string, string> = {
  "app.jadpo": 'locales { default: "en-GB" supported: ["en-GB"] }\n',
  "domains/support/types.jadpo": "type CustomerQuestion = Text { min_length: 1 max_length: 2000 }\n\ntype SupportAnswer = Object {\n    resolved_by_articles: Bool\n    reply: Text\n}\n",
  [`${PROMPTS}/answer_question.jadpo`]: [
    "use support/types { CustomerQuestion }",
    "",
    "prompt answer_question(question: CustomerQuestion, reader_locale: Locale) {",
    '    system: "You answer bakery customers from the help articles only."',
    '    text: """',
    "        Answer the customer's question in {reader_locale}.",
    "        Question: {question}",
    '    """',
    "}",
    "",
  ].join("\n"),
  "domains/support/actions/answer_customer.jadpo": [
    "use support/types { CustomerQuestion, SupportAnswer }",
    "use support/prompts { AnswerQuestion }",
    "",
    "action answer_customer(question: CustomerQuestion) -> SupportAnswer? {",
    "    var asked = AnswerQuestion { question: question  reader_locale: Locale.en_gb }",
    "    return match ai.generate(asked, as: SupportAnswer) {",
    "        success(answer) => answer",
    "        failure _ => none",
    "    }",
    "}",
    "",
  ].join("\n"),
};

const recording = (answer: string, version = "answer_question@b44ecc53") => `{\n  "answer": ${answer},\n  "version": "${version}"\n}\n`;
const GOOD = recording('{\n    "reply": "{Text}",\n    "resolved_by_articles": true\n  }');

function program(files: Record<string, string>): CheckedProgram {
  const result = compileProject(memoryHost(atRoot({ ...BASE, ...files }, ROOT)), ROOT);
  const errors = result.diagnostics.filter((d) => d.rule !== "test.recording_undecodable");
  if (errors.length > 0 || !result.program) throw new Error(errors.map((d) => `${d.rule}: ${d.summary}`).join("\n"));
  return result.program;
}

function run(files: Record<string, string>, path: string, runSeed = 1) {
  const checked = program(files);
  const file = checked.recordings.find((r) => r.path === path);
  if (!file) throw new Error(`no recording ${path}: ${checked.recordings.map((r) => r.path).join(", ")}`);
  return runRecordingTest(checked, file, { runSeed, readFile: () => null });
}

const decodeLine = (outcome: ReturnType<typeof run>) => outcome.result.diagnostics[0]?.details.map((d) => `${d.label}: ${d.text}`);

describe("recording tests", () => {
  it("passes a recording that decodes through its prompt's as-types, named and placed as the docs say", () => {
    const outcome = run({ [`${RECORDINGS}/sesame.json`]: GOOD }, `${RECORDINGS}/sesame.json`);
    expect(outcome.alerts).toEqual([]);
    expect(outcome.result).toMatchObject({
      name: "answer_question's sesame recording decodes", kind: "recording test", file: `${RECORDINGS}/sesame.json`,
      line: 1, status: "passed", diagnostics: [],
    });
  });

  it("fails the seed's \"yes\" recording with exactly the seed's decode line, at the file's line 1", () => {
    const yes = recording('{\n    "reply": "{Text}",\n    "resolved_by_articles": "yes"\n  }');
    const outcome = run({ [`${RECORDINGS}/sesame.json`]: yes }, `${RECORDINGS}/sesame.json`);
    expect(outcome.result.status).toBe("failed");
    const [d] = outcome.result.diagnostics;
    expect(d.rule).toBe("test.recording_undecodable");
    expect(d.span).toMatchObject({ file: `${RECORDINGS}/sesame.json`, line: 1 });
    expect(decodeLine(outcome)).toEqual([
      "decode: `answer_question`'s recording `sesame` doesn't decode: `type` on `resolved_by_articles`", "expected: Bool", "got: Text",
    ]);
    expect(outcome.result.diagnostics[0].next).toBe("Correct its answer to the type, or record it again: `jadpo ai record answer_question --as sesame --force`");
    expect(outcome.alerts).toEqual([]);
  });

  it("fails a placeholder naming another type, a missing field and an unknown one", () => {
    const wrongPlaceholder = recording('{\n    "reply": "{CustomerQuestion}",\n    "resolved_by_articles": true\n  }');
    expect(decodeLine(run({ [`${RECORDINGS}/a.json`]: wrongPlaceholder }, `${RECORDINGS}/a.json`)))
      .toEqual(["decode: `answer_question`'s recording `a` doesn't decode: `type` on `reply`", "expected: {Text}", "got: {CustomerQuestion}"]);
    const missing = recording('{\n    "resolved_by_articles": true\n  }');
    expect(decodeLine(run({ [`${RECORDINGS}/b.json`]: missing }, `${RECORDINGS}/b.json`)))
      .toEqual(["decode: `answer_question`'s recording `b` doesn't decode: `missing` on `reply`", "expected: Text", "got: nothing"]);
  });

  it("fails a file that isn't one object with an answer and a version", () => {
    const outcome = run({ [`${RECORDINGS}/c.json`]: '{\n  "answer": true\n}\n' }, `${RECORDINGS}/c.json`);
    expect(decodeLine(outcome)).toEqual(["decode: `answer_question`'s recording `c` doesn't decode: it has no `version`"]);
    const bom = run({ [`${RECORDINGS}/d.json`]: `\uFEFF${GOOD}` }, `${RECORDINGS}/d.json`);
    expect(bom.result.status).toBe("failed");
  });

  it("fails a recording whose folder names no prompt declared beside it", () => {
    const elsewhere = "domains/support/actions/recordings/answer_question/e.json";
    expect(decodeLine(run({ [elsewhere]: GOOD }, elsewhere)))
      .toEqual(["decode: `answer_question`'s recording `e` doesn't decode: no prompt `answer_question` is declared beside its `recordings/` folder"]);
    const unknown = `${PROMPTS}/recordings/no_prompt/f.json`;
    expect(decodeLine(run({ [unknown]: recording("true", "no_prompt@1a2b3c4d") }, unknown)))
      .toEqual(["decode: `no_prompt`'s recording `f` doesn't decode: no prompt `no_prompt` is declared beside its `recordings/` folder"]);
  });

  it("fails a recording of a prompt no call asks", () => {
    const files = {
      [`${PROMPTS}/unused.jadpo`]: 'prompt unused_prompt(topic: Text) {\n    text: "About {topic}"\n}\n',
      [`${PROMPTS}/recordings/unused_prompt/g.json`]: recording('"{Text}"', "unused_prompt@1a2b3c4d"),
    };
    expect(decodeLine(run(files, `${PROMPTS}/recordings/unused_prompt/g.json`)))
      .toEqual(["decode: `unused_prompt`'s recording `g` doesn't decode: no call asks `unused_prompt`"]);
  });

  it("passes a recording made from an older prompt, with an alert naming both versions", () => {
    const outcome = run({ [`${RECORDINGS}/not_covered.json`]: recording('{\n    "reply": "{Text}",\n    "resolved_by_articles": false\n  }', "answer_question@1a2b3c4d") }, `${RECORDINGS}/not_covered.json`);
    expect(outcome.result.status).toBe("passed");
    expect(outcome.alerts).toEqual([{
      kind: "stale_recording", prompt: "answer_question", name: "not_covered", recordedVersion: "1a2b3c4d", currentVersion: "b44ecc53",
      file: `${RECORDINGS}/not_covered.json`, without: { fixtures: [], valuesType: "AnswerQuestion" },
    }]);
  });

  it("gives each recording test its own seed from the run seed, file and name", () => {
    const files = { [`${RECORDINGS}/sesame.json`]: GOOD, [`${RECORDINGS}/other.json`]: GOOD };
    const a = run(files, `${RECORDINGS}/sesame.json`, 1).result.seed;
    expect(run(files, `${RECORDINGS}/sesame.json`, 1).result.seed).toBe(a);
    expect(run(files, `${RECORDINGS}/sesame.json`, 2).result.seed).not.toBe(a);
    expect(run(files, `${RECORDINGS}/other.json`, 1).result.seed).not.toBe(a);
  });
});

describe("an undecodable recording that remembers its fixture", () => {
  it("gives expected: and got: lines and the command that records it again with that fixture", () => {
    const asked = `{\n  "answer": {\n    "reply": "{Text}",\n    "resolved_by_articles": "yes"\n  },\n  "asked": { "fixture": "questions.sesame", "model": "m", "values": "0123abcd" },\n  "version": "VERSION"\n}\n`;
    const text = asked.replace("VERSION", JSON.parse(GOOD).version as string);
    const outcome = run({ [`${RECORDINGS}/sesame.json`]: text }, `${RECORDINGS}/sesame.json`);
    const [d] = outcome.result.diagnostics;
    expect(decodeLine(outcome)).toEqual([
      "decode: `answer_question`'s recording `sesame` doesn't decode: `type` on `resolved_by_articles`", "expected: Bool", "got: Text",
    ]);
    expect(d.next).toBe("Correct its answer to the type, or record it again: `jadpo ai record answer_question --as sesame --fixture questions.sesame --force`");
  });
});
