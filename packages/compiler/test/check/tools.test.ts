// Prompts with tools, as the checker sees them: the resolved tool list, the version digest that
// covers the tools, and `AiLoopLimit`, which only a tool prompt's calls can fail with (in a match or
// through `attempt`).
import { describe, expect, test } from "vitest";
import { checkSources, EXAMPLE_ROOT, readProject } from "./check-sources.ts";
import { shop } from "./rule-cases/shared.ts";
import { TOOLED } from "./rule-cases/tools.ts";

const FIND = `    tools: { find_order: "Finds an order by its code." }\n    max_steps: 3`;

const ALL_BUT_LIMIT = "failure AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable => Reply { reply: \"Sorry.\" }";

describe("a prompt's tools", () => {
  test("are resolved once onto the prompt, with their arguments and result types", () => {
    const { program, diagnostics } = checkSources(shop(TOOLED(FIND)));
    expect(diagnostics).toEqual([]);
    const prompt = program.prompts.get("order_question")!;
    expect(prompt.maxSteps).toBe(3);
    expect(prompt.tools.map((t) => [t.name, t.description, t.decl.name.name])).toEqual([["find_order", "Finds an order by its code.", "find_order"]]);
    const [tool] = prompt.tools;
    expect(tool.argsType.kind === "named" && tool.argsType.decl.name).toBe("OrderQuery");
    expect(tool.result.kind === "named" && tool.result.decl.name).toBe("OrderStatus");
  });

  test("keep a description as written: `{…}` in it is not a placeholder", () => {
    const { program, diagnostics } = checkSources(shop(TOOLED(`    tools: { find_order: "Finds an order by its {code}, not the {question}." }`)));
    expect(diagnostics).toEqual([]);
    expect(program.prompts.get("order_question")!.tools[0].description).toBe("Finds an order by its {code}, not the {question}.");
  });

  test("default to 8 steps, and a prompt without tools has none", () => {
    const { program } = checkSources(shop(TOOLED(`    tools: { find_order: "Finds an order." }`)));
    expect(program.prompts.get("order_question")!.maxSteps).toBe(8);
    const plain = checkSources(shop(TOOLED("")));
    expect(plain.program.prompts.get("order_question")!.tools).toEqual([]);
  });

  test("are covered by the version; a prompt without tools keeps its version", () => {
    const files = readProject(EXAMPLE_ROOT);
    const path = "domains/support/prompts/answer_question.jadpo";
    expect(checkSources(files).program.prompts.get("answer_question")!.version).toBe("answer_question@b44ecc53");
    const tooled = {
      ...files,
      [path]: files[path]
        .replace("use support/types { CustomerQuestion }", "use support/types { CustomerQuestion }\nuse support/lookups { find_order, opening_hours }")
        .replace(/\n}\s*$/, `\n    tools: {\n        find_order: "Finds an order by its code, such as ABC-1234."\n        opening_hours: "Today's opening hours of a shop."\n    }\n    max_steps: 6\n}\n`),
      "domains/support/lookups.jadpo": `type OrderQuery = Object {\n    code: Text\n}\ntype ShopQuery = Object {\n    shop: Text\n}\nfunction find_order(query: OrderQuery) -> Text {\n    return query.code\n}\nfunction opening_hours(query: ShopQuery) -> Text {\n    return "9 to 5"\n}\n`,
    };
    const { program, diagnostics } = checkSources(tooled);
    expect(program.prompts.get("answer_question")!.version).toBe("answer_question@e0f95407");
    // The example's match names the AI failures one by one: with tools its call can also run out of steps.
    expect(diagnostics.map((d) => d.rule)).toEqual(["failure.match_not_exhaustive"]);
    expect(diagnostics[0].summary).toContain("AiLoopLimit");
  });
});

