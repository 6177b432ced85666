// Loud script misuse, end to end: a script that runs out and one with items
// left each fail their test with the whole diagnostic block.
import { afterAll, beforeAll, expect, it } from "vitest";
import { Project } from "./project.ts";

const FILE = "domains/support/actions/scripts.test.jadpo";
let project: Project;

beforeAll(() => {
  project = Project.example().write(
    FILE,
    `use support/types { SupportAnswer }

test "an empty script is used up by the first call" {
    fakes: {
        ai.answer_question: []
    }
    var reply: SupportAnswer = attempt answer_customer("Sesame?")
}

test "a script longer than the calls leaves items unused" {
    fakes: {
        ai.answer_question: [
            SupportAnswer { resolved_by_articles: true  reply: "Yes." },
            refused
        ]
    }
    var reply: SupportAnswer = attempt answer_customer("Sesame?")
    assert reply.reply == "Yes."
}
`,
  );
});

afterAll(() => project.dispose());

it("prints test.fakes_exhausted and test.fakes_unused in full", async () => {
  const run = await project.test([FILE, "--seed", "4"]);
  expect(run.stdout).toBe(`FAIL  an empty script is used up by the first call --> ${FILE}:7
  fakes: \`ai.answer_question\` scripted 0 answers; attempt 1 has none
  reason: Each scripted item answers one attempt, so a script that runs out is loud rather than silently generating values.
  next: Add an item to the script for each attempt, or remove the script (agent)
  rule: test.fakes_exhausted
  rerun: jadpo test ${FILE}:3 --seed 4

FAIL  a script longer than the calls leaves items unused --> ${FILE}:14
  fakes: \`ai.answer_question\` scripted 2 answers; 1 was used
  reason: Every scripted item answers one attempt, so an unused one means the code asked less often than the test thinks.
  next: Remove the unused items, or check why the code asked less (agent)
  rule: test.fakes_unused
  rerun: jadpo test ${FILE}:10 --seed 4
test failed: 2 failed, 2 action tests
`);
  expect(run.code).toBe(1);
});
