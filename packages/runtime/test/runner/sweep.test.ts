// Seed sweeps through the real pipeline (docs/seeds-and-coverage.md): a test that depends on a
// nested generated answer fails with `test.seed_dependent`; its shrunk script is valid for the
// type (patterns, bounds, list sizes) — the compiler accepts it pasted in — and minimal; pasted
// in, the test fails under any seed.
import { describe, expect, it } from "vitest";
import { renderFailPlain } from "@jadpo/compiler";
import { loadTests } from "../../src/runner/execute.ts";
import type { TestOutcome } from "../../src/runner/outcome.ts";
import { projectOf } from "../../src/testing/project.ts";

const SHOP = `
type OrderCode = Text { pattern: "(?:ord|po)-[0-9]{3,5}" }
type Weight = Decimal { min: 2.5 max: 9 }
type Count = Int { min: -20 max: -3 }
type Priority = Enum { low normal high }
type Label = Text { min_length: 3 max_length: 12 }
type Line = Object {
    code: OrderCode
    count: Count
    note: Text?
}
type Order = Object {
    lines: List<Line> { min_items: 1 max_items: 4 }
    weight: Weight
    priority: Priority
    rush: Bool
    label: Label
}

prompt draft_order(request: Text) {
    text: "Draft an order for {request}"
}

action draft(request: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong, AiUnreadable -> Order {
    return attempt ai.generate(DraftOrder { request: request }, as: Order)
}
`;

const LUCKY = `test "orders are never rushed" {
    var order: Order = attempt draft("bread")
    assert order.rush == false
}

test "an order has a line" {
    var order: Order = attempt draft("bread")
    assert list.count(order.lines) >= 1
}

test "orders are always heavy" {
    var order: Order = attempt draft("bread")
    assert order.weight > 100.0
}
`;

const FILE = "domains/shop/shop.test.jadpo";

function load(tests: string) {
  const project = projectOf({ "domains/shop/shop.jadpo": SHOP, [FILE]: tests });
  return loadTests(project.program, { readFile: project.readFile });
}

async function sweep(tests: string, name: string, first = 1, last = 30): Promise<TestOutcome> {
  const loaded = load(tests);
  const entry = loaded.plan.find((e) => e.name === name);
  if (!entry) throw new Error(`no test ${name}`);
  return loaded.run(entry, 1, { seeds: { first, last } });
}

describe("a seed sweep", () => {
  it("fails a test that depends on the answer with test.seed_dependent and the simplest failing answer", async () => {
    const outcome = await sweep(LUCKY, "orders are never rushed");
    const d = outcome.result.diagnostics[0];
    expect(d.rule).toBe("test.seed_dependent");
    expect(outcome.result.runSeed).toBe(Number(/seed (\d+)\)/.exec(d.details[1].text)?.[1]));
    const text = renderFailPlain("orders are never rushed", d);
    // One line, the shortest text the pattern matches, the bounds nearest zero, the shortest label, and the field the test needs.
    expect(text).toContain(
      'ai.draft_order: [Order { lines: [Line { code: "po-000"  count: -3  note: none }]  weight: 2.5  priority: Priority.low  rush: true  label: "aaa" }]',
    );
    expect(text).toMatch(/^ {2}seeds: failed under \d+ of 30 seeds \(/m);
    expect(text).toContain("  assert: order.rush == false\n");
  });

  it("passes a test that holds for every answer, and fails one that holds for none under all seeds", async () => {
    expect((await sweep(LUCKY, "an order has a line")).result.status).toBe("passed");
    const always = await sweep(LUCKY, "orders are always heavy");
    expect(always.result.diagnostics[0].rule).toBe("test.assertion_failed");
    expect(always.result.diagnostics[0].details[0]).toEqual({ label: "seeds", text: "failed under all 30 seeds" });
    expect(always.result.runSeed).toBe(1);
  });

  it("prints a script the compiler accepts, which makes the test fail under any seed", async () => {
    const outcome = await sweep(LUCKY, "orders are never rushed");
    const script = outcome.result.diagnostics[0].details[1].text.split("\n").slice(1).join("\n").trim();
    const pasted = LUCKY.replace('test "orders are never rushed" {\n', `test "orders are never rushed" {\n    fakes: {\n        ${script}\n    }\n`);
    const loaded = load(pasted); // projectOf throws on any diagnostic, test.fake_type included
    const entry = loaded.plan.find((e) => e.name === "orders are never rushed")!;
    for (const seed of [1, 2, 3, 99, 4096]) {
      const run = await loaded.run(entry, seed);
      expect(run.result.diagnostics.map((d) => d.rule)).toEqual(["test.assertion_failed"]);
    }
  });

  it("gives the same outcome on every run", async () => {
    const a = await sweep(LUCKY, "orders are never rushed", 5, 25);
    const b = await sweep(LUCKY, "orders are never rushed", 5, 25);
    expect({ ...a.result, duration_ms: 0 }).toEqual({ ...b.result, duration_ms: 0 });
  });
});

const WHEN = `test "bread is never rushed" {
    fakes: {
        ai.draft_order: [
            when { request: "cake" } => Order {
                lines: [Line { code: "po-123"  count: -5  note: none }]
                weight: 3.0
                priority: Priority.high
                rush: false
                label: "cakes"
            },
            generated
        ]
    }
    var bread: Order = attempt draft("bread")
    var cake: Order = attempt draft("cake")
    assert cake.rush == false
    assert bread.rush == false
}
`;

describe("a seed sweep of a test with when items", () => {
  it("gives every seed the same when items, and shrinks only the generated answer, printed in its item's place", async () => {
    const outcome = await sweep(WHEN, "bread is never rushed");
    const d = outcome.result.diagnostics[0];
    expect(d.rule).toBe("test.seed_dependent");
    // The `when` item is written as in the test (over its lines, moved under `fakes:`); `generated` is the shrunk answer.
    expect(d.details[1].text.split("\n").slice(1)).toEqual([
      "      ai.draft_order: [",
      '          when { request: "cake" } => Order {',
      '              lines: [Line { code: "po-123"  count: -5  note: none }]',
      "              weight: 3.0",
      "              priority: Priority.high",
      "              rush: false",
      '              label: "cakes"',
      "          },",
      '          Order { lines: [Line { code: "po-000"  count: -3  note: none }]  weight: 2.5  priority: Priority.low  rush: true  label: "aaa" }',
      "      ]",
    ]);
  });

  it("prints an entry that, pasted over the test's own, fails the test under any seed", async () => {
    const outcome = await sweep(WHEN, "bread is never rushed");
    const script = outcome.result.diagnostics[0].details[1].text.split("\n").slice(1).join("\n").trim();
    const entry = /ai\.draft_order: \[\n[^]*?\n {8}\]/.exec(WHEN)![0];
    const loaded = load(WHEN.replace(entry, script));
    const test = loaded.plan.find((e) => e.name === "bread is never rushed")!;
    for (const seed of [1, 2, 3, 99, 4096]) {
      const run = await loaded.run(test, seed);
      expect(run.result.diagnostics.map((d) => d.rule)).toEqual(["test.assertion_failed"]);
    }
  });
});
