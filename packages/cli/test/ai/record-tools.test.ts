// `jadpo ai record` of a prompt with tools, end to end in this process against the testing model
// server scripted to call tools: the real loop runs (the tools as app code, a tool's own AI call
// answered as `jadpo dev` answers it, never by the model), the file keeps the steps with
// placeholders, and `recorded("…")` replays them in `jadpo test`. `ai show` lists the tools, and
// `--render` prints their JSON schemas.
import { describe, expect, it } from "vitest";
import { SHOP_ASK, SHOP_BROKEN, SHOP_ORDERS, SHOP_SUMMARIZED } from "@jadpo/runtime/testing";
import { pageBlock } from "../dev/page-blocks.ts";
import { disposedAfterEach } from "../support/example.ts";
import { modelServerForFile, Project } from "./harness.ts";

const docsBlock = (first: string, holding = ""): string[] => pageBlock("docs/cli-ai.md", first, holding);

/** Whether `text` holds each run of `block`'s lines between its `…` lines, in order. */
function holdsInOrder(text: string, block: string[]): void {
  const runs = block.join("\n").split(/\n *…(?:\n|$)/).filter((run) => run !== "");
  let at = 0;
  for (const run of runs) {
    const found = text.indexOf(run, at);
    expect(found, run).toBeGreaterThanOrEqual(at);
    at = found + run.length;
  }
}

const SHOP = `${SHOP_ORDERS}${SHOP_SUMMARIZED}
prompt order_question(question: Text) {
    system: "You answer bakery customers."
    text: "Question: {question}"
    tools: {
        find_order: "Finds an order by its code, such as ABC-1234."
        summarized: "Summarizes an order."
    }
    max_steps: 4
}
${SHOP_ASK}
${SHOP_BROKEN}
fixtures shop_questions {
    ready -> OrderQuestion {
        return OrderQuestion { question: "Is ABC-1234 ready?" }
    }
    broken -> BrokenQuestion {
        return BrokenQuestion { question: "?" }
    }
}
`;

const TESTS = `test "the recording replays its step, then answers" {
    fakes: {
        ai.order_question: [recorded("ready")]
    }
    var r = attempt ask("Is ABC-1234 ready?")
    assert ai.order_question.steps == 2
    assert list.count(ai.order_question.called.find_order) == 1
    assert list.count(ai.order_question.called.summarized) == 1
    assert ai.summarize.attempts == 1
}
`;

const FILE = "domains/shop/recordings/order_question/ready.json";

const example = disposedAfterEach(() => Project.example().write("domains/shop/shop.jadpo", SHOP).write("domains/shop/shop.test.jadpo", TESTS));
const { server: model, env } = modelServerForFile("unused");

