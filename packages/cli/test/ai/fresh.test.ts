// Keeping recordings fresh, end to end (docs/testing.md), in this process, against a local
// OpenAI-compatible model server. A recording remembers what it was asked; changing the model
// gives an alert whose remedy works as printed; `--stale` asks once per out-of-date recording
// with the values it was first asked with; `--fail-on-alert` fails the run until they are fresh;
// and no recording ever holds the question, the key or a value a placeholder replaced.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { digest8 } from "@jadpo/compiler";
import { appendCall } from "@jadpo/runtime/dev";
import { RecordingKey, valuesDigestOfJson } from "@jadpo/runtime/recordings";
import { describe, expect, it } from "vitest";
import { disposedAfterEach } from "../support/example.ts";
import { asked, devCall, jerseyValues, NOT_COVERED, sesameValues } from "./expected.ts";
import { modelServerForFile, Project, RECORDINGS } from "./harness.ts";

const example = disposedAfterEach(() => Project.example());
const { server: model, env: serverEnv } = modelServerForFile(NOT_COVERED);
const KEY = "sk-fresh-7f3a9c1e5b";
const env = () => ({ ...serverEnv(), JADPO_AI_KEY: KEY });


const OLD_MODEL = "meta-llama/Llama-3.1-8B-Instruct";
const NEW_MODEL = "qwen2.5-7b";

function changeModel(project: Project): void {
  project.write("app.jadpo", project.read("app.jadpo").replace(`model: "${OLD_MODEL}"`, `model: "${NEW_MODEL}"`));
}

/** The `→` remedy lines of a report, as printed. */
function remedies(stdout: string): string[] {
  return stdout.split("\n").filter((line) => line.startsWith("→ jadpo ai record"));
}

/** The command of a remedy line, as a user would paste it: everything before the two spaces. */
function commandOf(remedy: string): string[] {
  const command = remedy.slice("→ ".length, remedy.indexOf("  "));
  const words = command.split(" ");
  expect(words[0]).toBe("jadpo");
  return words.slice(1);
}

