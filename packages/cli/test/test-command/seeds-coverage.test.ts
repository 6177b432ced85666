// `--seeds A..B` and `--coverage` end to end (docs/seeds-and-coverage.md): a test
// that passes by luck fails with `test.seed_dependent` and a shrunk script that, pasted in, makes it
// fail under any seed; coverage marks each outcome of each AI call site; output is the same for
// any worker count and a shard reports its own part.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "../support/build-cli.ts";
import { manyTests, Project } from "./project.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pageBlock } from "../dev/page-blocks.ts";
import { repo } from "../support/jadpo.ts";

const PAGE = "docs/seeds-and-coverage.md";

const TESTS = "domains/support/actions/answer_customer.test.jadpo";
const LUCK = "domains/support/actions/luck.test.jadpo";
const TALK = "domains/support/actions/talk.jadpo";

const LUCK_TESTS = `use support/types { SupportAnswer }
use support/fixtures { questions }

test "an unscripted answer is passed on" {
    var reply: SupportAnswer = attempt answer_customer(questions.asked("Is the rye loaf made with seeds?"))
    assert reply.resolved_by_articles == false
}

test "any answer has a reply" {
    var reply: SupportAnswer = attempt answer_customer(questions.asked("Is the rye loaf made with seeds?"))
    assert text.length(reply.reply) >= 1
}
`;

const SCRIPT = "ai.answer_question: [SupportAnswer { resolved_by_articles: true  reply: \"a\" }]";

beforeAll(() => buildCli());

