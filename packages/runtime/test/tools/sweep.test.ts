// Seed sweeps of an unscripted tool prompt: every seed runs every tool on valid arguments; a test
// that passes by luck is shrunk through the tools' generated arguments as through the answer, and
// its script, printed with `call` items, compiles pasted in and fails under any seed.
import { describe, expect, it } from "vitest";
import type { Type } from "@jadpo/compiler";
import { FakeBackend } from "../../src/ai/fake.ts";
import { isTransportReply, type GenerateCall } from "../../src/ai/backend.ts";
import { loadTests } from "../../src/runner/execute.ts";
import type { TestOutcome } from "../../src/runner/outcome.ts";
import { checkConstraints } from "../../src/values/check.ts";
import type { Value } from "../../src/values/value.ts";
import { toolProject } from "./tool-project.ts";

const TESTS = `
test "every tool is called with valid arguments" {
    var r = attempt ask("Where is my order?")
    var orders: List<OrderQuery> = ai.order_question.called.find_order
    assert list.count(orders) == 1
    assert list.count(ai.order_question.called.opening_hours) == 1
    for query in orders {
        assert text.length(query.code) == 8
        assert text.slice(query.code, 3, 4) == "-"
    }
}

test "the model always knows the status" {
    var r = attempt ask("Where is my order?")
    assert r.status_known
}

test "the order looked up has no 7 in its code" {
    var r = attempt ask("Where is my order?")
    for query in ai.order_question.called.find_order {
        assert text.contains(query.code, "7") == false
    }
}
`;

const NAME = "domains/shop/shop.test.jadpo";

async function sweep(tests: string, name: string, last: number): Promise<TestOutcome> {
  const p = toolProject(tests);
  const loaded = loadTests(p.program, { readFile: p.readFile });
  const entry = loaded.plan.find((e) => e.name === name)!;
  return loaded.run(entry, 1, { seeds: { first: 1, last } });
}

/** The script a `test.seed_dependent` prints under `fakes:`, as pasted into a test. */
function printedScript(outcome: TestOutcome): string {
  const d = outcome.result.diagnostics[0];
  expect(d.rule).toBe("test.seed_dependent");
  const fakes = d.details.find((detail) => detail.label === "fakes")!;
  return fakes.text.split("\n").slice(1).join("\n").trim();
}

/** `tests` with `script` pasted under the named test's `fakes:`. */
function pasted(tests: string, name: string, script: string): string {
  const opening = `test "${name}" {\n`;
  expect(tests).toContain(opening);
  return tests.replace(opening, `${opening}    fakes: {\n        ${script}\n    }\n`);
}