describe("a recording made with one model, run with another", () => {
  it("alerts with a remedy that works as printed, and --fail-on-alert fails until it is recorded again", async () => {
    const project = example();
    const recorded = await project.run(["ai", "record", "answer_question", "--as", "sesame_fx", "--fixture", "questions.sesame"], env());
    expect(recorded.code).toBe(0);
    expect(JSON.parse(project.read(`${RECORDINGS}/sesame_fx.json`)).asked).toEqual({ fixture: "questions.sesame", model: OLD_MODEL, values: sesameValues(project.root) });

    const before = await project.run(["test"], env());
    expect(before.stdout).toBe("✓ 28 passed  24 action tests · 1 function test · 3 recording tests\n");

    changeModel(project);
    const drift = await project.run(["test"], env());
    expect(drift.code).toBe(0);
    expect(drift.stdout).toBe([
      `▲ alert  \`answer_question\`'s recording \`sesame_fx\` was made with ${OLD_MODEL}, now ${NEW_MODEL}: its answer may no longer be what the model says`,
      "✓ 28 passed  24 action tests · 1 function test · 3 recording tests",
      "→ jadpo ai record answer_question --as sesame_fx --fixture questions.sesame  records it again from the model now",
      "",
    ].join("\n"));

    const failing = await project.run(["test", "--fail-on-alert"], env());
    expect(failing.code).toBe(1);
    expect(failing.stdout.split("\n")[1]).toBe("test failed: 1 alert, 28 passed, 24 action tests · 1 function test · 3 recording tests");
    const json = await project.run(["test", "--fail-on-alert", "--reporter", "json"], env());
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as { status: string; summary: { text: string; failing_alerts: number }; alerts: Array<Record<string, unknown>> };
    expect(report.status).toBe("failed");
    expect(report.summary.failing_alerts).toBe(1);
    expect(report.summary.text).toBe("test failed: 1 alert, 28 passed, 24 action tests · 1 function test · 3 recording tests");
    expect(report.alerts).toEqual([{
      kind: "model_drift", prompt: "answer_question", name: "sesame_fx", file: `${RECORDINGS}/sesame_fx.json`,
      fixture: "questions.sesame", recorded_model: OLD_MODEL, current_model: NEW_MODEL,
      text: `▲ alert  \`answer_question\`'s recording \`sesame_fx\` was made with ${OLD_MODEL}, now ${NEW_MODEL}: its answer may no longer be what the model says`,
      remedy: "jadpo ai record answer_question --as sesame_fx --fixture questions.sesame",
    }]);

    // The remedy, exactly as printed: no --force needed, asked once with the fixture's values.
    model().requests.length = 0;
    const remedy = await project.run(commandOf(remedies(drift.stdout)[0]), env());
    expect(remedy.stderr).toBe("");
    expect(remedy.code).toBe(0);
    expect(model().requests).toHaveLength(1);
    expect(asked(model())).toBe("Answer the customer's question in en-GB.\nQuestion: Does your sourdough contain sesame?");
    expect(JSON.parse(project.read(`${RECORDINGS}/sesame_fx.json`)).asked.model).toBe(NEW_MODEL);

    const fresh = await project.run(["test", "--fail-on-alert"], env());
    expect(fresh.stdout).toBe("✓ 28 passed  24 action tests · 1 function test · 3 recording tests\n");
    expect(fresh.code).toBe(0);
  });

  it("an old prompt's remedy asks with the recording's fixture too", async () => {
    const project = example();
    expect((await project.run(["ai", "record", "answer_question", "--as", "sesame_fx", "--fixture", "questions.sesame"], env())).code).toBe(0);
    const file = `${RECORDINGS}/sesame_fx.json`;
    project.write(file, project.read(file).replace("answer_question@b44ecc53", "answer_question@1a2b3c4d"));
    const run = await project.run(["test"], env());
    expect(remedies(run.stdout)).toEqual([
      "→ jadpo ai record answer_question --as sesame_fx --fixture questions.sesame  records it again from the prompt now",
    ]);
    // Without the fixture the recording would have no values to be asked with (no `jadpo dev` call yet).
    const remedy = await project.run(commandOf(remedies(run.stdout)[0]), env());
    expect(remedy.code).toBe(0);
    expect(JSON.parse(project.read(file)).version).toBe("answer_question@b44ecc53");
  });
});

