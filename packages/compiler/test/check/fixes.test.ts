// Each rule that carries fixes: the fix's title, the text its range covers and its replacement,
// and that applying it (again, while it is offered) gives a project that checks clean.
import { describe, expect, test } from "vitest";
import { compileSources } from "../../src/testing/index.ts";
import { SourceFile } from "../../src/source/source-file.ts";
import type { Diagnostic, Fix } from "../../src/diagnostics/diagnostic.ts";
import { EXAMPLE_ROOT, readProject, rendered } from "./check-sources.ts";

const ACTION = "domains/support/actions/answer_customer.jadpo";
const TEST = "domains/support/actions/answer_customer.test.jadpo";
const example = readProject(EXAMPLE_ROOT);

interface Case {
  rule: string;
  path: string;
  /** What the clean project has (`""`: the file is new), and the mistake written instead. */
  from: string;
  to: string;
  title: string;
  /** The text the fix's range covers, and what it writes there. */
  covered: string;
  text: string;
  /** Files added to the example (or, with `alone`, the whole project). */
  files?: Record<string, string>;
  alone?: boolean;
}

function diagnosticsOf(files: Record<string, string>): Diagnostic[] {
  return compileSources(files).diagnostics;
}

/** The file after one fix (edits applied from the last, so earlier offsets hold). */
function applyFix(text: string, fix: Fix): string {
  for (const edit of [...fix.edits].sort((a, b) => b.span.start - a.span.start)) {
    text = text.slice(0, edit.span.start) + edit.text + text.slice(edit.span.end);
  }
  return text;
}

const triage = {
  "app.jadpo": "",
  "domains/triage/failures.jadpo": `failure TriageUnreadable { kind: Unavailable  message: "Unreadable." }\n`,
  "domains/triage/types.jadpo": `type Ticket = Text { max_length: 80 }\n`,
};

