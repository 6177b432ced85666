// A build's app.d.mts, byte for byte: the help desk as the language's reference describes it, the
// example app as it stands now, and the rules for what the reference's app doesn't show (clashing
// names, optional and list types, enums, actions without parameters or result, AI failures that
// escape an action, the prelude's types an action returns).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { declarationsOf } from "../../src/production/declarations.ts";
import { programForBuild } from "../../src/production/prune.ts";
import { filesUnder, projectOf, type ProjectFiles } from "../../src/testing/project.ts";

const declarations = (files: ProjectFiles) => declarationsOf(programForBuild(projectOf(files).program).program);

const TAIL = [
  "export interface JadpoApp { readonly actions: JadpoActions; close(): globalThis.Promise<void> }",
  "export declare function createApp(options: { env: Readonly<globalThis.Record<string, string | undefined>> }): JadpoApp;",
  'export declare class JadpoInputError extends globalThis.Error { readonly name: "JadpoInputError"; readonly rule: string; readonly path: string }',
  'export declare class JadpoFault extends globalThis.Error { readonly name: "JadpoFault" }',
  "",
].join("\n");

describe("declarationsOf", () => {
  it("writes the help desk of the language's reference exactly as the reference shows it", () => {
    const helpDesk = {
      "app.jadpo": [
        'locales { default: "en-GB" supported: ["en-GB", "fr-FR"] }',
        "connection local_model {",
        "    capability: ai",
        "    driver: openai_compatible",
        '    model: "meta-llama/Llama-3.1-8B-Instruct"',
        "}",
        "",
      ].join("\n"),
      "domains/support/types.jadpo": [
        "type CustomerQuestion = Text { min_length: 1 max_length: 2000 }",
        "type SupportAnswer = Object {",
        "    resolved_by_articles: Bool",
        "    reply: Text",
        "}",
        "",
      ].join("\n"),
      "domains/support/failures.jadpo": [
        'failure AssistantUnavailable { kind: Unavailable  message: "The assistant can\'t answer right now." }',
        'failure AnswerUnreadable { kind: Unavailable  message: "The assistant\'s answer couldn\'t be read." }',
        "",
      ].join("\n"),
      "domains/support/prompts/answer_question.jadpo": [
        "use support/types { CustomerQuestion }",
        "prompt answer_question(question: CustomerQuestion, reader_locale: Locale) {",
        '    system: "You answer bakery customers from the help articles only."',
        '    text: "Answer the customer\'s question in {reader_locale}.\\nQuestion: {question}"',
        "}",
        "",
      ].join("\n"),
      "domains/support/actions/answer_customer.jadpo": [
        "use support/types { CustomerQuestion, SupportAnswer }",
        "use support/failures { AnswerUnreadable, AssistantUnavailable }",
        "use support/prompts { AnswerQuestion }",
        "action answer_customer(question: CustomerQuestion)",
        "    fails AssistantUnavailable, AnswerUnreadable",
        "    -> SupportAnswer",
        "{",
        "    var asked = AnswerQuestion { question: question  reader_locale: Locale.en_gb }",
        "    return match ai.generate(asked, as: SupportAnswer) {",
        "        success(answer) => answer",
        "        failure AiUnreadable => reject AnswerUnreadable",
        "        failure AiRefused, AiTimedOut, AiOverBudget, AiTooLong => reject AssistantUnavailable",
        "    }",
        "}",
        "",
      ].join("\n"),
    };
    const written = declarations(helpDesk);
    // docs/production.md shows the same text.
    const page = readFileSync(fileURLToPath(new URL("../../../../docs/production.md", import.meta.url)), "utf8");
    const shown = /### The declarations\n[\s\S]*?```ts\n([\s\S]*?)```\n/.exec(page);
    expect(shown?.[1]).toBe(written);
    expect(written).toBe(`/** Text, min_length 1, max_length 2000 */
export type CustomerQuestion = string;
export interface SupportAnswer { resolved_by_articles: boolean; reply: string }
export type Locale = "en-GB" | "fr-FR";
export interface AnswerQuestion { question: CustomerQuestion; reader_locale: Locale }
export interface AssistantUnavailable { name: "AssistantUnavailable"; code: "assistant_unavailable"; kind: "Unavailable"; message: string }
export interface AnswerUnreadable { name: "AnswerUnreadable"; code: "answer_unreadable"; kind: "Unavailable"; message: string }
export type JadpoResult<T, F> = { ok: true; value: T } | { ok: false; failure: F };
export interface JadpoActions {
  answer_customer(input: { question: CustomerQuestion }): globalThis.Promise<JadpoResult<SupportAnswer, AssistantUnavailable | AnswerUnreadable>>;
}
${TAIL}`);
  });

  it("writes the example app: its types in path order, then the prelude's it uses, the prompts' values, the failures", () => {
    const example = fileURLToPath(new URL("../../../../examples/support", import.meta.url));
    expect(declarations(filesUnder(example))).toBe(`/** Text, max_length 600 */
export type ChatReply = string;
/** Text, max_length 40 */
export type Greeting = string;
/** Text, min_length 1, max_length 2000 */
export type CustomerQuestion = string;
export interface SupportAnswer { resolved_by_articles: boolean; reply: string }
export interface HelpArticle { title: string; body: string }
/** Text, pattern "[A-Z]{3}-[0-9]{4}" */
export type OrderCode = string;
export interface OrderLookup { code: OrderCode }
export type OrderState = "baking" | "ready" | "collected";
export interface OrderStatus { code: OrderCode; state: OrderState }
export interface OrderAnswer { order_found: boolean; reply: string }
export type Locale = "en-GB" | "fr-FR";
export interface AnswerOrderQuestion { question: CustomerQuestion; reader_locale: Locale }
export interface AnswerQuestion { question: CustomerQuestion; reader_locale: Locale }
export interface AssistantUnavailable { name: "AssistantUnavailable"; code: "assistant_unavailable"; kind: "Unavailable"; message: string }
export interface AnswerUnreadable { name: "AnswerUnreadable"; code: "answer_unreadable"; kind: "Unavailable"; message: string }
export interface UnknownOrder { name: "UnknownOrder"; code: "unknown_order"; kind: "NotFound"; message: string }
export type JadpoResult<T, F> = { ok: true; value: T } | { ok: false; failure: F };
export interface JadpoActions {
  answer_customer(input: { question: CustomerQuestion }): globalThis.Promise<JadpoResult<SupportAnswer, AssistantUnavailable | AnswerUnreadable>>;
  answer_customer_order(input: { question: CustomerQuestion }): globalThis.Promise<JadpoResult<OrderAnswer, AssistantUnavailable | AnswerUnreadable>>;
  look_up_order(input: { query: OrderLookup }): globalThis.Promise<JadpoResult<OrderStatus, UnknownOrder>>;
  nearest_article(input: { question: CustomerQuestion }): globalThis.Promise<JadpoResult<HelpArticle, AssistantUnavailable>>;
  embedded(input: { words: string }): globalThis.Promise<JadpoResult<number[], AssistantUnavailable>>;
}
${TAIL}`);
  });

  it("prefixes a name declared in two modules by each module's path, and one the declarations use themselves", () => {
    const text = declarations({
      "domains/support/types.jadpo": "type Reply = Object {\n    text: Text\n}\ntype JadpoApp = Text\n",
      "domains/billing/types.jadpo": "type Reply = Object {\n    amount: Int\n}\n",
      "domains/billing/actions/charge.jadpo": [
        "use billing/types { Reply }",
        "action charge(amount: Int) -> Reply {",
        "    return Reply { amount: amount }",
        "}",
        "",
      ].join("\n"),
    });
    expect(text).toContain("export interface BillingTypes_Reply { amount: number }\n");
    expect(text).toContain("export interface SupportTypes_Reply { text: string }\n");
    expect(text).toContain("/** Text */\nexport type SupportTypes_JadpoApp = string;\n");
    expect(text).toContain("  charge(input: { amount: number }): globalThis.Promise<JadpoResult<BillingTypes_Reply, never>>;\n");
  });

  it("writes optional and list types, enums, an action without parameters or result, and the AI failures it lets escape", () => {
    const text = declarations({
      "app.jadpo": 'connection m {\n    capability: ai\n    driver: openai_compatible\n    model: "x"\n}\n',
      "domains/a/a.jadpo": [
        "type Tone = Enum { friendly formal }",
        'type Code = Text { pattern: "[A-Z]*/x" }',
        "type Note = Object {",
        "    tone: Tone?",
        "    tags: List<Text?>",
        "    at: Instant",
        "}",
        'prompt chat(topic: Text) {\n    text: "{topic}"\n}',
        'prompt story(topic: Text) {\n    text: "{topic}"\n}',
        "action ask(topic: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable -> Note {",
        "    return attempt ai.generate(Chat { topic: topic }, as: Note)",
        "}",
        "action tell() -> StreamedText {",
        '    return ai.stream(Story { topic: "x" })',
        "}",
        "action nothing(code: Code) {",
        "}",
        "",
      ].join("\n"),
    });
    expect(text).toContain('export type Tone = "friendly" | "formal";\n');
    expect(text).toContain('/** Text, pattern "[A-Z]*\\/x" */\nexport type Code = string;\n');
    expect(text).toContain("export interface Note { tone: Tone | null; tags: (string | null)[]; at: string }\n");
    expect(text).toContain("export interface StreamedText {");
    expect(text).toContain('export interface AiRefused { name: "AiRefused"; code: "ai_refused"; kind: ');
    expect(text).toContain("  ask(input: { topic: string }): globalThis.Promise<JadpoResult<Note, AiRefused | AiTimedOut | AiOverBudget | AiTooLong | AiUnreadable>>;\n");
    expect(text).toContain("  tell(input: {}): globalThis.Promise<JadpoResult<StreamedText, never>>;\n");
    expect(text).toContain("  nothing(input: { code: Code }): globalThis.Promise<JadpoResult<null, never>>;\n");
  });
});