describe("--seeds", () => {
  let project: Project;
  beforeAll(() => {
    project = Project.example().write(LUCK, LUCK_TESTS);
  });
  afterAll(() => project.dispose());

  it("fails a test that passes by luck with test.seed_dependent and the shrunk script; a test that holds for every answer passes", async () => {
    const run = await project.test([LUCK, "--seeds", "1..40"]);
    expect(run.stdout).toBe(`FAIL  an unscripted answer is passed on --> ${LUCK}:6
  seeds: failed under 16 of 40 seeds (1, 3, 5, 8, 9, …)
  fakes: the simplest generated answers that still fail (seed 1):
      ${SCRIPT}
  assert: reply.resolved_by_articles == false
  got: true
  expected: false
  reason: A test that passes only for some valid answers passes by luck; the seed decides which answer it gets.
  next: Script the answer the test depends on, or assert only what holds for every valid answer (agent)
  rule: test.seed_dependent
  rerun: jadpo test ${LUCK}:4 --seed 1
test failed: 1 failed, 1 passed, 2 action tests under 40 seeds
`);
    expect(run.code).toBe(1);
  });

  it("the printed script, pasted into the test, makes it fail under any seed", async () => {
    const scripted = LUCK_TESTS.replace(
      'test "an unscripted answer is passed on" {\n',
      `test "an unscripted answer is passed on" {\n    fakes: {\n        ${SCRIPT}\n    }\n`,
    );
    const copy = Project.example().write(LUCK, scripted);
    try {
      for (const seed of ["1", "6", "7", "123456"]) {
        const run = await copy.test([`${LUCK}:4`, "--seed", seed]);
        expect(run.stdout).toContain("rule: test.assertion_failed");
        expect(run.code).toBe(1);
      }
      const sweep = await copy.test([`${LUCK}:4`, "--seeds", "1..40"]);
      expect(sweep.stdout).toContain("  seeds: failed under all 40 seeds\n");
      expect(sweep.stdout).toContain("rule: test.assertion_failed");
      expect(sweep.stdout).toContain("test failed: 1 failed, 1 action test under 40 seeds\n");
    } finally {
      copy.dispose();
    }
  });

  it("passes the example under every seed", async () => {
    const run = await project.test([TESTS, "--seeds", "1..40"]);
    expect(run.stdout).toBe("✓ 7 passed  7 action tests under 40 seeds\n");
    expect(run.code).toBe(0);
  });

  it("passes the example's unscripted tool test under 1,000 seeds: the tool is called with valid arguments under each", async () => {
    const run = await project.test(["domains/support/actions/answer_customer_order.test.jadpo", "-t", "a question with no script", "--seeds", "1..1000"]);
    expect(run.stdout).toBe("✓ 1 passed  1 action test under 1000 seeds\n");
    expect(run.code).toBe(0);
  });

  it("refuses a range it can't read, or one over 10,000 seeds", async () => {
    for (const bad of ["7", "9..3", "1..10001", "a..b"]) {
      const run = await project.test(["--seeds", bad]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("rule: cli.bad_option");
      expect(run.stderr).toContain("--seeds");
    }
  });
});

const TALK_SOURCE = `prompt small_talk(topic: Text) {
    text: "Chat about {topic}"
}

action talk(topic: Text) -> StreamedText {
    return ai.stream(SmallTalk { topic: topic })
}

action vector_of(text: Text) fails AiRefused, AiTimedOut, AiOverBudget, AiTooLong -> Embedding {
    return attempt ai.embed(text)
}
`;

const TALK_TESTS = `test "a chat streams" {
    var s = talk("bread")
    assert s.stopped == StreamStop.finished
}

test "an embedding can be refused" {
    fakes: {
        ai.embed: [refused]
    }
    assert vector_of("bread") fails AiRefused
}
`;

const EXAMPLE_SITE = `  domains/support/actions/answer_customer.jadpo:10  ai.generate answer_question as SupportAnswer
    ✓ success  ✓ corrected  ✓ refused  ✓ timed_out  ✓ over_budget  ✓ too_long  ✓ unreadable  ✓ retried
  domains/support/actions/answer_customer_order.jadpo:11  ai.generate answer_order_question as OrderAnswer
    ✓ success  ✓ corrected  ✓ refused  ✓ timed_out  ✓ over_budget  ✓ too_long  ✓ unreadable  ✓ retried
    ✓ loop_limit  ✓ called look_up_order  ✓ look_up_order failed  ✓ bad call
  domains/support/actions/nearest_article.jadpo:23  ai.embed
    ✓ success  ✓ refused  ✓ timed_out  ✓ over_budget  ✓ too_long  ✓ retried`;

describe("--coverage", () => {
  let project: Project;
  beforeAll(() => {
    project = Project.example().write(TALK, TALK_SOURCE).write("domains/support/actions/talk.test.jadpo", TALK_TESTS);
  });
  afterAll(() => project.dispose());

  it("marks every outcome of the example's AI calls as reached by its tests, a tool prompt's loop outcomes on a line of their own", async () => {
    const example = Project.example();
    try {
      const run = await example.test(["--coverage"]);
      expect(run.stdout).toBe(`✓ 27 passed  24 action tests · 1 function test · 2 recording tests
AI outcomes reached by these tests
${EXAMPLE_SITE}
✓ 26 of 26 AI outcomes reached
`);
      expect(run.code).toBe(0);
    } finally {
      example.dispose();
    }
  });

  it("shows ✗ for each outcome no test reached, and fails below --coverage-min with test.coverage_below", async () => {
    const run = await project.test(["--coverage-min", "90"]);
    expect(run.stdout).toBe(`✓ 29 passed  26 action tests · 1 function test · 2 recording tests
AI outcomes reached by these tests
${EXAMPLE_SITE}
  domains/support/actions/talk.jadpo:6  ai.stream small_talk
    ✓ finished  ✗ timed_out  ✗ refused  ✗ too_long  ✗ over_budget  ✗ retried
  domains/support/actions/talk.jadpo:10  ai.embed
    ✗ success  ✓ refused  ✗ timed_out  ✗ over_budget  ✗ too_long  ✗ retried
▲ 28 of 38 AI outcomes reached
error: The tests reached 28 of 38 AI outcomes (73.68%), below \`--coverage-min 90\`
  reason: Every AI call can succeed, need a correction or fail several ways; an outcome no test drives is handling no test checks.
  next: Script the outcomes marked ✗ in a test of the call's code, or lower \`--coverage-min\` (agent)
  rule: test.coverage_below
`);
    expect(run.code).toBe(1);
    // docs/seeds-and-coverage.md shows the section and the error, this project's.
    const shown = [...pageBlock(PAGE, "AI outcomes reached by these tests", "talk.jadpo"), ...pageBlock(PAGE, "error: The tests reached")];
    expect(run.stdout.trimEnd().split("\n").slice(1)).toEqual(shown);
    expect((await project.test(["--coverage-min", "50"])).code).toBe(0);
  });

  it("puts coverage in the json report", async () => {
    const object = JSON.parse((await project.test(["--coverage", "--reporter", "json"])).stdout);
    expect(Object.keys(object)).toEqual(["schemaVersion", "command", "status", "seed", "summary", "tests", "alerts", "diagnostics", "coverage"]);
    expect(object.coverage).toEqual([
      {
        file: "domains/support/actions/answer_customer.jadpo", line: 10, call: "ai.generate", prompt: "answer_question", as: "SupportAnswer",
        outcomes: { success: 6, corrected: 1, refused: 2, timed_out: 2, over_budget: 1, too_long: 1, unreadable: 1, retried: 2 },
      },
      {
        file: "domains/support/actions/answer_customer_order.jadpo", line: 11, call: "ai.generate", prompt: "answer_order_question", as: "OrderAnswer",
        outcomes: {
          success: 5, corrected: 1, refused: 1, timed_out: 1, over_budget: 1, too_long: 1, unreadable: 1, retried: 1,
          loop_limit: 1, "called look_up_order": 9, "look_up_order failed": 2, "bad call": 1,
        },
      },
      {
        file: "domains/support/actions/nearest_article.jadpo", line: 23, call: "ai.embed", prompt: null, as: null,
        outcomes: { success: 24, refused: 1, timed_out: 1, over_budget: 1, too_long: 1, retried: 1 },
      },
      { file: TALK, line: 6, call: "ai.stream", prompt: "small_talk", as: null, outcomes: { finished: 1, timed_out: 0, refused: 0, too_long: 0, over_budget: 0, retried: 0 } },
      { file: TALK, line: 10, call: "ai.embed", prompt: null, as: null, outcomes: { success: 0, refused: 1, timed_out: 0, over_budget: 0, too_long: 0, retried: 0 } },
    ]);
    // docs/seeds-and-coverage.md's json blocks: the report's first object, then its second.
    const [first, second] = [...readFileSync(join(repo, PAGE), "utf8").matchAll(/```json\n(.*)\n```/g)].map((m) => JSON.parse(m[1]));
    expect([first.coverage, second]).toEqual([object.coverage.slice(0, 1), object.coverage[1]]);
  });

  it("reports a shard's own part", async () => {
    const first = (await project.test(["--coverage", "--shard", "1/2"])).stdout;
    const second = (await project.test(["--coverage", "--shard", "2/2"])).stdout;
    // The example's answer_customer tests and seven of answer_customer_order's are in the first half; its last (retried), the network
    // ones, the retrieval ones and the chat's in the second.
    expect(first).toContain("✓ 14 passed  14 action tests\n");
    expect(first).toContain("✓ success  ✓ corrected  ✓ refused");
    expect(first).toContain("✗ finished");
    expect(second).toContain("✓ success  ✗ corrected  ✗ refused");
    expect(second).toContain("✓ finished");
  });
});

describe("worker count", () => {
  let project: Project;
  beforeAll(() => {
    project = Project.example().write(LUCK, LUCK_TESTS);
    manyTests(project, 100, 50, true);
  });
  afterAll(() => project.dispose());

  it("gives byte-identical output for --workers 1 and the default, with --seeds and --coverage", () => {
    const args = ["--seeds", "1..4", "--coverage"];
    const one = project.testBinary([...args, "--workers", "1"]);
    const many = project.testBinary([...args, "--workers", "4"]);
    const byDefault = project.testBinary(args);
    expect(one.stdout).toContain("rule: test.seed_dependent");
    expect(one.stdout).toContain("under 4 seeds\n");
    expect(many.stdout).toBe(one.stdout);
    expect(byDefault.stdout).toBe(one.stdout);
    // Three runs of 5,000 test runs each: CPU-bound, several times slower on two busy cores.
  }, 240_000);
});