describe("an unscripted tool prompt under a seed sweep", () => {
  it("passes --seeds 1..1000 on a test that asserts only what valid arguments guarantee, every generated argument valid", async () => {
    const outcome = await sweep(TESTS, "every tool is called with valid arguments", 1000);
    expect(outcome.result.status).toBe("passed");
    // The same steps, watched at the fake: each seed's generated arguments satisfy every constraint.
    const p = toolProject(TESTS);
    const prompt = p.program.prompts.get("order_question")!;
    const asType = prompt.asTypes[0];
    for (let seed = 1; seed <= 1000; seed++) {
      const fake = new FakeBackend({ scripts: [], byPrompt: new Map(), embed: -1 }, { seed });
      const called: string[] = [];
      for (let step = 1; ; step++) {
        const call: GenerateCall = { prompt, values: { question: "?" }, asType, attempt: step, depth: 1, span: prompt.calls[0] };
        const reply = fake.generate(call);
        if (isTransportReply(reply)) throw new Error("an unscripted step failed in transport");
        if (reply.kind !== "calls") {
          expect(reply.kind).toBe("value");
          expect(checkConstraints(asType, (reply as { value: Value }).value)).toBeNull();
          break;
        }
        for (const one of reply.calls) {
          const tool = prompt.tools.find((t) => t.name === one.tool)!;
          expect(one.kind).toBe("value");
          expect(checkConstraints(tool.argsType as Type, (one as { value: Value }).value), `seed ${seed}`).toBeNull();
          called.push(tool.name);
        }
      }
      expect(called).toEqual(["find_order", "opening_hours"]);
    }
  });

  it("shrinks the tools' generated arguments with the answer, and prints them as call items", async () => {
    const outcome = await sweep(TESTS, "the model always knows the status", 40);
    // The arguments play no part in the failure, so they shrink all the way; the answer keeps what fails.
    expect(printedScript(outcome)).toBe(
      'ai.order_question: [call find_order(OrderQuery { code: "AAA-0000" }), call opening_hours(NoInput {}), Reply { reply: "a"  status_known: false }]',
    );
  });

  it("keeps an argument the failure depends on", async () => {
    const outcome = await sweep(TESTS, "the order looked up has no 7 in its code", 40);
    const script = printedScript(outcome);
    const code = /call find_order\(OrderQuery \{ code: "([A-Z]{3}-[0-9]{4})" \}\)/.exec(script)?.[1];
    expect(code).toBeDefined();
    // The shortest code, "AAA-0000", would pass: the generated one stays.
    expect(code).toContain("7");
    expect(script).toContain("call opening_hours(NoInput {}), Reply { reply: \"a\"  status_known: false }]");
  });

  for (const name of ["the model always knows the status", "the order looked up has no 7 in its code"]) {
    it(`prints a script that compiles pasted in and fails the test under any seed: ${name}`, async () => {
      const script = printedScript(await sweep(TESTS, name, 40));
      const p = toolProject(pasted(TESTS, name, script)); // throws on any diagnostic, test.fake_type included
      for (const seed of [1, 2, 3, 99, 4096]) {
        const result = await p.run(name, { runSeed: seed });
        expect(result.diagnostics.map((d) => d.rule)).toEqual(["test.assertion_failed"]);
        expect(result.diagnostics[0].span?.file).toBe(NAME);
      }
    });
  }
});

const WHEN_TESTS = `
test "the hours question is always known" {
    fakes: {
        ai.order_question: [
            when { question: "Hours?" } => generated,
            when { question: "Is ABC-1234 ready?" } => [call find_order(OrderQuery { code: "ABC-1234" }), Reply { reply: "Ready."  status_known: true }]
        ]
    }
    var ready = attempt ask("Is ABC-1234 ready?")
    var hours = attempt ask("Hours?")
    assert ready.status_known
    assert hours.status_known
}
`;

describe("a tool prompt's `when` item answered by `generated`, under a seed sweep", () => {
  it("keeps the scripted when items, and prints the generated steps in the generated item's place, in brackets", async () => {
    const outcome = await sweep(WHEN_TESTS, "the hours question is always known", 40);
    expect(printedScript(outcome)).toBe(
      'ai.order_question: [when { question: "Hours?" } => [call find_order(OrderQuery { code: "AAA-0000" }), call opening_hours(NoInput {}), '
      + 'Reply { reply: "a"  status_known: false }], when { question: "Is ABC-1234 ready?" } => '
      + '[call find_order(OrderQuery { code: "ABC-1234" }), Reply { reply: "Ready."  status_known: true }]]',
    );
  });

  it("prints an entry that, pasted over the test's own, fails the test under any seed", async () => {
    const script = printedScript(await sweep(WHEN_TESTS, "the hours question is always known", 40));
    const entry = /ai\.order_question: \[\n[^]*?\n {8}\]/.exec(WHEN_TESTS)![0];
    const p = toolProject(WHEN_TESTS.replace(entry, script));
    for (const seed of [1, 2, 3, 99, 4096]) {
      const result = await p.run("the hours question is always known", { runSeed: seed });
      expect(result.diagnostics.map((d) => d.rule)).toEqual(["test.assertion_failed"]);
    }
  });
});
