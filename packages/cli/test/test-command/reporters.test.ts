// The reporters on hand-made results: every line kind of plain (whole text compared), pretty's
// colour, json's shape and junit's XML.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { diagnostic, type Diagnostic } from "@jadpo/compiler";
import { noPaint } from "@jadpo/compiler";
import type { Alert, TestResult } from "@jadpo/runtime";
import type { Paint } from "@jadpo/compiler";
import { makeReporter, reporterEvents, runEndText, type ReportContext, type ReporterName, type TestReport } from "../../src/reporters/index.ts";
import { ansiPaint } from "../../src/ansi-paint.ts";
import { remedyLine } from "../../src/reporters/lines.ts";
import { findAll, parseXml } from "./xml.ts";

const context: ReportContext = { displayPath: (file) => file };
const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");
/** The text a reporter gives at the end of the run. */
const atEnd = (name: ReporterName, paint: Paint = noPaint, width: number | null = null) =>
  (report: TestReport, at: ReportContext): string => runEndText(makeReporter(name, { paint, width }), report, at);
const plain = atEnd("plain");
const json = atEnd("json");
const junit = atEnd("junit");

const SESAME = "domains/support/prompts/recordings/answer_question/sesame.json";
const ACTIONS = "domains/support/actions/answer_customer.test.jadpo";

function result(name: string, kind: TestResult["kind"], status: TestResult["status"], file = ACTIONS, line = 6, diagnostics: Diagnostic[] = []): TestResult {
  return { name, kind, file, line, status, seed: 42, duration_ms: 1.25, diagnostics };
}

function undecodable(): Diagnostic {
  const d = diagnostic("test.recording_undecodable", { file: SESAME, line: 1, column: 1, start: 0, end: 0 }, { prompt: "answer_question", name: "sesame", step: "Correct its answer to the type, or record it again: `jadpo ai record answer_question --as sesame --force`" });
  return {
    ...d,
    details: [
      { label: "decode", text: `${d.summary}: \`type\` on \`resolved_by_articles\`` }, { label: "expected", text: "Bool" }, { label: "got", text: "Text" },
    ],
  };
}

function assertionFailed(line: number): Diagnostic {
  return diagnostic("test.assertion_failed", { file: ACTIONS, line, column: 5, start: 0, end: 1 }, {}, [
    { label: "assert", text: "reply.reply == \"No sesame.\"" },
    { label: "got", text: "\"Yes\"" },
    { label: "expected", text: "\"No sesame.\"" },
  ]);
}

const stale: Alert = {
  kind: "stale_recording", prompt: "answer_question", name: "not_covered", recordedVersion: "1a2b3c4d", currentVersion: "b44ecc53",
  file: "domains/support/prompts/recordings/answer_question/not_covered.json",
};

const ran = (results: TestResult[], alerts: Alert[] = [], seed = 1): TestReport => ({ outcome: "ran", seed, results, alerts });