const cases: Record<string, Case> = {
  "name.unknown: a near local": {
    rule: "name.unknown", path: ACTION, from: "ai.generate(asked,", to: "ai.generate(askd,", title: "Change to `asked`", covered: "askd", text: "asked",
  },
  "name.unknown: a near failure": {
    rule: "name.unknown", path: ACTION, from: "failure AiUnreadable =>", to: "failure AiUnredable =>", title: "Change to `AiUnreadable`", covered: "AiUnredable", text: "AiUnreadable",
  },
  "name.unknown: a near member, where only the member is written over": {
    rule: "name.unknown", path: ACTION, from: "reader_locale: Locale.en_gb", to: "reader_locale: Locale.en_gbb", title: "Change to `en_gb`", covered: "en_gbb", text: "en_gb",
  },
  "name.unknown: a near prompt after `ai.`": {
    rule: "name.unknown", path: TEST, from: "assert ai.answer_question.attempts", to: "assert ai.answer_questoin.attempts",
    title: "Change to `answer_question`", covered: "answer_questoin", text: "answer_question",
  },
  "name.unknown: a near library function": {
    rule: "name.unknown", path: TEST, from: "assert list.count(ai.", to: "assert list.cont(ai.", title: "Change to `count`", covered: "cont", text: "count",
  },
  "name.unknown: declared elsewhere, onto the module's `use` line": {
    rule: "name.unknown", path: ACTION, from: "{ AnswerUnreadable, AssistantUnavailable }", to: "{ AssistantUnavailable }",
    title: "Add `AnswerUnreadable` to `use support/failures`", covered: "", text: ", AnswerUnreadable",
  },
  "type.unknown: declared elsewhere, a new `use` line after the last": {
    rule: "type.unknown", path: "domains/support/fixtures/questions.jadpo", from: "use support/prompts { AnswerQuestion }\n", to: "",
    // The file module that declares it, as `next:` says.
    title: "Add `AnswerQuestion` to `use support/prompts/answer_question`", covered: "", text: "\nuse support/prompts/answer_question { AnswerQuestion }",
  },
  "name.unknown: declared elsewhere, a first `use` line in a file without one": {
    rule: "name.unknown", path: "domains/desk/desk.jadpo", alone: true, files: triage,
    from: "", to: "action open() fails TriageUnreadable -> Int {\n    reject TriageUnreadable\n}\n",
    title: "Add `TriageUnreadable` to `use triage/failures`", covered: "", text: "use triage/failures { TriageUnreadable }\n\n",
  },
  "type.unknown: declared elsewhere": {
    rule: "type.unknown", path: "domains/desk/desk.jadpo", alone: true, files: { ...triage, "domains/desk/desk.jadpo": "use triage/failures { TriageUnreadable }\n" },
    from: "\n", to: "\nfunction rank(t: Ticket) -> Int {\n    return 1\n}\n",
    title: "Add `Ticket` to `use triage/types`", covered: "", text: "\nuse triage/types { Ticket }",
  },
  "type.unknown: a near type": {
    rule: "type.unknown", path: ACTION, from: "-> SupportAnswer\n", to: "-> SupportAnswr\n", title: "Change to `SupportAnswer`", covered: "SupportAnswr", text: "SupportAnswer",
  },
  "type.unknown_field: a near field read": {
    rule: "type.unknown_field", path: TEST, from: "assert reply.resolved_by_articles\n    var asked", to: "assert reply.resolved_by_article\n    var asked",
    title: "Change to `resolved_by_articles`", covered: "resolved_by_article", text: "resolved_by_articles",
  },
  "type.unknown_field: a near field written": {
    rule: "type.unknown_field", path: ACTION, from: "question: question  reader_locale:", to: "question: question  reader_locle:",
    title: "Change to `reader_locale`", covered: "reader_locle", text: "reader_locale",
  },
  "type.bad_word: a near failure kind": {
    rule: "type.bad_word", path: "domains/support/failures.jadpo", from: "kind: Unavailable  message: \"The assistant can't", to: "kind: Unavailabel  message: \"The assistant can't",
    title: "Change to `Unavailable`", covered: "Unavailabel", text: "Unavailable",
  },
  "type.bad_word: a failure code in lower_snake": {
    rule: "type.bad_word", path: "domains/support/failures.jadpo", from: "kind: Unavailable  message: \"The assistant can't", to: "code: \"Assistant-Gone\"  kind: Unavailable  message: \"The assistant can't",
    title: "Change to `\"assistant_gone\"`", covered: "\"Assistant-Gone\"", text: "\"assistant_gone\"",
  },
  "type.bad_constraint: a near constraint": {
    rule: "type.bad_constraint", path: "domains/support/types.jadpo", from: "max_length: 2000", to: "max_lenght: 2000", title: "Change to `max_length`", covered: "max_lenght", text: "max_length",
  },
  "type.unknown_entry: a near entry": {
    rule: "type.unknown_entry", path: "app.jadpo", from: "timeout: 30s", to: "timout: 30s", title: "Change to `timeout`", covered: "timout", text: "timeout",
  },
  "prompt.unknown_placeholder: a near parameter": {
    rule: "prompt.unknown_placeholder", path: "domains/support/prompts/answer_question.jadpo", from: "Question: {question}", to: "Question: {questoin}",
    title: "Change to `{question}`", covered: "{questoin}", text: "{question}",
  },
  "prompt.unknown_placeholder: a near field": {
    rule: "prompt.unknown_placeholder", path: "domains/support/prompts/check_answer.jadpo",
    files: { "domains/support/prompts/check_answer.jadpo": "use support/types { SupportAnswer }\n\nprompt check_answer(answer: SupportAnswer) {\n    text: \"Is this kind? {answer.reply}\"\n}\n" },
    from: "{answer.reply}", to: "{answer.reaply}", title: "Change to `{answer.reply}`", covered: "{answer.reaply}", text: "{answer.reply}",
  },
  "test.fake_unknown_prompt: a near prompt": {
    rule: "test.fake_unknown_prompt", path: TEST, from: "ai.answer_question: [refused,", to: "ai.answer_questoin: [refused,",
    title: "Change to `answer_question`", covered: "answer_questoin", text: "answer_question",
  },
  "test.recording_missing: a near recording": {
    rule: "test.recording_missing", path: TEST, from: "recorded(\"not_covered\")", to: "recorded(\"not_coverd\")",
    title: "Change to `recorded(\"not_covered\")`", covered: "\"not_coverd\"", text: "\"not_covered\"",
  },
  "ai.sandbox_unknown_prompt: a near prompt": {
    rule: "ai.sandbox_unknown_prompt", path: "app.jadpo", from: "sandbox: [answer_question]", to: "sandbox: [answer_questoin]",
    title: "Change to `answer_question`", covered: "answer_questoin", text: "answer_question",
  },
  "type.bad_locale: the default in canonical case": {
    rule: "type.bad_locale", path: "app.jadpo", from: "default: \"en-GB\"", to: "default: \"en-gb\"", title: "Change to `\"en-GB\"`", covered: "\"en-gb\"", text: "\"en-GB\"",
  },
  "type.bad_locale: a supported tag in canonical case": {
    rule: "type.bad_locale", path: "app.jadpo", from: "\"fr-FR\"]", to: "\"FR-fr\"]", title: "Change to `\"fr-FR\"`", covered: "\"FR-fr\"", text: "\"fr-FR\"",
  },
  "type.bad_word: the one capability": {
    rule: "type.bad_word", path: "app.jadpo", from: "capability: ai", to: "capability: aii", title: "Change to `ai`", covered: "aii", text: "ai",
  },
  "type.bad_word: the one driver": {
    rule: "type.bad_word", path: "app.jadpo", from: "driver: openai_compatible", to: "driver: openai", title: "Change to `openai_compatible`", covered: "openai", text: "openai_compatible",
  },
  "failure.attempt_needless: without `attempt`": {
    rule: "failure.attempt_needless", path: "domains/support/functions/greeting.jadpotest", from: "assert greeting(Locale.en_gb)", to: "assert attempt greeting(Locale.en_gb)",
    title: "Remove `attempt`", covered: "attempt greeting(Locale.en_gb)", text: "greeting(Locale.en_gb)",
  },
  "module.not_found: a near module": {
    rule: "module.not_found", path: ACTION, from: "use support/types {", to: "use support/typs {", title: "Change to `support/types`", covered: "support/typs", text: "support/types",
  },
  "module.name_not_found: a near name in the module": {
    rule: "module.name_not_found", path: ACTION, from: "{ CustomerQuestion, SupportAnswer }", to: "{ CustomerQuestion, SupportAnswr }",
    title: "Change to `SupportAnswer`", covered: "SupportAnswr", text: "SupportAnswer",
  },
};