describe("AiLoopLimit", () => {
  const asking = (arms: string) => `action answer(question: Text) -> Reply {\n    return match ai.generate(OrderQuestion { question: question }, as: Reply) {\n        success(r) => r\n        ${arms}\n    }\n}\n`;

  test("a tool prompt's call can fail with it: a match naming the others is not exhaustive", () => {
    const { diagnostics } = checkSources(shop(TOOLED(FIND, asking(ALL_BUT_LIMIT))));
    expect(diagnostics.map((d) => d.rule)).toEqual(["failure.match_not_exhaustive"]);
    expect(diagnostics[0].summary).toContain("AiLoopLimit");
    const handled = checkSources(shop(TOOLED(FIND, asking(`${ALL_BUT_LIMIT}\n        failure AiLoopLimit => Reply { reply: "Too long." }`))));
    expect(handled.diagnostics).toEqual([]);
  });

  test("a prompt without tools can't fail with it, so existing matches stay exhaustive", () => {
    expect(checkSources(shop(TOOLED("", asking(ALL_BUT_LIMIT)))).diagnostics).toEqual([]);
    const { diagnostics } = checkSources(shop(TOOLED("", asking(`${ALL_BUT_LIMIT}\n        failure AiLoopLimit => Reply { reply: "Too long." }`))));
    expect(diagnostics.map((d) => d.rule)).toEqual(["failure.arm_impossible"]);
  });
});

describe("AiLoopLimit through attempt", () => {
  const FIVE = "AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable";
  const attempting = (fails: string) => `action answer(question: Text) fails ${fails} -> Reply {\n    return attempt ai.generate(OrderQuestion { question: question }, as: Reply)\n}\n`;

  test("an attempt of a tool prompt's call whose action doesn't list it is failure.undeclared, naming it", () => {
    const { diagnostics } = checkSources(shop(TOOLED(FIND, attempting(FIVE))));
    expect(diagnostics.map((d) => d.rule)).toEqual(["failure.undeclared"]);
    expect(diagnostics[0].summary).toBe("`answer` can fail with `AiLoopLimit`, which its `fails` doesn't list");
    expect(checkSources(shop(TOOLED(FIND, attempting(`${FIVE}, AiLoopLimit`)))).diagnostics).toEqual([]);
  });

  test("an attempt of a prompt without tools needs only the five", () => {
    expect(checkSources(shop(TOOLED("", attempting(FIVE)))).diagnostics).toEqual([]);
  });
});

describe("what a test reads of a tool prompt", () => {
  const ASK = `action ask(question: Text) -> Text {\n    return match ai.generate(OrderQuestion { question: question }, as: Reply) {\n        success(r) => r.reply\n        failure _ => "sorry"\n    }\n}\n`;
  const reading = (source: string, line: string) => shop(source, { "domains/shop/ask.test.jadpo": `test "reads" {\n    var r = ask("?")\n    ${line}\n}\n` });

  test("`.steps` is an Int and `.called.<tool>` a list of the tool's arguments type", () => {
    const { diagnostics } = checkSources(reading(TOOLED(FIND, ASK), "var calls: List<OrderQuery> = ai.order_question.called.find_order\n    var steps: Int = ai.order_question.steps"));
    expect(diagnostics).toEqual([]);
  });

  test("a tool the prompt doesn't have is name.unknown, with the closest", () => {
    const { diagnostics } = checkSources(reading(TOOLED(FIND, ASK), "var calls = ai.order_question.called.find_ordr"));
    expect(diagnostics.map((d) => [d.rule, d.next])).toEqual([["name.unknown", "Did you mean `ai.order_question.called.find_order`?"]]);
  });

  test("on a prompt without tools, `.steps` and `.called` are name.unknown", () => {
    for (const what of ["steps", "called.find_order"]) {
      const { diagnostics } = checkSources(reading(TOOLED("", ASK), `var x = ai.order_question.${what}`));
      expect(diagnostics.map((d) => d.rule)).toEqual(["name.unknown"]);
    }
  });

  test("they stand only in test files", () => {
    const { diagnostics } = checkSources(shop(TOOLED(FIND, `${ASK}action count() -> Int {\n    return ai.order_question.steps\n}\n`)));
    expect(diagnostics.map((d) => d.rule)).toEqual(["test.test_only"]);
  });
});
