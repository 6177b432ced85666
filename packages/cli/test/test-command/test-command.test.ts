// `jadpo test` end to end, on copies of the example app; whole stdout and
// exit codes compared.
import { beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "../support/build-cli.ts";
import { disposedAfterEach, fixture } from "../support/example.ts";
import { RunningJadpo } from "../support/jadpo.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { manyTests, Project, RECORDINGS, withoutDurations } from "./project.ts";
import { findAll, parseXml } from "./xml.ts";
import { pageBlock } from "../dev/page-blocks.ts";

const ACTIONS = "domains/support/actions/answer_customer.test.jadpo";
const EXAMPLE_SUMMARY = "24 action tests · 1 function test · 2 recording tests";

const example = disposedAfterEach(() => Project.example());
const lines = (text: string): string[] => text.trimEnd().split("\n");

beforeAll(() => buildCli());

describe("jadpo test, passing", () => {
  it("runs the example's tests and recordings and passes", async () => {
    const project = example();
    const run = await project.test();
    expect(run.stdout).toBe(`✓ 27 passed  ${EXAMPLE_SUMMARY}\n`);
    expect(run.code).toBe(0);
    // Run again with nothing changed: docs/testing.md's block, shown from the cache.
    expect(lines((await project.test()).stdout)).toEqual(pageBlock("docs/testing.md", "✓ 27 passed", "(cached:"));
  });

  it("prints an alert and its remedy for a recording made from an older prompt, and still passes", async () => {
    const project = example();
    const file = `${RECORDINGS}/not_covered.json`;
    project.write(file, project.read(file).replace("answer_question@b44ecc53", "answer_question@1a2b3c4d"));
    const run = await project.test();
    expect(run.stdout).toBe(
      "▲ alert  `answer_question`'s recording `not_covered` was made from an older prompt (1a2b3c4d, now b44ecc53): its answer may no longer be what the model says\n" +
      `✓ 27 passed  ${EXAMPLE_SUMMARY}\n` +
      // It remembers no fixture: the one that fits is offered for when no dev call can ask.
      "→ jadpo ai record answer_question --as not_covered  records it again from the prompt now (with no `jadpo dev` call to ask with, add `--fixture questions.sesame`)\n",
    );
    expect(run.code).toBe(0);
    expect(lines(run.stdout)).toEqual(pageBlock("docs/testing.md", "▲ alert  `answer_question`'s recording `not_covered`"));
  });
});

describe("jadpo test, failing", () => {
  it("fails the seed's undecodable \"yes\" recording with the seed's FAIL block", async () => {
    const project = example();
    const yes = fixture("seed-recording-yes.json").replace("answer_question@5f8642d0", "answer_question@b44ecc53");
    project.write(`${RECORDINGS}/sesame.json`, yes);
    const one = await project.test([`${RECORDINGS}/sesame.json:1`]);
    expect(one.stdout).toBe(fixture("seed-output-fail.txt"));
    expect(one.code).toBe(1);
    // The rest still runs.
    const all = await project.test();
    expect(all.stdout.split("\n").at(-2)).toBe(`test failed: 1 failed, 26 passed, ${EXAMPLE_SUMMARY}`);
    expect(all.code).toBe(1);
  });

  it("fails a recording whose folder names no prompt, and one that isn't an answer and a version", async () => {
    const project = example();
    project.write("domains/support/prompts/recordings/no_such_prompt/x.json", '{\n  "answer": true,\n  "version": "no_such_prompt@1a2b3c4d"\n}\n');
    project.write(`${RECORDINGS}/broken.json`, '{\n  "answer": true\n}\n');
    const run = await project.test(["domains/support/prompts"]);
    const decodes = run.stdout.split("\n").filter((line) => line.startsWith("  decode: "));
    expect(decodes).toEqual([
      "  decode: `answer_question`'s recording `broken` doesn't decode: it has no `version`",
      "  decode: `no_such_prompt`'s recording `x` doesn't decode: no prompt `no_such_prompt` is declared beside its `recordings/` folder",
    ]);
    expect(run.stdout.split("\n").at(-2)).toBe("test failed: 2 failed, 2 passed, 4 recording tests");
  });

  it("prints assertion_failed with what it got and expected, located at the statement, rerun at the declaration", async () => {
    const project = example();
    project.write("domains/support/functions/wrong.jadpotest", 'test "greets in French" {\n    var g: Greeting = greeting(Locale.fr_fr)\n    assert g == "Hello"\n}\n');
    const run = await project.test(["domains/support/functions", "--seed", "5"]);
    expect(run.stdout).toBe([
      "FAIL  greets in French --> domains/support/functions/wrong.jadpotest:3",
      '  assert: g == "Hello"',
      '  got: "Bonjour"',
      '  expected: "Hello"',
      "  reason: A test passes only when every assertion holds.",
      "  next: Fix the code under test, or the assertion if it is wrong (agent)",
      "  rule: test.assertion_failed",
      "  rerun: jadpo test domains/support/functions/wrong.jadpotest:1 --seed 5",
      "test failed: 1 failed, 1 passed, 2 function tests",
      "",
    ].join("\n"));
    expect(run.code).toBe(1);
  });

  it("prints unexpected_failure and expected_failure, FAIL blocks separated by a blank line", async () => {
    const project = example();
    project.write("domains/support/actions/more.test.jadpo", [
      "use support/types { SupportAnswer }",
      "use support/failures { AssistantUnavailable }",
      "",
      'test "refused but attempted" {',
      "    fakes: {",
      "        ai.answer_question: [refused]",
      "    }",
      '    var reply: SupportAnswer = attempt answer_customer("Sesame?")',
      "}",
      "",
      'test "answered but expected to fail" {',
      "    fakes: {",
      '        ai.answer_question: [SupportAnswer { resolved_by_articles: true  reply: "Yes." }]',
      "    }",
      '    assert answer_customer("Sesame?") fails AssistantUnavailable',
      "}",
      "",
    ].join("\n"));
    const run = await project.test(["domains/support/actions/more.test.jadpo"]);
    const blocks = run.stdout.split("\n\n");
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatch(/^FAIL {2}refused but attempted --> domains\/support\/actions\/more\.test\.jadpo:8\n/);
    expect(blocks[0]).toContain("\n  rule: test.unexpected_failure\n  rerun: jadpo test domains/support/actions/more.test.jadpo:4 --seed 1");
    expect(blocks[1]).toMatch(/^FAIL {2}answered but expected to fail --> domains\/support\/actions\/more\.test\.jadpo:15\n/);
    expect(blocks[1]).toContain("\n  expected: fails AssistantUnavailable\n  got: success\n");
    expect(blocks[1]).toContain("\n  rule: test.expected_failure\n  rerun: jadpo test domains/support/actions/more.test.jadpo:11 --seed 1\n");
    expect(blocks[1].endsWith("test failed: 2 failed, 2 action tests\n")).toBe(true);
    expect(run.code).toBe(1);
  });

  it("stops on compile errors: the diagnostics, then how many", async () => {
    const project = example();
    project.write("domains/support/functions/broken.jadpotest", 'test "a" {\n    assert no_such_name == 1\n}\n');
    const one = await project.test();
    expect(one.stdout).toMatch(/^error: .* --> domains\/support\/functions\/broken\.jadpotest:2:12\n/);
    expect(one.stdout.endsWith("\ntest failed: 1 compile error\n")).toBe(true);
    expect(one.code).toBe(1);
    project.write("domains/support/functions/broken2.jadpotest", 'test "b" {\n    assert other_name == 1\n}\n');
    const two = await project.test();
    expect(two.stdout.endsWith("\ntest failed: 2 compile errors\n")).toBe(true);
    expect(two.stdout.split("\n\n")).toHaveLength(2);
  });

  it("fails with test.no_tests when nothing is selected", async () => {
    const project = example();
    const run = await project.test(["domains/support/types.jadpo"]);
    expect(run.stdout).toBe([
      "error: No tests found in `domains/support/types.jadpo`",
      "  reason: A test run that runs nothing proves nothing, so it fails.",
      "  next: Write a `test` in a `*.jadpotest` or `*.test.jadpo` file, or check the path (agent)",
      "  rule: test.no_tests",
      "",
    ].join("\n"));
    expect(run.code).toBe(1);
  });

  it("says what to do about a name filter that matches none, and a line in no test", async () => {
    const project = example();
    const named = await project.test(["-t", "zebra"]);
    expect(named.stdout).toContain("  next: No selected test's name matches: `-t` keeps names containing the text, or matching a `/regex/flags`; `--reporter verbose` lists every name (agent)\n");
    const file = "domains/support/functions/greeting.jadpotest";
    const starts = [...project.read(file).matchAll(/^test /gm)].map((m) => project.read(file).slice(0, m.index).split("\n").length);
    const past = await project.test([`${file}:999`]);
    expect(past.stdout).toContain(`error: No tests found in \`${file}:999\`\n`);
    expect(past.stdout).toContain(`  next: Line 999 of \`${file}\` is in no test: its tests start on lines ${starts.join(", ")} (agent)\n`);
    expect(past.code).toBe(1);
  });
});

describe("jadpo test, selection, seeds and usage", () => {
  it("runs the test whose declaration covers file:line, with paths relative to the current directory", async () => {
    const project = example();
    const names = async (args: string[], cwd?: string) =>
      JSON.parse((await project.test([...args, "--reporter", "json"], {}, cwd)).stdout).tests.map((t: { name: string }) => t.name);
    expect(await names([`${ACTIONS}:26`])).toEqual(["an answer that doesn't decode is corrected once"]);
    expect(await names(["answer_customer.test.jadpo:6"], join(project.root, "domains/support/actions"))).toEqual(["a question the model answers"]);
    expect(await names(["domains/support/functions", `${RECORDINGS}/sesame.json:1`])).toEqual([
      "each locale is greeted in its own language", "answer_question's sesame recording decodes",
    ]);
  });

  it("reports files relative to the current directory, and reruns from there", async () => {
    const project = example();
    project.write("domains/support/functions/wrong.jadpotest", 'test "w" {\n    assert greeting(Locale.en_gb) == "Bonjour"\n}\n');
    const run = await project.test(["wrong.jadpotest"], {}, join(project.root, "domains/support/functions"));
    expect(run.stdout.split("\n")[0]).toBe("FAIL  w --> wrong.jadpotest:2");
    expect(run.stdout).toContain("\n  rerun: jadpo test wrong.jadpotest:1 --seed 1\n");
  });

  it("gives random.int the same values for a seed, and other values for another seed", async () => {
    const project = example();
    project.write("domains/support/functions/dice.jadpotest", 'test "dice" {\n    var n: Int = random.int(1, 1000000000)\n    assert n == 0\n}\n');
    const got = async (seed: string) => {
      const run = await project.test(["domains/support/functions/dice.jadpotest", "--seed", seed]);
      return run.stdout.split("\n").find((line) => line.startsWith("  got: "));
    };
    const first = await got("1");
    expect(first).toMatch(/^ {2}got: [0-9]+$/);
    expect(await got("1")).toBe(first);
    expect(await got("2")).not.toBe(first);
  });

  it("refuses a bad seed, shard or reporter as a usage error", async () => {
    const project = example();
    const cases: [string[], string][] = [
      [["--seed", "abc"], "`--seed` takes a whole number, 0 or more, not `abc`"],
      [["--shard", "4/3"], "`--shard` takes i/n with 1 ≤ i ≤ n, not `4/3`"],
      [["--shard", "x"], "`--shard` takes i/n with 1 ≤ i ≤ n, not `x`"],
      [["--reporter", "xml"], "`--reporter` takes pretty, plain, verbose, json or junit, not `xml`"],
      [["--workers", "0"], "`--workers` takes a whole number, 1 or more, not `0`"],
    ];
    for (const [args, summary] of cases) {
      const run = await project.test(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr.split("\n")[0], args.join(" ")).toBe(`error: ${summary}`);
      expect(run.stderr, args.join(" ")).toContain("rule: cli.bad_option");
      expect(run.stdout, args.join(" ")).toBe("");
    }
  });

  it("refuses a report file it can't write, and paths outside the project or before line 1", async () => {
    const project = example();
    const cases: [string[], string, string][] = [
      // Missing folders are created; a folder can't be made under a file.
      [["--output", "app.jadpo/report.txt"], "error: The report can't be written to `app.jadpo/report.txt`", "cli.output_unwritable"],
      [[".", ".."], "error: `..` is not in the project at `.`", "cli.path_outside_project"],
      [["domains/support/functions/greeting.jadpotest:0"], "error: `domains/support/functions/greeting.jadpotest:0` names line 0; lines start at 1", "cli.bad_line"],
      [["nowhere.jadpotest"], "error: There is no file or folder `nowhere.jadpotest`", "cli.path_not_found"],
    ];
    for (const [args, start, rule] of cases) {
      const run = await project.test(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr.startsWith(start), `${args.join(" ")}: ${run.stderr}`).toBe(true);
      expect(run.stderr, args.join(" ")).toContain(`rule: ${rule}`);
    }
  });

  it("writes the report to --output instead of standard output", async () => {
    const project = example();
    const run = await project.test(["--reporter", "json", "--output", "report.json"]);
    expect(run.stdout).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(project.read("report.json")).summary).toMatchObject({ passed: 27, failed: 0 });
  });
});