describe("plain", () => {
  it("prints an alert first and its remedy last, and the run passes", () => {
    const text = plain(ran([result("a question", "action test", "passed"), result("answer_question's not_covered recording decodes", "recording test", "passed", stale.file, 1)], [stale]), context);
    expect(text).toBe(
      "▲ alert  `answer_question`'s recording `not_covered` was made from an older prompt (1a2b3c4d, now b44ecc53): its answer may no longer be what the model says\n" +
      "✓ 2 passed  1 action test · 1 recording test\n" +
      "→ jadpo ai record answer_question --as not_covered  records it again from the prompt now\n",
    );
  });

  it("prints the seed's FAIL block for the undecodable \"yes\" recording, word for word", () => {
    const text = plain(ran([result("answer_question's sesame recording decodes", "recording test", "failed", SESAME, 1, [undecodable()])]), context);
    expect(text).toBe(fixture("seed-output-fail.txt"));
  });

  it("separates FAIL blocks by a blank line; reruns name the declaration's line and the run seed", () => {
    const text = plain(ran([
      result("one", "action test", "failed", ACTIONS, 24, [assertionFailed(31)]),
      result("two", "action test", "passed"),
      result("three", "test", "failed", "domains/t.jadpotest", 2, [diagnostic("test.unexpected_failure", { file: "domains/t.jadpotest", line: 3, column: 5, start: 0, end: 1 }, { call: "answer_customer", failure: "AssistantUnavailable" })]),
    ], [], 9), { displayPath: (file) => `../${file}` });
    expect(text).toBe([
      "FAIL  one --> ../domains/support/actions/answer_customer.test.jadpo:31",
      "  assert: reply.reply == \"No sesame.\"",
      "  got: \"Yes\"",
      "  expected: \"No sesame.\"",
      "  reason: A test passes only when every assertion holds.",
      "  next: Fix the code under test, or the assertion if it is wrong (agent)",
      "  rule: test.assertion_failed",
      "  rerun: jadpo test ../domains/support/actions/answer_customer.test.jadpo:24 --seed 9",
      "",
      "FAIL  three --> ../domains/t.jadpotest:3",
      "  reason: A test that attempts a call expects it to succeed; a failure it didn't assert ends it.",
      "  next: Assert the failure with `assert ... fails AssistantUnavailable`, or fix the cause (agent)",
      "  rule: test.unexpected_failure",
      "  rerun: jadpo test ../domains/t.jadpotest:2 --seed 9",
      "test failed: 2 failed, 1 passed, 2 action tests · 1 test",
      "",
    ].join("\n"));
  });

  it("counts kinds in order, singular for one, and leaves out zero counts and a zero passed part", () => {
    const line = (results: TestResult[]) => plain(ran(results), context).trimEnd().split("\n").at(-1);
    expect(line([result("r", "recording test", "passed", SESAME, 1), result("f", "function test", "passed"), result("p", "prompt test", "passed"), result("t", "test", "passed"), result("a", "action test", "passed"), result("a2", "action test", "passed")]))
      .toBe("✓ 6 passed  2 action tests · 1 function test · 1 prompt test · 1 test · 1 recording test");
    expect(line([result("a", "action test", "failed", ACTIONS, 6, [assertionFailed(7)])])).toBe("test failed: 1 failed, 1 action test");
    expect(line([result("r", "recording test", "passed", SESAME, 1), result("s", "recording test", "passed", SESAME, 1)])).toBe("✓ 2 passed  2 recording tests");
  });

  it("prints compile errors, then how many stopped the run", () => {
    const d = diagnostic("name.unknown", { file: "domains/a.jadpo", line: 2, column: 9, start: 0, end: 1 }, { name: "x", suggestion: "Write `y`" });
    const one = plain({ outcome: "compile_errors", seed: 1, diagnostics: [d] }, context);
    expect(one.startsWith("error: ")).toBe(true);
    expect(one.endsWith("\n  rule: name.unknown\ntest failed: 1 compile error\n")).toBe(true);
    const two = plain({ outcome: "compile_errors", seed: 1, diagnostics: [d, d] }, context);
    expect(two).toContain("rule: name.unknown\n\nerror: ");
    expect(two.endsWith("test failed: 2 compile errors\n")).toBe(true);
  });

  it("prints no tests as its diagnostic", () => {
    const text = plain({ outcome: "stopped", seed: 1, diagnostic: diagnostic("test.no_tests", null, { where: "", suggestion: "Write a `test` in a `*.jadpotest` or `*.test.jadpo` file, or check the path" }) }, context);
    expect(text).toBe([
      "error: No tests found",
      "  reason: A test run that runs nothing proves nothing, so it fails.",
      "  next: Write a `test` in a `*.jadpotest` or `*.test.jadpo` file, or check the path (agent)",
      "  rule: test.no_tests",
      "",
    ].join("\n"));
  });
});