describe("fixes, made with the diagnostic", () => {
  test.each(Object.entries(cases))("%s", (_, c) => {
    const clean = c.alone ? { ...c.files } : { ...example, ...c.files };
    expect(rendered(diagnosticsOf(clean))).toBe("");
    const before = clean[c.path] ?? "";
    if (c.from !== "") expect(before.split(c.from)).toHaveLength(2);
    const broken = c.from === "" ? c.to : before.replace(c.from, c.to);
    const files = { ...clean, [c.path]: broken };

    const found = diagnosticsOf(files);
    expect(found.map((d) => d.rule)).toContain(c.rule);
    expect(found.every((d) => d.rule === c.rule)).toBe(true);
    const d = found[0];
    expect(d.fixes.map((f) => f.title)).toEqual([c.title]);
    const [edit] = d.fixes[0].edits;
    expect(d.fixes[0].edits).toHaveLength(1);
    expect(edit.span.file).toBe(c.path);
    expect(broken.slice(edit.span.start, edit.span.end)).toBe(c.covered);
    expect({ line: edit.span.line, column: edit.span.column }).toEqual(new SourceFile(c.path, broken).position(edit.span.start));
    expect(edit.text).toBe(c.text);

    // Applied, and applied again while one is offered (one `use` per missing name), the project checks clean.
    let text = broken;
    let left = found;
    for (let round = 0; round < 5 && left.length > 0; round++) {
      const next = left.find((x) => x.fixes.length > 0);
      if (!next) break;
      text = applyFix(text, next.fixes[0]);
      left = diagnosticsOf({ ...files, [c.path]: text });
    }
    expect(rendered(left)).toBe("");
  });
});
