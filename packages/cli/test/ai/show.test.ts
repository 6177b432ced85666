// `jadpo ai show` on copies of the example app, whole stdout, in this process
// (the same `runCli` the binary runs).
import { describe, expect, it } from "vitest";
import { disposedAfterEach } from "../support/example.ts";
import { Project, PROMPT_FILE, RECORDINGS } from "./harness.ts";

const example = disposedAfterEach(() => Project.example());


describe("jadpo ai show", () => {
  it("prints the version first, then parameters, types, calls and each recording's state", async () => {
    const run = await example().run(["ai", "show", "answer_question"]);
    expect(run.stdout).toBe([
      "answer_question@b44ecc53",
      `    declared    ${PROMPT_FILE}:3`,
      "    parameters  question: CustomerQuestion",
      "                reader_locale: Locale",
      "    asked as    SupportAnswer",
      "    called at   domains/support/actions/answer_customer.jadpo:10",
      "    recordings  not_covered  current",
      "                sesame       current",
      "",
    ].join("\n"));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });

  it("lists a tool prompt's tools with their arguments types, and its steps", async () => {
    const project = example();
    project.write("domains/shop/orders.jadpo", `type OrderQuery = Object {\n    code: Text\n}\ntype NoInput = Object { }\nfunction find_order(query: OrderQuery) -> Bool {\n    return true\n}\nfunction opening_hours(input: NoInput) -> Text {\n    return "9 to 5"\n}\nprompt shop_question(question: Text) {\n    text: "Question: {question}"\n    tools: {\n        find_order: "Finds an order."\n        opening_hours: "Today's opening hours."\n    }\n    max_steps: 6\n}\n`);
    const run = await project.run(["ai", "show", "shop_question"]);
    expect(run.stdout.split("\n").slice(1)).toEqual([
      "    declared    domains/shop/orders.jadpo:11",
      "    parameters  question: Text",
      "    asked as    none",
      "    tools       find_order: OrderQuery",
      "                opening_hours: NoInput",
      "    max steps   6",
      "    called at   none",
      "    recordings  none",
      "",
    ]);
    expect(run.code).toBe(0);
  });

  it("says which recording is from an older prompt and which doesn't decode, with the command that redoes each", async () => {
    const project = example();
    const notCovered = `${RECORDINGS}/not_covered.json`;
    project.write(notCovered, project.read(notCovered).replace("answer_question@b44ecc53", "answer_question@1a2b3c4d"));
    const sesame = `${RECORDINGS}/sesame.json`;
    project.write(sesame, project.read(sesame).replace("true", "\"yes\""));
    const run = await project.run(["ai", "show", "answer_question"]);
    expect(run.stdout.split("\n").slice(6)).toEqual([
      "    recordings  not_covered  older prompt (1a2b3c4d, now b44ecc53)",
      "                sesame       undecodable: `type` on `resolved_by_articles`",
      "→ jadpo ai record answer_question --as not_covered  records it again from the prompt now",
      "→ jadpo ai record answer_question --as sesame --force  records it again",
      "",
    ]);
    expect(run.code).toBe(0);
  });

  it("says which recording was made with another model, with the remedy that asks with its fixture", async () => {
    const project = example();
    const asked = (model: string) => `"asked": { "fixture": "questions.sesame", "model": "${model}", "values": "3f9a0c12" },\n  "version"`;
    const sesame = `${RECORDINGS}/sesame.json`;
    project.write(sesame, project.read(sesame).replace('"version"', asked("old-model-7b")));
    const notCovered = `${RECORDINGS}/not_covered.json`;
    project.write(notCovered, project.read(notCovered).replace('"version"', asked("meta-llama/Llama-3.1-8B-Instruct")));
    const run = await project.run(["ai", "show", "answer_question"]);
    expect(run.stdout.split("\n").slice(6)).toEqual([
      "    recordings  not_covered  current",
      "                sesame       other model (old-model-7b, now meta-llama/Llama-3.1-8B-Instruct)",
      "→ jadpo ai record answer_question --as sesame --fixture questions.sesame  records it again from the model now",
      "",
    ]);
  });

  it("shows paths relative to the current directory, and none for what a prompt lacks", async () => {
    const project = example();
    project.remove(`${RECORDINGS}`);
    project.write("domains/support/prompts/summarise.jadpo", [
      "prompt summarise_thread() {",
      "    text: \"Summarise.\"",
      "}",
      "",
    ].join("\n"));
    const run = await project.run(["ai", "show", "summarise_thread"], {}, `${project.root}/domains/support`);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(/^summarise_thread@[0-9a-f]{8}$/);
    expect(lines.slice(1)).toEqual([
      "    declared    prompts/summarise.jadpo:1",
      "    parameters  none",
      "    asked as    none",
      "    called at   none",
      "    recordings  none",
      "",
    ]);
    expect(run.code).toBe(0);
  });

  it("names the closest prompt for one that doesn't exist (exit 1)", async () => {
    const run = await example().run(["ai", "show", "answer_questions"]);
    expect(run.stdout).toBe([
      "error: `answer_questions` is not a prompt of this project",
      "  reason: `jadpo ai` commands name a prompt as it is declared, and prompt names are unique across the project.",
      "  next: Did you mean `answer_question`? (human)",
      "  rule: ai.unknown_prompt",
      "",
    ].join("\n"));
    expect(run.code).toBe(1);
  });

  it("--render --fixture prints what the model is sent for a fixture's values: system, text, answer format", async () => {
    const run = await example().run(["ai", "show", "answer_question", "--render", "--fixture", "questions.sesame"]);
    const lines = run.stdout.split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "answer_question@b44ecc53  rendered with values of questions.sesame",
      "    system         You answer bakery customers from the help articles only.",
      "    text           Answer the customer's question in en-GB.",
      "                   Question: Does your sourdough contain sesame?",
      "    answer format  Reply with exactly one JSON value and nothing else: no explanation before or after it, no Markdown.",
    ]);
    expect(run.stdout).toContain('                       "resolved_by_articles": {\n');
    expect(lines.slice(-2)).toEqual(["    correction     none: sent only with a correction attempt", ""]);
    expect(run.code).toBe(0);
  });

  it("--render without a fixture leaves the placeholders as written; a stream has no answer format", async () => {
    const project = example();
    const bare = await project.run(["ai", "show", "answer_question", "--render"]);
    expect(bare.stdout.split("\n").slice(0, 4)).toEqual([
      "answer_question@b44ecc53  rendered with placeholders as written",
      "    system         You answer bakery customers from the help articles only.",
      "    text           Answer the customer's question in {reader_locale}.",
      "                   Question: {question}",
    ]);
    project.write("domains/drafts/drafts.jadpo", `prompt draft_reply(question: Text) {\n    text: "Draft a reply to: {question}"\n}\n\naction draft(question: Text) -> StreamedText {\n    return ai.stream(DraftReply { question: question })\n}\n`);
    const stream = await project.run(["ai", "show", "draft_reply", "--render"]);
    expect(stream.stdout).toBe([
      "draft_reply@" + stream.stdout.slice(12, 20) + "  rendered with placeholders as written",
      "    system         none",
      "    text           Draft a reply to: {question}",
      "    answer format  none: a stream is plain text",
      "    correction     none: sent only with a correction attempt",
      "",
    ].join("\n"));
  });

  it("--fixture names a fixture that gives the prompt's values, or says which would", async () => {
    const run = await example().run(["ai", "show", "answer_question", "--render", "--fixture", "questions.sesme"]);
    expect(run.stdout).toContain("error: `--fixture questions.sesme` can't give `answer_question`'s values: there is no such fixture");
    expect(run.stdout).toContain("next: Did you mean `--fixture questions.sesame`? (human)");
    expect(run.code).toBe(1);
  });
});
