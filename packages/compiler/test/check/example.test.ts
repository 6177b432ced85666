// The example app (examples/support) checks clean, and the checked program the runtime compiles
// from is complete; a scripted answer the decoding would reject is exactly one `test.fake_type`.
import { describe, expect, test } from "vitest";
import type { Expr } from "../../src/syntax/ast.ts";
import { printType } from "../../src/types/print-type.ts";
import { EXAMPLE_ROOT, checkSources, readProject, rendered } from "./check-sources.ts";

const TEST_FILE = "domains/support/actions/answer_customer.test.jadpo";

function findExprs(node: unknown, match: (e: Expr) => boolean, out: Expr[] = [], seen = new Set<unknown>()): Expr[] {
  if (typeof node !== "object" || node === null || seen.has(node)) return out;
  seen.add(node);
  const record = node as Record<string, unknown>;
  if (typeof record.kind === "string" && "span" in record && match(record as unknown as Expr)) out.push(record as unknown as Expr);
  // Constraint blocks and `name: value` entries are configuration, and match patterns are not expressions.
  for (const [key, value] of Object.entries(record)) {
    if (key !== "span" && key !== "constraints" && key !== "entries" && key !== "pattern") findExprs(value, match, out, seen);
  }
  return out;
}

describe("examples/support", () => {
  const sources = readProject(EXAMPLE_ROOT);
  const checked = checkSources(sources);
  const { program } = checked;

  test("checks clean", () => {
    expect(rendered(checked.diagnostics)).toBe("");
  });

  test("the prompt: version, use, as-types, calls", () => {
    const prompt = program.prompts.get("answer_question")!;
    expect(prompt.version).toBe("answer_question@b44ecc53");
    expect(prompt.use).toBe("generate");
    expect(prompt.asTypes.map(printType)).toEqual(["SupportAnswer"]);
    expect(prompt.calls.map((s) => `${s.file}:${s.line}`)).toEqual(["domains/support/actions/answer_customer.jadpo:10"]);
    expect(prompt.valuesType.name).toBe("AnswerQuestion");
    expect(prompt.valuesType.def).toMatchObject({ kind: "object", fields: [{ name: "question" }, { name: "reader_locale" }] });
    expect(prompt.system).toBe("You answer bakery customers from the help articles only.");
    expect(prompt.text).toBe("Answer the customer's question in {reader_locale}.\nQuestion: {question}");
  });

  test("the prompt with a tool: its tool, its steps, its call", () => {
    const prompt = program.prompts.get("answer_order_question")!;
    expect(prompt.tools.map((t) => `${t.name}: ${printType(t.argsType)} -> ${printType(t.result)}`)).toEqual(["look_up_order: OrderLookup -> OrderStatus"]);
    expect(prompt.maxSteps).toBe(4);
    expect(prompt.asTypes.map(printType)).toEqual(["OrderAnswer"]);
    expect(prompt.calls.map((s) => `${s.file}:${s.line}`)).toEqual(["domains/support/actions/answer_customer_order.jadpo:11"]);
  });

  test("tests in path order then declaration order, with kinds and fakes", () => {
    expect(program.tests.map((t) => `${t.kind}: ${t.name}`)).toEqual([
      "action test: a question the model answers",
      "action test: an answer that doesn't decode is corrected once",
      "action test: each failure is one of the app's own",
      "action test: a refusal is reported as the assistant being unavailable",
      "action test: a question the articles don't answer goes to a person",
      "action test: a question with no script is answered with a generated answer",
      "action test: each question takes its own answer, whatever the order they are asked in",
      "action test: the model looks the order up, then answers",
      "action test: an order that isn't found goes back to the model, which tells the customer",
      "action test: a call the model writes wrongly goes back as a decode error, and the model tries again",
      "action test: a model that never stops looking orders up hands the question to a person",
      "action test: each failure of the model is one of the app's own",
      "action test: an answer that doesn't decode is corrected once, as a step",
      "action test: a question with no script looks one order up, then answers",
      "action test: a connection dropped between two steps is retried, and the loop goes on",
      "action test: a rate limit is waited out on the test clock, then the answer is used",
      "action test: a server that stays unavailable is a time-out, after 1s and 2s of retries",
      "action test: a question about sesame finds the allergens article",
      "action test: a question about an order finds the delivery article",
      "action test: a question about Sunday finds the opening hours",
      "action test: the question and every article are embedded once, in order",
      "action test: every failed embedding, however slow, is the assistant being unavailable",
      "action test: a question the model embeds like an article finds that article, whatever their words",
      "action test: a rate-limited embedding is sent again after the wait the server asks for",
      "function test: each locale is greeted in its own language",
    ]);
    const items = program.tests.map((t) => t.fakes.flatMap((f) => f.items.map((i) => i.kind)).join(","));
    expect(items).toEqual([
      "value", "raw,raw", "failure,failure,failure,failure,malformed,malformed", "failure", "recorded", "", "when,when",
      "calls,value", "calls,value", "calls,calls,value", "calls,calls,calls,calls", "failure,failure,failure,failure,malformed,malformed", "raw,raw", "",
      "calls,transport,value", "transport,value", "transport,transport,transport",
      "", "", "", "", "failure,failure,failure,failure", "when,generated,generated,generated", "transport,generated,generated,generated,generated", "",
    ]);
    const value = program.tests[0].fakes[0].items[0];
    expect(value.kind === "value" && printType(value.type)).toBe("SupportAnswer");
    const recorded = program.tests[4].fakes[0].items[0];
    expect(recorded).toMatchObject({ kind: "recorded", name: "not_covered", path: "domains/support/prompts/recordings/answer_question/not_covered.json" });
    expect(program.tests[0].fakes[0].prompt).toBe(program.prompts.get("answer_question"));
  });

  test("connection, locale, failures, recordings", () => {
    expect(program.connection).toEqual({
      name: "local_model",
      driver: "openai_compatible",
      baseUrl: { kind: "env", name: "JADPO_AI_BASE_URL", fallback: "http://127.0.0.1:8080/v1" },
      model: { kind: "literal", value: "meta-llama/Llama-3.1-8B-Instruct" },
      key: { kind: "env", name: "JADPO_AI_KEY", fallback: "" },
      timeoutMs: 30_000,
      maxAnswerBytes: 1024 * 1024,
      embeddingDimensions: 384,
      sandbox: ["answer_question"],
      perDay: 50,
      retries: { max: 2, backoffMs: 1000 },
    });
    expect(program.locale.default).toBe("en-GB");
    expect(program.locale.members.def).toEqual({ kind: "enum", members: [{ name: "en_gb", tag: "en-GB" }, { name: "fr_fr", tag: "fr-FR" }] });
    expect(program.failures.map((f) => `${f.name} ${f.kind} ${f.code}`)).toEqual([
      "AssistantUnavailable Unavailable assistant_unavailable",
      "AnswerUnreadable Unavailable answer_unreadable",
      "UnknownOrder NotFound unknown_order",
    ]);
    expect(program.aiFailures.unreadable).toMatchObject({ name: "AiUnreadable", kind: "Unavailable" });
    expect(program.recordings.map((r) => `${r.promptName}/${r.name}`)).toEqual(["answer_question/not_covered", "answer_question/sesame"]);
    const [action] = [...program.actionFailures.entries()];
    expect(action[0].name.name).toBe("answer_customer");
    expect(action[1].map((f) => f.name)).toEqual(["AssistantUnavailable", "AnswerUnreadable"]);
    const signature = program.signatures?.get(action[0]);
    expect(signature?.params.map((p) => `${p.name}: ${printType(p.type)}`)).toEqual(["question: CustomerQuestion"]);
    expect(signature && printType(signature.result)).toBe("SupportAnswer");
  });

  test("literals take the type expected where they stand", () => {
    const file = checked.files.find((f) => f.path === TEST_FILE)!;
    const sesame = findExprs(file.syntax, (e) => e.kind === "text" && e.value === "Sesame?");
    expect(sesame.length).toBe(5);
    for (const e of sesame) expect(printType(program.exprTypes.get(e)!)).toBe("CustomerQuestion");
    const greeting = checked.files.find((f) => f.path === "domains/support/functions/greeting.jadpo")!;
    const hello = findExprs(greeting.syntax, (e) => e.kind === "text" && e.value === "Hello");
    expect(hello.map((e) => printType(program.exprTypes.get(e)!))).toEqual(["Greeting"]);
  });

  test("every expression in code has a type, every call and name a resolution", () => {
    const missingTypes: string[] = [];
    const missingResolutions: string[] = [];
    for (const file of checked.files) {
      const callees = new Set(findExprs(file.syntax, (e) => e.kind === "call").map((e) => (e as Extract<Expr, { kind: "call" }>).callee));
      const objects = new Set(findExprs(file.syntax, (e) => e.kind === "member").map((e) => (e as Extract<Expr, { kind: "member" }>).object));
      for (const e of findExprs(file.syntax, () => true)) {
        const where = `${file.path}:${e.span.line}:${e.span.column} ${e.kind}`;
        const isExpr = ["text", "int", "decimal", "bool", "none", "name", "member", "call", "attempt", "binary", "paren", "match", "list", "record", "unary", "duration"].includes(e.kind) && !("statements" in e);
        if (!isExpr) continue;
        const namespaceOrType = objects.has(e) && e.kind === "name" || (objects.has(e) && e.kind === "member");
        if (!callees.has(e) && !namespaceOrType && !program.exprTypes.has(e)) missingTypes.push(where);
        if ((e.kind === "call" || (e.kind === "name" && !namespaceOrType)) && !program.resolutions.has(e)) missingResolutions.push(where);
      }
    }
    expect(missingTypes).toEqual([]);
    expect(missingResolutions).toEqual([]);
  });

  test("resolutions: the ai.generate call, the fixture, failures", () => {
    const action = checked.files.find((f) => f.path === "domains/support/actions/answer_customer.jadpo")!;
    const [generate] = findExprs(action.syntax, (e) => e.kind === "call");
    const resolution = program.resolutions.get(generate);
    expect(resolution?.kind).toBe("ai_generate");
    if (resolution?.kind === "ai_generate") expect(printType(resolution.asType)).toBe("SupportAnswer");
    const file = checked.files.find((f) => f.path === TEST_FILE)!;
    const fixtureCalls = findExprs(file.syntax, (e) => e.kind === "call" && program.resolutions.get(e)?.kind === "fixture");
    expect(fixtureCalls.length).toBe(3);
  });
});

describe("a scripted answer the decoding would reject", () => {
  test("is exactly one test.fake_type, under the bad value", () => {
    const sources = readProject(EXAMPLE_ROOT);
    sources[TEST_FILE] = sources[TEST_FILE].replace("resolved_by_articles: true", 'resolved_by_articles: "yes"');
    const { diagnostics } = checkSources(sources);
    expect(rendered(diagnostics)).toBe(
      [
        "error: A scripted answer doesn't decode as `SupportAnswer` --> domains/support/actions/answer_customer.test.jadpo:10:39",
        "  decode: `type` on `resolved_by_articles`: expected Bool, got Text",
        "  reason: Scripts are checked against the prompt's types when the test compiles, so a test can't script what the decoding would reject or what no call could send.",
        "  next: Correct the scripted answer to the type (agent)",
        "  rule: test.fake_type",
      ].join("\n"),
    );
  });
});