describe("jadpo ai record --stale", () => {
  it("asks exactly once per out-of-date recording, with its own values, and leaves one it can't ask again byte for byte", async () => {
    const project = example();
    appendCall(project.root, devCall("Do you deliver to Jersey?"));
    expect((await project.run(["ai", "record", "answer_question", "--as", "jersey"], env())).code).toBe(0);
    expect((await project.run(["ai", "record", "answer_question", "--as", "sesame_fx", "--fixture", "questions.sesame"], env())).code).toBe(0);
    expect(JSON.parse(project.read(`${RECORDINGS}/jersey.json`)).asked).toEqual({ model: OLD_MODEL, values: jerseyValues(project.root) });
    // Later calls about other things: `--stale` still asks `jersey` with Jersey's values.
    appendCall(project.root, devCall("Is the rye bread vegan?"));
    const legacy = `{\n  "answer": {\n    "reply": "{Text}",\n    "resolved_by_articles": false\n  },\n  "asked": {\n    "model": "${OLD_MODEL}",\n    "values": "0badc0de"\n  },\n  "version": "answer_question@b44ecc53"\n}\n`;
    project.write(`${RECORDINGS}/legacy.json`, legacy);
    changeModel(project);

    model().requests.length = 0;
    const run = await project.run(["ai", "record", "--stale"], env());
    expect(run.stdout).toBe([
      `✓ Recorded \`answer_question\`'s \`jersey\` again  from the \`jadpo dev\` call with the same values, call_1 · 1 placeholder · ${RECORDINGS}/jersey.json`,
      "error: `answer_question`'s recording `legacy` is out of date and can't be asked again: it was recorded without a fixture and no `jadpo dev` call in the log has its values",
      "  reason: A recording is asked again with the values it was first asked with — its fixture, or a `jadpo dev` call with the same values — so a re-recorded answer never answers another question; it is left as it was.",
      "  next: Record it again by hand with `jadpo ai record answer_question --as legacy --fixture questions.sesame`, or make a `jadpo dev` call with the values it answered (human)",
      "  rule: ai.cannot_reask",
      `✓ Recorded \`answer_question\`'s \`sesame_fx\` again  from the fixture \`questions.sesame\` · 1 placeholder · ${RECORDINGS}/sesame_fx.json`,
      "record failed: 1 left out of date, 2 recorded again",
      "",
    ].join("\n"));
    expect(run.code).toBe(1);
    // Once each: the seed's recordings remember no model, so they are not out of date.
    expect(model().requests).toHaveLength(2);
    expect([asked(model(), 0), asked(model(), 1)]).toEqual([
      "Answer the customer's question in en-GB.\nQuestion: Do you deliver to Jersey?",
      "Answer the customer's question in en-GB.\nQuestion: Does your sourdough contain sesame?",
    ]);
    expect(project.read(`${RECORDINGS}/legacy.json`)).toBe(legacy);
    expect(JSON.parse(project.read(`${RECORDINGS}/jersey.json`)).asked).toEqual({ model: NEW_MODEL, values: jerseyValues(project.root) });
    expect(JSON.parse(project.read(`${RECORDINGS}/sesame_fx.json`)).asked.model).toBe(NEW_MODEL);

    // The one left fails `--fail-on-alert` until it is gone; then nothing is out of date.
    expect((await project.run(["test", "--fail-on-alert"], env())).code).toBe(1);
    project.remove(`${RECORDINGS}/legacy.json`);
    expect((await project.run(["test", "--fail-on-alert"], env())).code).toBe(0);
    model().requests.length = 0;
    const again = await project.run(["ai", "record", "answer_question", "--stale"], env());
    expect(again.stdout).toBe("✓ No recording is out of date  0 recorded again · 0 left out of date\n");
    expect(again.code).toBe(0);
    expect(model().requests).toHaveLength(0);
  });

  it("asks an older, unkeyed recording, or one digested under another key, again only by its fixture, never by a dev call's values", async () => {
    const project = example();
    appendCall(project.root, devCall("Do you deliver to Jersey?"));
    const jersey = { question: "Do you deliver to Jersey?", reader_locale: "en-GB" };
    const sesame = { question: "Does your sourdough contain sesame?", reader_locale: "en-GB" };
    const write = (name: string, asked: object) => project.write(`${RECORDINGS}/${name}.json`, JSON.stringify({
      answer: { reply: "{Text}", resolved_by_articles: false }, asked: { model: OLD_MODEL, ...asked }, version: "answer_question@b44ecc53",
    }));
    write("a_unkeyed", { values: digest8(jersey) });
    write("b_other_key", { values: valuesDigestOfJson(new RecordingKey("a colleague's key"), jersey) });
    write("c_unkeyed_fixture", { fixture: "questions.sesame", values: digest8(sesame) });
    // They stay valid.
    expect((await project.run(["test"], env())).stdout).toBe("✓ 30 passed  24 action tests · 1 function test · 5 recording tests\n");

    changeModel(project);
    model().requests.length = 0;
    const run = await project.run(["ai", "record", "--stale"], env());
    expect(run.stdout.split("\n").filter((line) => !line.startsWith("  "))).toEqual([
      "error: `answer_question`'s recording `a_unkeyed` is out of date and can't be asked again: it was recorded without a fixture and no `jadpo dev` call in the log has its values",
      "error: `answer_question`'s recording `b_other_key` is out of date and can't be asked again: it was recorded without a fixture and no `jadpo dev` call in the log has its values",
      `✓ Recorded \`answer_question\`'s \`c_unkeyed_fixture\` again  from the fixture \`questions.sesame\` · 1 placeholder · ${RECORDINGS}/c_unkeyed_fixture.json`,
      "record failed: 2 left out of date, 1 recorded again",
      "",
    ]);
    expect(model().requests).toHaveLength(1);
    expect(JSON.parse(project.read(`${RECORDINGS}/c_unkeyed_fixture.json`)).asked).toEqual({ fixture: "questions.sesame", model: NEW_MODEL, values: sesameValues(project.root) });
  });

  it("re-records one named recording with the dev call of its own values, not the last call", async () => {
    const project = example();
    appendCall(project.root, devCall("Do you deliver to Jersey?"));
    expect((await project.run(["ai", "record", "answer_question", "--as", "jersey"], env())).code).toBe(0);
    appendCall(project.root, devCall("Is the rye bread vegan?"));
    changeModel(project);
    model().requests.length = 0;
    const run = await project.run(["ai", "record", "answer_question", "--as", "jersey"], env());
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[2]).toBe("    from      the `jadpo dev` call with the same values, call_1");
    expect(asked(model())).toBe("Answer the customer's question in en-GB.\nQuestion: Do you deliver to Jersey?");
  });

  it("refuses --as or --fixture beside --stale (exit 2)", async () => {
    const project = example();
    const run = await project.run(["ai", "record", "answer_question", "--stale", "--as", "jersey"], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toBe([
      "error: `--stale` and `--as` can't be used together",
      "  reason: Each of them chooses what the command works on, so a command line takes one of them.",
      "  next: Record every out-of-date recording with `--stale` alone, or one with `--as <name>` (and `--fixture group.fixture`) (human)",
      "  rule: cli.conflicting_options",
      "",
    ].join("\n"));
  });
});