describe("jadpo test, reporters, workers and shards", () => {
  it("prints the same json for 1 or 2 workers and on every run with the same seed", () => {
    const project = example();
    // Busy tests, so a second thread is worth starting (the runner starts one only then).
    manyTests(project, 150, 50, true);
    // Without the cache: each run computes its report (a cached one would repeat the first).
    const off = { JADPO_CACHE: "off" };
    const one = project.testBinary(["--reporter", "json", "--workers", "1"], off);
    const two = project.testBinary(["--reporter", "json", "--workers", "2"], off);
    const again = project.testBinary(["--reporter", "json", "--workers", "2"], off);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout).tests).toHaveLength(177);
    expect(withoutDurations(two.stdout)).toBe(withoutDurations(one.stdout));
    expect(withoutDurations(again.stdout)).toBe(withoutDurations(two.stdout));
  });

  it("covers every test exactly once with shards 1/3, 2/3 and 3/3", async () => {
    const project = example();
    manyTests(project, 40, 20);
    const key = (t: { file: string; name: string }) => `${t.file}\u0000${t.name}`;
    const all = JSON.parse((await project.test(["--reporter", "json"])).stdout).tests.map(key);
    const shards: string[][] = [];
    for (const shard of ["1/3", "2/3", "3/3"]) shards.push(JSON.parse((await project.test(["--reporter", "json", "--shard", shard])).stdout).tests.map(key));
    expect(shards.every((tests) => tests.length > 0)).toBe(true);
    expect(shards.flat()).toEqual(all);
    expect(new Set(shards.flat()).size).toBe(all.length);
  });

  it("writes junit XML: a suite per file, a testcase per test, failures with the FAIL text", async () => {
    const project = example();
    project.write("domains/support/functions/wrong.jadpotest", 'test "w <&> \\"q\\"" {\n    assert greeting(Locale.en_gb) == "Bonjour"\n}\n');
    const run = await project.test(["--reporter", "junit", "--output", "junit.xml"]);
    expect(run.code).toBe(1);
    const root = parseXml(readFileSync(join(project.root, "junit.xml"), "utf8"));
    const suites = findAll(root, "testsuite");
    expect(suites.map((suite) => suite.attributes.name)).toEqual([
      ACTIONS, "domains/support/actions/answer_customer_order.test.jadpo", "domains/support/actions/answer_network.test.jadpo",
      "domains/support/actions/nearest_article.test.jadpo",
      "domains/support/functions/greeting.jadpotest", "domains/support/functions/wrong.jadpotest",
      `${RECORDINGS}/not_covered.json`, `${RECORDINGS}/sesame.json`,
    ]);
    const cases = findAll(root, "testcase");
    expect(cases).toHaveLength(28);
    const failing = cases.find((c) => c.attributes.name === 'w <&> "q"');
    expect(failing?.attributes).toMatchObject({ file: "domains/support/functions/wrong.jadpotest", line: "1" });
    const failure = findAll(failing!, "failure")[0];
    expect(failure.attributes.type).toBe("test.assertion_failed");
    expect(failure.text.split("\n")[0]).toBe('FAIL  w <&> "q" --> domains/support/functions/wrong.jadpotest:2');
    expect(failure.text).toContain("  rerun: jadpo test domains/support/functions/wrong.jadpotest:1 --seed 1");
  });
});

describe("jadpo test --watch", () => {
  it("runs again when a test file changes: a new file's tests alone, everything when a file is removed", async () => {
    const project = example();
    const watching = new RunningJadpo(["test", "--watch"], { cwd: project.root });
    try {
      await watching.waitFor(/^watching · 27 tests run$/m);
      expect(watching.stdout).toMatch(/^✓ 27 passed {2}.*\nwatching · 27 tests run\n$/);
      project.write("domains/support/functions/w.jadpotest", 'test "w" {\n    assert greeting(Locale.en_gb) == "Bonjour"\n}\n');
      await watching.waitFor(/^watching · changed domains\/support\/functions\/w\.jadpotest · 1 test rerun$/m);
      expect(watching.stdout).toContain("\ntest failed: 1 failed, 1 function test\n");
      project.remove("domains/support/functions/w.jadpotest");
      await watching.waitFor(/^watching · changed domains\/support\/functions\/w\.jadpotest · 27 tests rerun$/m);
      expect(watching.stdout).toContain("\nFAIL  w --> domains/support/functions/w.jadpotest:2\n");
    } finally {
      await watching.stop();
    }
  });
});