describe("jadpo ai record of a prompt with tools", () => {
  it("runs the real loop against the model, writes the steps with placeholders, and recorded() replays them", async () => {
    const project = example();
    // Each step reports its usage: the file keeps their sum.
    model().setBehaviour({ kind: "script", steps: [
      { kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "ABC-1234" } }, { name: "summarized", arguments: { code: "ABC-1234" } }], usage: { prompt_tokens: 412, completion_tokens: 38 } },
      { kind: "tool_calls", calls: [{ name: "find_order", arguments: '{"code": 5}' }], usage: { prompt_tokens: 498, completion_tokens: 16 } },
      { kind: "answer", text: '{"reply":"ABC-1234 is ready.","status_known":true}', usage: { prompt_tokens: 571, completion_tokens: 21 } },
    ] });
    const run = await project.run(["ai", "record", "order_question", "--as", "ready", "--fixture", "shop_questions.ready"], env());
    expect(run.stderr).toBe("");
    const recording = JSON.parse(project.read(FILE)) as { version: string; asked: { values: string } };
    // The docs' block and file, exactly (the values digest is keyed by this project's own key).
    const [command, ...block] = docsBlock("$ jadpo ai record order_question");
    expect(command).toBe("$ jadpo ai record order_question --as ready --fixture shop_questions.ready");
    expect(run.stdout).toBe(`${block.join("\n")}\n`);
    expect(run.code).toBe(0);
    const file = docsBlock("{", '"steps"').join("\n").replace(/"values": "[0-9a-f]{8}"/, `"values": "${recording.asked.values}"`);
    // Only calls whose arguments decoded are kept: the second step's bad call is not, and its step is left out.
    expect(project.read(FILE)).toBe(`${file}\n`);
    // Three steps asked of the model, each with the tools; the tool's own `summarize` call was answered as `jadpo dev` would, not by the model.
    expect(model().requests).toHaveLength(3);
    expect(model().requests.every((r) => r.tools?.length === 2)).toBe(true);
    const tools = model().requests[1].messages.filter((m) => (m as { role: string }).role === "tool") as Array<{ content: string }>;
    expect(tools[0].content).toBe('{"result":{"code":"ABC-1234","ready":true}}');
    expect(tools[1].content).toMatch(/^\{"result":".+"\}$/);
    expect(model().requests[2].messages.at(-1)).toMatchObject({ role: "tool", content: '{"error":{"decode":"`type` on `code`: expected OrderCode, got Int"}}' });
    // Nothing else was written: no call log, no dev usage.
    expect(project.exists(".jadpo/dev")).toBe(false);

    const test = await project.run(["test", "domains/shop"], env());
    expect(test.stdout).toBe("✓ 2 passed  1 test · 1 recording test\n");
    expect(test.code).toBe(0);
  });

  it("refuses arguments kept verbatim that hold the key, as it refuses such an answer, writing nothing", async () => {
    const project = example();
    const shop = project.read("domains/shop/shop.jadpo");
    project.write("domains/shop/shop.jadpo", shop.replace('Text { pattern: "[A-Z]{3}-[0-9]{4}" }', 'Text { pattern: "[A-Z]{3}-[0-9]{4}"  personal: false }'));
    model().setBehaviour({ kind: "script", steps: [
      { kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "KEY-2026" } }] },
      { kind: "answer", text: '{"reply":"Ready.","status_known":true}' },
    ] });
    const run = await project.run(["ai", "record", "order_question", "--as", "ready", "--fixture", "shop_questions.ready"], { ...env(), JADPO_AI_KEY: "KEY-2026" });
    expect(run.stdout).toContain("rule: ai.key_in_answer");
    expect(run.stdout).not.toContain("KEY-2026");
    expect(run.code).toBe(1);
    expect(project.exists(FILE)).toBe(false);
  });

  it("fails with ai.model_error when the model calls tools at every step max_steps allows, writing nothing", async () => {
    const project = example();
    model().setBehaviour({ kind: "tool_calls", calls: [{ name: "find_order", arguments: { code: "ABC-1234" } }] });
    const run = await project.run(["ai", "record", "order_question", "--as", "ready", "--fixture", "shop_questions.ready"], env());
    expect(run.stdout).toContain("Asking the model failed: the model called tools at each of the 4 steps `max_steps` allows, and gave no answer");
    expect(run.code).toBe(1);
    expect(model().requests).toHaveLength(4);
    expect(project.exists(FILE)).toBe(false);
  });

  it("fails with runtime.fault where a tool stopped, writing nothing", async () => {
    const project = example();
    model().setBehaviour({ kind: "tool_calls", calls: [{ name: "broken", arguments: { code: "ABC-1234" } }] });
    const run = await project.run(["ai", "record", "broken_question", "--as", "broken", "--fixture", "shop_questions.broken"], env());
    expect(run.stdout.split("\n").slice(0, 2)).toEqual([
      `error: Division by zero --> domains/shop/shop.jadpo:${SHOP.split("\n").findIndex((line) => line.includes("return 1 / none_long")) + 1}:12`,
      "  reason: A runtime fault stops the program where a value breaks a rule that only running can check.",
    ]);
    expect(run.code).toBe(1);
    expect(project.exists("domains/shop/recordings")).toBe(false);
  });

  it("is shown with its tools, and --render prints each tool's JSON schema", async () => {
    const project = example();
    const show = await project.run(["ai", "show", "order_question"], env());
    expect(show.stdout).toContain("    tools       find_order: OrderQuery\n                summarized: OrderQuery\n    max steps   4\n");
    const render = await project.run(["ai", "show", "order_question", "--render"], env());
    const [command, ...block] = docsBlock("$ jadpo ai show order_question --render");
    expect(command).toBe("$ jadpo ai show order_question --render");
    holdsInOrder(render.stdout, block);
    const schema = [
      "{",
      '  "type": "object",',
      '  "properties": {',
      '    "code": {',
      '      "type": "string",',
      '      "pattern": "^(?:[A-Z]{3}-[0-9]{4})$"',
      "    }",
      "  },",
      '  "required": [',
      '    "code"',
      "  ],",
      '  "additionalProperties": false',
      "}",
    ];
    expect(render.stdout).toContain([
      "    tools          find_order: Finds an order by its code, such as ABC-1234.",
      ...schema.map((line) => `                   ${line}`),
      "                   summarized: Summarizes an order.",
      ...schema.map((line) => `                   ${line}`),
      "    correction     none: sent only with a correction attempt",
      "",
    ].join("\n"));
    expect(render.code).toBe(0);
  });
});