describe("`asked`, read strictly", () => {
  it("is test.recording_undecodable with the file's path when a member has the wrong form; a recording without it stays valid", async () => {
    const project = example();
    const file = `${RECORDINGS}/sesame.json`;
    project.write(file, project.read(file).replace('"version"', '"asked": { "model": "m", "values": "Sesame?" },\n  "version"'));
    const run = await project.run(["test", file], env());
    expect(run.stdout).toBe([
      `FAIL  answer_question's sesame recording decodes --> ${file}:1`,
      "  decode: `answer_question`'s recording `sesame` doesn't decode: its `asked.values` is not 8 hex digits",
      "  reason: Every build decodes every recording through each type its prompt is asked for as, every rule included, so an answer no call could read, or one its type has changed under since it was recorded, shows here before a test answers with it.",
      "  next: Correct its answer to the type, or record it again: `jadpo ai record answer_question --as sesame --force` (agent)",
      "  rule: test.recording_undecodable",
      `  rerun: jadpo test ${file}:1 --seed 1`,
      "test failed: 1 failed, 1 recording test",
      "",
    ].join("\n"));
    expect(run.code).toBe(1);
    expect((await project.run(["test", `${RECORDINGS}/not_covered.json`], env())).stdout).toBe("✓ 1 passed  1 recording test\n");
  });
});

describe("what a recording keeps", () => {
  it("holds no question text, no key and no value a placeholder replaced", async () => {
    const project = example();
    const reply = "We deliver to Jersey on Tuesdays, Ms Example.";
    model().setBehaviour({ kind: "answer", text: JSON.stringify({ resolved_by_articles: true, reply }) });
    appendCall(project.root, devCall("Do you deliver to Jersey?"));
    expect((await project.run(["ai", "record", "answer_question", "--as", "jersey"], env())).code).toBe(0);
    expect((await project.run(["ai", "record", "answer_question", "--as", "sesame_fx", "--fixture", "questions.sesame"], env())).code).toBe(0);
    changeModel(project);
    expect((await project.run(["ai", "record", "--stale"], env())).code).toBe(0);
    const folder = join(project.root, RECORDINGS);
    const files = readdirSync(folder).filter((name) => name.endsWith(".json"));
    expect(files.sort()).toEqual(["jersey.json", "not_covered.json", "sesame.json", "sesame_fx.json"]);
    for (const name of files) {
      const text = readFileSync(join(folder, name), "utf8");
      for (const secret of ["Do you deliver to Jersey?", "Does your sourdough contain sesame?", "sourdough", KEY, reply, "Ms Example"]) {
        expect(text, `${name} holds ${secret}`).not.toContain(secret);
      }
    }
    // What it does keep: the fixture's name, the model, and the values' digest.
    expect(JSON.parse(readFileSync(join(folder, "jersey.json"), "utf8")).answer).toEqual({ reply: "{Text}", resolved_by_articles: true });
  });
});
