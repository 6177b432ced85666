// The bench's tool-loop scenario as Jadpo tests of the support example: each test's model calls
// the example's tool `look_up_order` three times, one call per step (an order that is ready, one
// that doesn't exist so its failure goes back, one that is baking), then answers: 4 steps. Beside
// it, the same test with a model that answers at once (1 step), so a step can be priced against a
// single-call test of the same prompt and action.
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PER_FILE, repo } from "./common.ts";

export type ToolScenario = "tool-loop" | "one-step";

/** Steps each test of a scenario takes. */
export const STEPS: Record<ToolScenario, number> = { "tool-loop": 4, "one-step": 1 };

export function toolTest(scenario: ToolScenario, i: number): string {
  const answer = `OrderAnswer { order_found: true  reply: "Answer ${i}." }`;
  const items = scenario === "one-step"
    ? answer
    : `
            call look_up_order(OrderLookup { code: "BRD-1042" }),
            call look_up_order(OrderLookup { code: "XYZ-${String(i % 10_000).padStart(4, "0")}" }),
            call look_up_order(OrderLookup { code: "CKE-2210" }),
            ${answer}
        `;
  return `test "${scenario} ${i}" {
    fakes: {
        ai.answer_order_question: [${items}]
    }
    var answer: OrderAnswer = attempt answer_customer_order("Question ${i}?")
    assert answer.reply == "Answer ${i}."
    assert ai.answer_order_question.steps == ${STEPS[scenario]}
}
`;
}

const HEADER = `use support/types { OrderAnswer, OrderLookup }

`;

/** The generated test files of a scenario, by path under the project's root. */
export function toolTestFiles(scenario: ToolScenario, count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let file = 0; file * PER_FILE < count; file++) {
    const tests: string[] = [];
    for (let i = file * PER_FILE; i < Math.min(count, (file + 1) * PER_FILE); i++) tests.push(toolTest(scenario, i));
    files[`domains/support/actions/bench_${String(file).padStart(3, "0")}.test.jadpo`] = HEADER + tests.join("\n");
  }
  return files;
}

/** Writes the support example with `count` generated tests of `scenario` into `root`. */
export function writeToolProject(root: string, scenario: ToolScenario, count: number): void {
  cpSync(join(repo, "examples/support"), root, { recursive: true });
  mkdirSync(join(root, "domains/support/actions"), { recursive: true });
  for (const [path, text] of Object.entries(toolTestFiles(scenario, count))) writeFileSync(join(root, path), text);
}