describe("pretty", () => {
  it("is plain with colour", () => {
    const report = ran([result("one", "action test", "failed", ACTIONS, 24, [assertionFailed(31)]), result("r", "recording test", "passed", SESAME, 1)], [stale]);
    const coloured = atEnd("pretty", ansiPaint)(report, context);
    expect(coloured).toContain("\u001b[");
    expect(coloured.replace(/\u001b\[[0-9;]*m/g, "")).toBe(plain(report, context));
  });

  it("wraps alerts to the terminal's width as the seed shows them, continuation lines indented", () => {
    const text = atEnd("pretty", noPaint, 75)(ran([result("r", "recording test", "passed", SESAME, 1)], [stale]), context);
    expect(text.split("\n").slice(0, 3)).toEqual([
      "▲ alert  `answer_question`'s recording `not_covered` was made from an older",
      "  prompt (1a2b3c4d, now b44ecc53): its answer may no longer be what the",
      "  model says",
    ]);
  });
});

describe("json", () => {
  it("prints one object with the run's tests, alerts and summary", () => {
    const text = json(ran([result("one", "action test", "failed", ACTIONS, 24, [assertionFailed(31)]), result("r", "recording test", "passed", stale.file, 1)], [stale], 3), context);
    expect(text.endsWith("}\n")).toBe(true);
    expect(text.trimEnd().includes("\n")).toBe(false);
    const object = JSON.parse(text);
    expect(Object.keys(object)).toEqual(["schemaVersion", "command", "status", "seed", "summary", "tests", "alerts", "diagnostics"]);
    expect(object).toMatchObject({
      schemaVersion: 1, command: "test", status: "failed", seed: 3,
      summary: { passed: 1, failed: 1, kinds: { "action test": 1, "recording test": 1 }, text: "test failed: 1 failed, 1 passed, 1 action test · 1 recording test" },
      alerts: [{ kind: "stale_recording", prompt: "answer_question", name: "not_covered", recorded_version: "1a2b3c4d", current_version: "b44ecc53" }],
      diagnostics: [],
    });
    expect(Object.keys(object.tests[0])).toEqual(["name", "kind", "file", "line", "status", "seed", "duration_ms", "diagnostics"]);
    expect(object.tests[0].diagnostics[0]).toMatchObject({ rule: "test.assertion_failed", line: 31, rerun: `jadpo test ${ACTIONS}:24 --seed 3` });
    expect(object.tests[1]).toMatchObject({ name: "r", kind: "recording test", status: "passed", line: 1, seed: 42, diagnostics: [] });
  });

  it("puts what stopped the run under diagnostics", () => {
    const object = JSON.parse(json({ outcome: "stopped", seed: 1, diagnostic: diagnostic("test.no_tests", null, { where: "", suggestion: "Write a `test` in a `*.jadpotest` or `*.test.jadpo` file, or check the path" }) }, context));
    expect(object).toMatchObject({ status: "failed", tests: [], summary: { passed: 0, failed: 0 }, diagnostics: [{ rule: "test.no_tests" }] });
  });
});

describe("junit", () => {
  it("is well-formed XML with a suite per file and a testcase per test, failures holding the FAIL text", () => {
    const tricky = result("a <b> & \"c\" 'd' \u0001", "test", "failed", "domains/x.jadpotest", 2, [assertionFailed(3)]);
    const report = ran([
      result("one", "action test", "failed", ACTIONS, 24, [assertionFailed(31)]), result("two", "action test", "passed"),
      tricky, result("r", "recording test", "passed", stale.file, 1),
    ], [stale]);
    const root = parseXml(junit(report, context));
    expect(root.name).toBe("testsuites");
    expect(root.attributes).toMatchObject({ tests: "4", failures: "2" });
    const suites = findAll(root, "testsuite");
    expect(suites.map((suite) => [suite.attributes.name, suite.attributes.tests, suite.attributes.failures])).toEqual([
      [ACTIONS, "2", "1"], ["domains/x.jadpotest", "1", "1"], [stale.file, "1", "0"],
    ]);
    const cases = findAll(root, "testcase");
    expect(cases.map((c) => [c.attributes.name, c.attributes.file, c.attributes.line])).toEqual([
      ["one", ACTIONS, "24"], ["two", ACTIONS, "6"], ["a <b> & \"c\" 'd' \uFFFD", "domains/x.jadpotest", "2"], ["r", stale.file, "1"],
    ]);
    const failure = findAll(cases[0], "failure")[0];
    expect(failure.attributes).toMatchObject({ type: "test.assertion_failed", message: "The assertion does not hold" });
    expect(failure.text).toBe(plain(ran([report.outcome === "ran" ? report.results[0] : tricky]), context).split("\ntest failed:")[0]);
    expect(findAll(suites[2], "system-out")[0].text).toContain("▲ alert  `answer_question`'s recording `not_covered`");
  });

  it("reports compile errors as errors", () => {
    const d = diagnostic("name.unknown", { file: "domains/a.jadpo", line: 2, column: 9, start: 0, end: 1 }, { name: "x", suggestion: "Write `y`" });
    const root = parseXml(junit({ outcome: "compile_errors", seed: 1, diagnostics: [d] }, context));
    expect(findAll(root, "error")[0].attributes.type).toBe("name.unknown");
    expect(findAll(root, "testcase")[0].attributes).toMatchObject({ file: "domains/a.jadpo", line: "2" });
  });
});

describe("the reporter registry", () => {
  it("names every reporter once: the --reporter choices and help are read from it", async () => {
    const { reporterNames } = await import("../../src/reporters/index.ts");
    const { flag } = await import("../../src/options.ts");
    expect(reporterNames).toEqual(["pretty", "plain", "verbose", "json", "junit"]);
    const option = flag("reporter");
    expect(option.argChoices).toEqual(reporterNames);
    expect(option.description).toBe("pretty, plain, verbose, json or junit; may be given several times");
  });

  it("verbose: the lines given as tests finish, then the end, read as the whole report given at the end", () => {
    const results = [result("first", "action test", "passed"), result("second", "action test", "passed", "domains/support/b.jadpotest", 2)];
    const report: TestReport = { outcome: "ran", seed: 1, results, alerts: [] };
    const live = makeReporter("verbose", { paint: noPaint, width: null });
    let text = "";
    const feed = reporterEvents(live, context, (chunk) => void (text += chunk));
    feed({ type: "run-start", seed: 1, total: 2 });
    results.forEach((done, index) => feed({ type: "test-done", index, result: done }));
    expect(text).toBe(`${ACTIONS}\n  ✓ first  1ms\ndomains/support/b.jadpotest\n  ✓ second  1ms\n`);
    text += runEndText(live, report, context);
    expect(text).toBe(runEndText(makeReporter("verbose", { paint: noPaint, width: null }), report, context));
    // A watch's next run stopped by a compile error lists nothing and starts with the error.
    const stopped = runEndText(live, { outcome: "compile_errors", seed: 1, diagnostics: [assertionFailed(3)] }, context);
    expect(stopped.startsWith("error: ")).toBe(true);
  });

  it("feeds each finished test to a reporter's onTestDone, and nothing else", () => {
    const done: string[] = [];
    const feed = reporterEvents({ onTestDone: (r) => void done.push(r.name) }, context);
    feed({ type: "run-start", seed: 1, total: 2 });
    feed({ type: "test-done", index: 0, result: result("first", "test", "passed") });
    feed({ type: "test-done", index: 1, result: result("second", "test", "failed") });
    feed({ type: "run-end", alerts: [] });
    expect(done).toEqual(["first", "second"]);
    expect(runEndText({}, ran([]), context)).toBe("");
  });
});

describe("the remedy of a recording that remembers no fixture", () => {
  const stale = (without: { fixtures: string[]; valuesType: string }) => ({
    kind: "stale_recording" as const, prompt: "answer_question", name: "not_covered", file: "domains/support/prompts/recordings/answer_question/not_covered.json",
    recordedVersion: "1a2b3c4d", currentVersion: "b44ecc53", without,
  });
  it("offers the one fixture that fits, a choice of several, or says to write one", () => {
    expect(remedyLine(stale({ fixtures: ["questions.sesame"], valuesType: "AnswerQuestion" }), context)).toBe(
      "→ jadpo ai record answer_question --as not_covered  records it again from the prompt now (with no `jadpo dev` call to ask with, add `--fixture questions.sesame`)",
    );
    expect(remedyLine(stale({ fixtures: ["questions.a", "questions.b"], valuesType: "AnswerQuestion" }), context)).toBe(
      "→ jadpo ai record answer_question --as not_covered  records it again from the prompt now (with no `jadpo dev` call to ask with, add `--fixture` with one of `questions.a`, `questions.b`)",
    );
    expect(remedyLine(stale({ fixtures: [], valuesType: "AnswerQuestion" }), context)).toBe(
      "→ jadpo ai record answer_question --as not_covered  records it again from the prompt now (with no `jadpo dev` call to ask with, write a fixture that returns `AnswerQuestion` and add `--fixture` with it)",
    );
  });
});
